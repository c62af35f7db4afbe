/** Where a `npm run leads` command writes, and the shapes it writes in: lines and a table. */
import { textTable } from "../../src/relay/owner/report-text.ts";
import type { ScriptIo } from "../script-io.ts";

export interface Output {
  /** One line of output. */
  print(line: string): void;
  /** One line the owner must not miss, apart from the output a script may read. */
  warn(line: string): void;
  /** The output itself, for what is not lines (the CSV) and whether it is a terminal. */
  stdout: ScriptIo["stdout"];
}

export function output({ stdout, stderr }: ScriptIo): Output {
  return {
    print: (line) => void stdout.write(`${line}\n`),
    warn: (line) => void stderr.write(`${line}\n`),
    stdout,
  };
}

/** Each cell on one line, with its controls and bidirectional marks shown as escapes, so columns line up. */
export function table(print: (line: string) => void, rows: Record<string, string>[]) {
  const keys = Object.keys(rows[0]);
  for (const line of textTable(
    keys,
    rows.map((r) => keys.map((k) => r[k])),
  ))
    print(line);
}

/** A cell cut to `most` characters, ending in "…", so one long value keeps the table in 80 columns. */
export const cut = (text: string, most: number) =>
  [...text].length > most ? `${[...text].slice(0, most - 1).join("")}…` : text;
