/**
 * A content problem in the editor's words: where it is (file, line, entry,
 * field) and what is wrong, never zod's internal codes.
 *
 *   content/suburbs.yaml:212 suburbs[7] "quokka-flats" → postcode: expected 4 digits, got "417"
 *
 * The words for each kind of zod issue are editor-words.ts.
 */
export interface ContentProblem {
  file: string;
  line: number;
  /** e.g. `suburbs[7] "quokka-flats"`, or "" for a top-level field. */
  entry: string;
  /** e.g. `schools[0].level`. */
  field: string;
  message: string;
}

export function formatProblem(p: ContentProblem): string {
  const where = [p.entry, p.field ? `→ ${p.field}:` : "→"].filter(Boolean).join(" ");
  return `${p.file}:${p.line} ${where} ${p.message}`;
}
