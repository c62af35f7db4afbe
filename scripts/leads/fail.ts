/** How a `npm run leads` command stops early: fail() with a message that runLeads writes. */
import { escapeTerminal } from "../../src/shared/escape.ts";

/** What fail() throws: runLeads writes the message (to stderr unless the code is 0) and answers the code. */
export class Exit extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** Ends the command: runLeads writes the message, to stderr unless the code is 0, and answers the code. */
export function fail(message: string, code = 1): never {
  throw new Exit(message, code);
}

/** A message with each value in it (an id, a name, an error) shown as a terminal can show it safely. */
export const shown = (text: TemplateStringsArray, ...values: unknown[]) =>
  text.reduce((out, part, i) => out + escapeTerminal(String(values[i - 1])) + part);
