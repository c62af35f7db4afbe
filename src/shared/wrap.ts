/**
 * Text for an 80-column terminal: what the build, the servers and the scripts print is wrapped at
 * word boundaries, so a message reads as lines, not as one line the terminal cuts anywhere.
 */

/** The width every command's output fits by default. */
export const COLUMNS = 80;

/**
 * Each line of `text` wrapped at spaces to `width` characters; lines after the first of a wrapped
 * line start with `indent`. A word longer than the room (an address, a path) stays whole on a line
 * of its own, since cutting it would break a copy and paste.
 */
export function wrap(text: string, { width = COLUMNS, indent = "  " } = {}): string {
  return text
    .split("\n")
    .map((line) => wrapLine(line, width, indent))
    .join("\n");
}

function wrapLine(line: string, width: number, indent: string): string {
  if ([...line].length <= width) return line;
  // A line's own leading spaces are kept, and its continuation lines are indented further.
  const lead = /^ */.exec(line)![0];
  const words = line.slice(lead.length).split(/ +/);
  const out: string[] = [];
  let current = lead;
  let start = lead;
  for (const word of words) {
    if (current.trim() && [...current].length + 1 + [...word].length > width) {
      out.push(current);
      start = lead + indent;
      current = start + word;
    } else current = current.trim() ? `${current} ${word}` : start + word;
  }
  out.push(current);
  return out.join("\n");
}
