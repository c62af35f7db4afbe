/**
 * A YAML syntax mistake as one problem per file, at the line the editor changed, in plain words
 * with what to do. The parsers word it their way and pile up: one line indented two spaces too
 * far gave 14 to 17 of `yaml`'s errors ("Sequence item without - indicator", "All mapping items
 * must start at the same column" ×13), the first at the line above the one changed; a sentence
 * with a colon gave "Nested mappings are not allowed in compact mappings".
 *
 * js-yaml's mark is the line the editor changed, where `yaml` often names the one above; `yaml`
 * words a missing quote and a repeated field better, and is asked for those.
 */
import type { YAMLException } from "js-yaml";
import type { ContentProblem } from "./problems.ts";
import type { Parsed } from "./read-file.ts";

export function syntaxProblem(p: Parsed, error: YAMLException): ContentProblem {
  const problem = (line: number, message: string): ContentProblem => ({
    file: p.rel,
    line,
    entry: "",
    field: "",
    message: `YAML syntax: ${message}`,
  });
  const lines = p.text.split(/\r?\n/);
  const first = p.doc.errors[0];
  const firstLine = first && p.lines.linePos(first.pos[0]).line;
  if (first?.code === "MISSING_CHAR" && /quote/.test(first.message))
    return problem(firstLine, 'Missing closing "quote: end the text with the quote mark it starts with');
  if (first?.code === "DUPLICATE_KEY") {
    const key = /^\s*(?:- )?([^:#]+):/.exec(lines[firstLine - 1] ?? "")?.[1]?.trim();
    return problem(
      firstLine,
      `${key ? `"${key}" is` : "a field is"} written twice in the same group: keep one`,
    );
  }
  const at = error.mark.line + 1;
  const line = lines[at - 1] ?? "";
  if (/tab/.test(error.reason)) return problem(at, "indent with spaces, not a tab");
  const sentence = /^\s*(?:- )?[\w-]+: +([^"'\s[{|>#&*!][^#]*)$/.exec(line)?.[1];
  if (sentence?.includes(": "))
    return problem(
      at,
      'a colon followed by a space starts a new field: put a sentence with a colon in quotes, e.g. intro: "Moving out: we clean it"',
    );
  if (/indentation/.test(error.reason)) return problem(at, indentation(lines, at));
  return problem(firstLine ?? at, first ? first.message.split("\n")[0] : error.reason);
}

/** What is wrong with the indentation of line `at` (1-based), measured against the line above. */
function indentation(lines: string[], at: number): string {
  const spaces = (l: string) => /^ */.exec(l)![0].length;
  let above = at - 2;
  while (above >= 0 && /^\s*(#|$)/.test(lines[above])) above--;
  const mine = spaces(lines[at - 1] ?? "");
  const theirs = above >= 0 ? spaces(lines[above]) : 0;
  return `this line is indented ${mine} spaces and the one above it ${theirs}: the fields of one group start at the same column, two spaces in from the field they belong to, like the lines around them`;
}
