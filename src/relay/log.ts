/**
 * Where the relay's lines go by default: the terminal, or the host's log
 * (journald, Workers' logs), one line each. A line can carry what a request
 * or Telegram put in it (an Origin header, an error's text), so control,
 * C1 and bidi characters and line breaks are shown as escapes: nothing in a
 * line can move the cursor, recolour the terminal or forge a line of its own.
 */
import { escapeTerminal } from "../shared/escape.ts";

export const logLine = (message: string): void => console.log(escapeTerminal(message));
