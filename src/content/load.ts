/**
 * Reads content/*.yaml, validates each file against its schema and checks the
 * references between files. Every problem in every file is collected and
 * reported at once, each in the editor's words:
 *
 *   content/suburbs.yaml:212 suburbs[7] "bulimba" → postcode: expected 4 digits, got "417"
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { load as readYaml, CORE_SCHEMA, YAMLException } from "js-yaml";
import { LineCounter, parseDocument, isMap, type Document, type Node } from "yaml";
import { z } from "zod";
import * as S from "./schema.ts";

export interface Content {
  site: S.SiteData;
  services: S.ServiceData[];
  suburbs: S.SuburbData[];
  faq: S.FaqData[];
  home: S.HomeData;
  about: S.AboutData;
  contact: S.ContactData;
  /** Folder holding the content, so images can be copied from it. */
  dir: string;
}

export interface ContentProblem {
  file: string;
  line: number;
  /** e.g. `suburbs[7] "bulimba"`, or "" for a top-level field. */
  entry: string;
  /** e.g. `schools[0].level`. */
  field: string;
  message: string;
}

export class ContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(
      `${problems.length} problem${problems.length === 1 ? "" : "s"} in content:\n` +
        problems.map((p) => "  " + formatProblem(p)).join("\n"),
    );
    this.name = "ContentError";
  }
}

export function formatProblem(p: ContentProblem): string {
  const where = [p.entry, p.field ? `→ ${p.field}:` : "→"].filter(Boolean).join(" ");
  return `${p.file}:${p.line} ${where} ${p.message}`;
}

const FILES = {
  site: ["site.yaml", S.Site],
  services: ["services.yaml", S.ServicesFile],
  suburbs: ["suburbs.yaml", S.SuburbsFile],
  faq: ["faq.yaml", S.FaqFile],
  home: ["home.yaml", S.HomeFile],
  about: ["about.yaml", S.AboutFile],
  contact: ["contact.yaml", S.ContactFile],
} as const;

/** Words for zod's generic failures; schemas carry their own for specific rules. */
const editorWords: z.core.$ZodErrorMap = (iss) => {
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

/**
 * One file's text, kept for mapping a path back to a line. Two libraries read
 * YAML here (docs/decisions/0003-two-yaml-readers.md): js-yaml reads the
 * values, eight times faster on a large file; `yaml` keeps where each node
 * is, and is asked only when there is a problem to point at.
 */
class Parsed {
  private located?: { doc: Document; lines: LineCounter };
  constructor(
    readonly rel: string,
    readonly text: string,
  ) {}
  private get positions() {
    if (!this.located) {
      const lines = new LineCounter();
      this.located = { doc: parseDocument(this.text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true }), lines };
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

/** The file's values, or its syntax problems in `yaml`'s words (js-yaml's when `yaml` sees none). */
function readValues(p: Parsed): { value: unknown } | { problems: ContentProblem[] } {
  try {
    // The core schema is YAML 1.2's, as `yaml` reads it: no dates, no yes/no booleans, no merge keys.
    return { value: readYaml(p.text, { schema: CORE_SCHEMA, filename: p.rel }) ?? null };
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    const problems = p.doc.errors.map((err) => ({ file: p.rel, line: p.lines.linePos(err.pos[0]).line, entry: "", field: "", message: `YAML syntax: ${err.message.split("\n")[0]}` }));
    if (problems.length > 0) return { problems };
    return { problems: [{ file: p.rel, line: error.mark.line + 1, entry: "", field: "", message: `YAML syntax: ${error.reason}` }] };
  }
}

export function loadContent(dir = "content"): Content {
  const problems: ContentProblem[] = [];
  const parsed: Partial<Record<keyof typeof FILES, Parsed>> = {};
  const data: Record<string, unknown> = {};

  for (const [key, [file, schema]] of Object.entries(FILES) as [keyof typeof FILES, (typeof FILES)[keyof typeof FILES]][]) {
    const full = path.join(dir, file);
    const rel = path.relative(process.cwd(), full) || full;
    if (!existsSync(full)) {
      problems.push({ file: rel, line: 1, entry: "", field: "", message: "file is missing" });
      continue;
    }
    const p = new Parsed(rel, readFileSync(full, "utf8"));
    const read = readValues(p);
    if ("problems" in read) {
      problems.push(...read.problems);
      continue;
    }
    parsed[key] = p;
    const result = (schema as z.ZodType).safeParse(read.value, { error: editorWords, reportInput: true });
    if (result.success) data[key] = result.data;
    else for (const iss of result.error.issues) problems.push(locate(p, iss.path, iss.message, iss.code === "unrecognized_keys"));
  }

  if (problems.length === 0) crossCheck(data, parsed, dir, problems);
  if (problems.length > 0) throw new ContentError(problems);

  const d = data as {
    site: S.SiteData;
    services: { services: S.ServiceData[] };
    suburbs: { suburbs: S.SuburbData[] };
    faq: { faq: S.FaqData[] };
    home: S.HomeData;
    about: S.AboutData;
    contact: S.ContactData;
  };
  return {
    site: d.site,
    services: d.services.services,
    suburbs: d.suburbs.suburbs,
    faq: d.faq.faq,
    home: d.home,
    about: d.about,
    contact: d.contact,
    dir,
  };
}

/** References between entries and files that no single schema can see. */
function crossCheck(data: Record<string, unknown>, parsed: Partial<Record<keyof typeof FILES, Parsed>>, dir: string, problems: ContentProblem[]) {
  const suburbs = (data.suburbs as { suburbs: S.SuburbData[] }).suburbs;
  const services = (data.services as { services: S.ServiceData[] }).services;
  const sp = parsed.suburbs!;
  const vp = parsed.services!;

  const known = new Set(suburbs.map((s) => s.slug));
  const seen = new Map<string, number>();
  suburbs.forEach((s, i) => {
    const expected = s.name.toLowerCase().replace(/\s+/g, "-");
    if (s.slug !== expected) problems.push(locate(sp, ["suburbs", i, "slug"], `expected "${expected}" (the name in lowercase with spaces as hyphens), got "${s.slug}"`));
    if (seen.has(s.slug)) problems.push(locate(sp, ["suburbs", i, "slug"], `duplicate slug "${s.slug}": suburbs[${seen.get(s.slug)}] has it already`));
    else seen.set(s.slug, i);
    s.nearby.forEach((n, j) => {
      if (!known.has(n)) problems.push(locate(sp, ["suburbs", i, "nearby", j], `names a suburb that does not exist: "${n}" (no entry in content/suburbs.yaml has that slug)`));
      else if (n === s.slug) problems.push(locate(sp, ["suburbs", i, "nearby", j], `a suburb cannot be its own neighbour`));
    });
  });

  const seenService = new Map<string, number>();
  services.forEach((s, i) => {
    for (const field of ["slug", "formValue"] as const) {
      const key = `${field}:${s[field]}`;
      if (seenService.has(key)) problems.push(locate(vp, ["services", i, field], `duplicate ${field} "${s[field]}": services[${seenService.get(key)}] has it already`));
      else seenService.set(key, i);
    }
  });

  // Every image a page names must exist in content/images.
  const images: [Parsed, (string | number)[], string][] = [];
  services.forEach((s, i) => images.push([vp, ["services", i, "intro", "image", "src"], s.intro.image.src]));
  const home = data.home as S.HomeData;
  images.push([parsed.home!, ["bondIntro", "image", "src"], home.bondIntro.image.src]);
  home.services.cards.forEach((c, i) => images.push([parsed.home!, ["services", "cards", i, "image", "src"], c.image.src]));
  images.push([parsed.about!, ["story", "image", "src"], (data.about as S.AboutData).story.image.src]);
  for (const [p, at, src] of images) {
    if (!existsSync(path.join(dir, "images", src))) problems.push(locate(p, at, `no such image: ${path.join(dir, "images", src)}`));
  }
}

/** Turns a path inside a file into the line, entry label and field the editor sees. */
function locate(p: Parsed, at: readonly PropertyKey[], message: string, isKeysIssue = false): ContentProblem {
  const keys = at.map((k) => (typeof k === "symbol" ? String(k) : k)) as (string | number)[];
  // The entry is the first list item on the path: `suburbs[7] "bulimba"`.
  const listAt = keys.findIndex((k) => typeof k === "number");
  let entry = "";
  let fieldKeys = keys;
  if (listAt >= 0) {
    const item = p.doc.getIn(keys.slice(0, listAt + 1)) as unknown;
    const js = isMap(item) ? (item.toJSON() as Record<string, unknown>) : undefined;
    const label = js && (js.slug ?? js.name ?? js.title ?? js.question);
    entry = `${keys.slice(0, listAt).join(".")}[${keys[listAt]}]${typeof label === "string" ? ` ${JSON.stringify(label)}` : ""}`;
    fieldKeys = keys.slice(listAt + 1);
  }
  const field = fieldKeys.reduce<string>((acc, k) => (typeof k === "number" ? `${acc}[${k}]` : acc ? `${acc}.${k}` : k), "");

  // The deepest node that exists on the path gives the line (a missing field points at its parent).
  let node: Node | undefined;
  for (let n = keys.length; n >= 0 && !node; n--) {
    const found = n === 0 ? p.doc.contents : p.doc.getIn(keys.slice(0, n), true);
    if (found && typeof found === "object" && "range" in found) node = found as Node;
  }
  // For an unknown field, point at the field itself rather than its parent.
  if (isKeysIssue && node && isMap(node)) {
    const m = /"([^"]+)"/.exec(message);
    const pair = m ? node.items.find((it) => (it.key as { value?: unknown })?.value === m[1]) : undefined;
    if (pair?.key && typeof pair.key === "object" && "range" in pair.key) node = pair.key as Node;
  }
  const line = p.lines.linePos(node?.range?.[0] ?? 0).line;
  return { file: p.rel, line, entry, field, message };
}
