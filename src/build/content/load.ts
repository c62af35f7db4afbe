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
import { imageUses, isSvg, svgSize } from "../../content/images.ts";
import { FILES, type Content } from "../../content/content.ts";
import type * as S from "../../content/schema.ts";

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
    // A field still holding `npm run new-suburb`'s marker is reported as that, not as whatever zod makes of the marker.
    const unfilled = p.text.includes(FILL_IN) ? fillIns(read.value) : [];
    for (const [at, hint] of unfilled) problems.push(locate(p, at, `still to fill in: ${hint}`));
    const within = (at: readonly PropertyKey[]) => unfilled.some(([u]) => u.every((k, i) => at[i] === k));
    const result = (schema as z.ZodType).safeParse(read.value, { error: editorWords, reportInput: true });
    if (result.success && unfilled.length === 0) data[key] = result.data;
    else if (!result.success) for (const iss of result.error.issues) if (!within(iss.path)) problems.push(locate(p, iss.path, iss.message, iss.code === "unrecognized_keys"));
  }

  const images: Content["images"] = {};
  if (problems.length === 0) crossCheck(data, parsed, dir, problems, images);
  if (problems.length > 0) throw new ContentError(problems);

  const d = data as { [K in keyof typeof FILES]: z.output<(typeof FILES)[K][1]> };
  return {
    site: d.site,
    services: d.services.services,
    suburbs: d.suburbs.suburbs,
    faq: d.faq.faq,
    home: d.home,
    about: d.about,
    contact: d.contact,
    dir,
    images,
  };
}

/** A suburb's slug: its name in lowercase with spaces as hyphens ("Upper Kedron" → "upper-kedron"). */
export const slugFor = (name: string) => name.trim().toLowerCase().replace(/\s+/g, "-");

/** How `npm run new-suburb` marks a value the maintainer must write: "FILL IN: what to write". */
export const FILL_IN = "FILL IN:";

/** Every string in a file's values that still starts with the FILL IN marker: its path and the hint after the marker. */
function fillIns(value: unknown, at: (string | number)[] = [], found: [(string | number)[], string][] = []): [(string | number)[], string][] {
  // One path array, pushed and popped, copied only for a match.
  if (typeof value === "string") {
    if (value.startsWith(FILL_IN)) found.push([[...at], value.slice(FILL_IN.length).trim()]);
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      at.push(i);
      fillIns(value[i], at, found);
      at.pop();
    }
  } else if (value && typeof value === "object") {
    for (const k in value) {
      at.push(k);
      fillIns((value as Record<string, unknown>)[k], at, found);
      at.pop();
    }
  }
  return found;
}

/**
 * A problem the build finds after loading (a photo it cannot read), located
 * and worded like the loader's own: `content/home.yaml:37 → bondIntro.image.src: ...`.
 */
export function contentProblem(dir: string, file: keyof typeof FILES, at: (string | number)[], message: string): ContentProblem {
  const full = path.join(dir, FILES[file][0]);
  return locate(new Parsed(path.relative(process.cwd(), full) || full, readFileSync(full, "utf8")), at, message);
}

/** References between entries and files that no single schema can see. */
function crossCheck(data: Record<string, unknown>, parsed: Partial<Record<keyof typeof FILES, Parsed>>, dir: string, problems: ContentProblem[], images: Content["images"]) {
  const suburbs = (data.suburbs as { suburbs: S.SuburbData[] }).suburbs;
  const services = (data.services as { services: S.ServiceData[] }).services;
  const sp = parsed.suburbs!;
  const vp = parsed.services!;

  const known = new Set(suburbs.map((s) => s.slug));
  const seen = new Map<string, number>();
  suburbs.forEach((s, i) => {
    const expected = slugFor(s.name);
    if (s.slug !== expected) problems.push(locate(sp, ["suburbs", i, "slug"], `expected "${expected}" (the name in lowercase with spaces as hyphens), got "${s.slug}"`));
    if (seen.has(s.slug)) problems.push(locate(sp, ["suburbs", i, "slug"], `duplicate slug "${s.slug}": suburbs[${seen.get(s.slug)}] has it already`));
    else seen.set(s.slug, i);
    // Every cited page is listed under sources:, so the page's list of sources is complete.
    const listed = new Set(s.sources.map((x) => x.url));
    const cited: [(string | number)[], string][] = [];
    if (s.population) cited.push([["population", "source"], s.population.source]);
    for (const key of ["medianHousePrice", "medianRent", "medianUnitPrice", "medianUnitRent"] as const) {
      const figure = s[key];
      if (figure) cited.push([[key, "source"], figure.source]);
    }
    s.schools.forEach((school, j) => cited.push([["schools", j, "source"], school.source]));
    for (const [at, url] of cited) {
      if (!listed.has(url)) problems.push(locate(sp, ["suburbs", i, ...at], `${JSON.stringify(url)} is not listed under sources: add it there with its citation`));
    }
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

  // Every image a page names must exist in content/images; an SVG's size is read here, a photo's by the build.
  for (const use of imageUses({ services, home: data.home as S.HomeData, about: data.about as S.AboutData })) {
    const { src } = use.image;
    const file = path.join(dir, "images", src);
    const at = [...use.at, "src"];
    if (!existsSync(file)) problems.push(locate(parsed[use.file]!, at, `no such image: ${file}`));
    else if (isSvg(src) && !images[src]) {
      const size = svgSize(readFileSync(file, "utf8"));
      if (size) images[src] = { kind: "svg", src: `/images/${src}`, ...size };
      else problems.push(locate(parsed[use.file]!, at, `cannot read the size of ${file}: give its <svg> a viewBox, or width and height in pixels`));
    }
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
