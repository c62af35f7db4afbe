/**
 * The project's escapers, one per place text is shown:
 * - escapeMarkup: text made safe to put inside HTML or XML, in element content
 *   or a quoted attribute: & < > " ' become numeric character references. The
 *   one escaper for markup written as strings (React escapes what it renders itself).
 * - escapeTerminal: text made safe to print to a terminal (the owner's
 *   `npm run leads`): what a terminal would act on instead of showing is shown
 *   as a visible escape.
 */
export const escapeMarkup = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * What a terminal acts on or that reorders what it shows: the C0 controls
 * (ESC starts colour, cursor and screen-clearing sequences and OSC 8 links; BEL
 * ends an OSC; CR rewrites the line), DEL, the C1 controls (U+009B is a
 * one-byte CSI, U+009D a one-byte OSC), and the bidirectional marks, embeddings,
 * overrides and isolates, which make a line read in another order than its bytes,
 * and the line and paragraph separators, which some terminals and viewers break a line at.
 */
const TERMINAL_UNSAFE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2028\u2029\u2066-\u2069]/g;
const TERMINAL_UNSAFE_BUT_NEWLINE =
  // eslint-disable-next-line no-control-regex -- the same, but for \n
  /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2028\u2029\u2066-\u2069]/g;
const NAMED: Record<string, string> = { "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/**
 * Text with every character of TERMINAL_UNSAFE shown as an escape a person can
 * read: `\t`, `\n`, `\r`, `\x1b` (C0, DEL, C1) or `\u202e` (the rest). Line
 * breaks stay with `keepNewlines` (a multi-line message); a table cell or a
 * one-line field escapes them too, so no value can forge a line. A backslash
 * is left as it is: a visitor who typed `\x1b` is shown just that, harmlessly.
 */
export function escapeTerminal(
  text: string,
  { keepNewlines = false }: { keepNewlines?: boolean } = {},
): string {
  return text.replace(keepNewlines ? TERMINAL_UNSAFE_BUT_NEWLINE : TERMINAL_UNSAFE, (c) => {
    const code = c.charCodeAt(0);
    return (
      NAMED[c] ??
      (code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`)
    );
  });
}

/**
 * JSON text with every character of TERMINAL_UNSAFE but its own line breaks written as a \uXXXX escape: the
 * same JSON to any reader, and nothing a terminal would act on (JSON.stringify escapes only the C0 controls).
 */
export function escapeJsonForTerminal(json: string): string {
  // Its own line breaks are JSON's whitespace; inside a string JSON.stringify has escaped them already.
  return json.replace(
    TERMINAL_UNSAFE_BUT_NEWLINE,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
