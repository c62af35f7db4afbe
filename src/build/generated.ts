/**
 * Files the build writes into the repository to be committed (the editor's JSON Schemas, the
 * relay's pages and emails as markup with slots): written only when their text changed, so a
 * build leaves the work tree clean unless a source really moved.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";

/** Writes `text` to `file` unless it already holds exactly that; says whether it wrote. */
export function writeIfChanged(file: string, text: string): boolean {
  if (existsSync(file) && readFileSync(file, "utf8") === text) return false;
  writeFileSync(file, text);
  return true;
}
