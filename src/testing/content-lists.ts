/**
 * What content/ lists, read from its YAML as the build reads it (read-file.ts) and before any
 * schema. The number of suburbs, of header links or of questions is the owner's to change, so tests
 * take it from here and compare it with what the loaded content and the pages show.
 */
import path from "node:path";
import { readParsed, readValues } from "../build/content/read-file.ts";

function valuesOf(dir: string, file: string): unknown {
  const read = readValues(readParsed(path.join(dir, file)));
  if ("problems" in read)
    throw new Error(read.problems.map((p) => `${p.file}:${p.line} ${p.message}`).join("\n"));
  return read.value;
}

interface ListedSuburb {
  slug: string;
  header?: boolean;
  homeGrid?: boolean;
}

/**
 * The slugs of the suburbs, of those in the header (header: true or left out) and of those in the home page's
 * grid (homeGrid: true); the FAQ's questions.
 */
export function contentLists(dir = "content") {
  const { suburbs } = valuesOf(dir, "suburbs.yaml") as { suburbs: ListedSuburb[] };
  const { faq } = valuesOf(dir, "faq.yaml") as { faq: { question: string }[] };
  return {
    suburbs: suburbs.map((s) => s.slug),
    header: suburbs.filter((s) => s.header !== false).map((s) => s.slug),
    homeGrid: suburbs.filter((s) => s.homeGrid === true).map((s) => s.slug),
    questions: faq.map((f) => f.question),
  };
}
