/**
 * Reading one content file. Two libraries read YAML here
 * (docs/decisions/0003-two-yaml-readers.md): js-yaml reads the values, eight
 * times faster on a large file; `yaml` keeps where each node is, and is asked
 * only when there is a problem to point at.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { load as readYaml, CORE_SCHEMA, YAMLException } from "js-yaml";
import type { Document, LineCounter } from "yaml";
import type { ContentProblem } from "./problems.ts";
import { syntaxProblem } from "./yaml-syntax.ts";

/**
 * `yaml`, loaded the first time a problem needs its line: a build without one never pays the tenth
 * of a second it takes to load.
 */
export const yamlLibrary = () => createRequire(import.meta.url)("yaml") as typeof import("yaml");

/** One file's text, kept for mapping a path back to a line; `rel` is the path problems name. */
export class Parsed {
  private located?: { doc: Document; lines: LineCounter };
  constructor(
    readonly rel: string,
    readonly text: string,
  ) {}
  private get positions() {
    if (!this.located) {
      const { LineCounter, parseDocument } = yamlLibrary();
      const lines = new LineCounter();
      this.located = {
        doc: parseDocument(this.text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true }),
        lines,
      };
    }
    return this.located;
  }
  get doc() {
    return this.positions.doc;
  }
  get lines() {
    return this.positions.lines;
  }
}

/** A file's path as problems name it: relative to where the command runs, e.g. "content/suburbs.yaml". */
export const shownPath = (full: string) => path.relative(process.cwd(), full) || full;

export const readParsed = (full: string) => new Parsed(shownPath(full), readFileSync(full, "utf8"));

/** The file's values, or its first syntax mistake in plain words (yaml-syntax.ts). */
export function readValues(p: Parsed): { value: unknown } | { problems: ContentProblem[] } {
  try {
    // The core schema is YAML 1.2's, as `yaml` reads it: no dates, no yes/no booleans, no merge keys.
    return { value: readYaml(p.text, { schema: CORE_SCHEMA, filename: p.rel }) ?? null };
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    return { problems: [syntaxProblem(p, error)] };
  }
}
