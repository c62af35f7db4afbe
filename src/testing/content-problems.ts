/**
 * A content mistake as the owner makes one, on a copy of content/, and what
 * the loader says of it: each problem formatted as `npm run build` prints it,
 * with the file's name alone. The content tests share these.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { ContentError, loadContent } from "../build/content/load.ts";
import { formatProblem } from "../build/content/problems.ts";
import { CONTENT_FILES } from "../content/content.ts";
import { contentCopy } from "./new-suburb.ts";

/** A copy of the real content/ in a temp folder, with `edit` applied to one file's text. */
export function brokenContent(file: string, edit: (text: string) => string): string {
  const dir = contentCopy();
  const full = path.join(dir, file);
  const before = readFileSync(full, "utf8");
  const after = edit(before);
  expect(after, "the fixture edit changed nothing").not.toBe(before);
  writeFileSync(full, after);
  return dir;
}

/** Every problem the loader finds in `dir`, which must have some. */
export function problemsOf(dir: string): string[] {
  try {
    loadContent(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return (error as ContentError).problems.map((p) => formatProblem({ ...p, file: path.basename(p.file) }));
  }
  throw new Error("expected the content to be rejected");
}

/** The 1-based line of the first line matching `re` in a content file. */
export function lineOf(dir: string, file: string, re: RegExp): number {
  return (
    readFileSync(path.join(dir, file), "utf8")
      .split("\n")
      .findIndex((l) => re.test(l)) + 1
  );
}

/** The docs' example pricing.yaml as the owner makes it theirs: the day they reviewed its prices written. */
export const pricingExample = (reviewed = "1 December 2026") =>
  readFileSync(CONTENT_FILES.pricing.example, "utf8").replace(/^reviewed: .*$/m, `reviewed: ${reviewed}`);

/** A copy of content/ with the example as its pricing.yaml, `edit` applied to its text. */
export function contentWithPricing(
  edit: (text: string) => string = (t) => t,
  text = pricingExample(),
): string {
  const dir = contentCopy();
  writeFileSync(path.join(dir, "pricing.yaml"), edit(text));
  return dir;
}
