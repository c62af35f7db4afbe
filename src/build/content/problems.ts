/**
 * A content problem in the editor's words: where it is (file, line, entry,
 * field) and what is wrong, never zod's internal codes.
 *
 *   content/suburbs.yaml:212 suburbs[7] "bulimba" → postcode: expected 4 digits, got "417"
 */
import type * as z from "zod";

export interface ContentProblem {
  file: string;
  line: number;
  /** e.g. `suburbs[7] "bulimba"`, or "" for a top-level field. */
  entry: string;
  /** e.g. `schools[0].level`. */
  field: string;
  message: string;
}

export function formatProblem(p: ContentProblem): string {
  const where = [p.entry, p.field ? `→ ${p.field}:` : "→"].filter(Boolean).join(" ");
  return `${p.file}:${p.line} ${where} ${p.message}`;
}

/** Words for zod's generic failures; schemas carry their own for specific rules. */
export const editorWords: z.core.$ZodErrorMap = (iss) => {
  if (iss.code === "invalid_type") {
    if (iss.input === undefined) return "is required but missing";
    return `expected ${iss.expected}, got ${describe(iss.input)}`;
  }
  if (iss.code === "unrecognized_keys") {
    return `unknown field${iss.keys.length > 1 ? "s" : ""} ${iss.keys.map((k) => `"${k}"`).join(", ")}: check the spelling`;
  }
  return undefined;
};

function describe(value: unknown): string {
  if (value === null) return "nothing (null)";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a group of fields";
  return JSON.stringify(value);
}
