/**
 * Tailwind CSS v4, compiled at build time with only the classes a page uses.
 * Each page's CSS is inlined, so the first paint needs nothing but the HTML.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { compile, optimize } from "@tailwindcss/node";

const STYLESHEET = path.resolve(import.meta.dirname, "../styles/site.css");
const ISLANDS_DIR = path.resolve(import.meta.dirname, "../islands");

/**
 * Class names in the rendered HTML. With `seen`, class attributes already in
 * it are skipped and new ones added: pages of a kind repeat most of theirs,
 * and splitting each one again was half the cost of rendering a page.
 */
export function classesInHtml(html: string, seen?: Set<string>): Set<string> {
  const found = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    if (seen) {
      if (seen.has(m[1])) continue;
      seen.add(m[1]);
    }
    for (const c of m[1].split(/\s+/)) if (c) found.add(c.replaceAll("&amp;", "&"));
  }
  return found;
}

/** Elements whose preflight reset rules a page without them does not need. */
const RARE_ELEMENTS = ["abbr", "sub", "sup", "code", "kbd", "samp", "pre", "table", "progress", "small", "hr", "summary", "textarea", "video", "canvas", "audio", "iframe", "embed", "object", "menu", "h5", "h6", "optgroup"];
const RARE_TAG = new RegExp(`<(${RARE_ELEMENTS.join("|")})[\\s>/]`, "g");

/**
 * The rare elements and the input types in HTML or JSX, as "<tag>" and
 * "<input type=x>" tokens beside the class names (a class name never contains
 * "<"), so {@link cssFor} can leave out reset rules for elements a page never has.
 */
export function elementsIn(markup: string): Set<string> {
  const found = new Set<string>();
  for (const m of markup.matchAll(RARE_TAG)) found.add(`<${m[1]}>`);
  for (const m of markup.matchAll(/\stype="([a-z-]+)"/g)) found.add(`<input type=${m[1]}>`);
  return found;
}

/**
 * Classes and elements an island may add in the browser after it hydrates (a
 * notice, an open menu), which the server HTML does not show: every token of
 * the island's source and of the files in src/islands/ it imports.
 */
export function classesInIsland(name: string): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const m of source.matchAll(/["'`]([^"'`\n]*)["'`]/g)) for (const c of m[1].split(/\s+/)) if (c) found.add(c);
    for (const e of elementsIn(source)) found.add(e);
    for (const m of source.matchAll(/\bfrom\s+"\.\/([^"]+)"/g)) visit(path.join(ISLANDS_DIR, m[1]));
  };
  visit(path.join(ISLANDS_DIR, `${name}.tsx`));
  return found;
}

/** The islands on a page, by name. */
export const islandsIn = (html: string) => new Set([...html.matchAll(/\sdata-island="([^"]+)"/g)].map((m) => m[1]));

/** Compiles the stylesheet for one set of class names (and {@link elementsIn} tokens), minified. */
export async function cssFor(tokens: Iterable<string>): Promise<string> {
  const classes: string[] = [];
  const elements = new Set<string>();
  for (const t of tokens) {
    if (t.startsWith("<")) elements.add(t);
    else classes.push(t);
  }
  const source = readFileSync(STYLESHEET, "utf8");
  // A rebuild after a text edit asks for the same sets again: the dev server's loop skips the compile.
  const key = `${source}\0${[...classes].sort().join(" ")}\0${[...elements].sort().join(" ")}`;
  let css = compiled.get(key);
  if (css === undefined) {
    // Polyfills.None (0): no fallbacks for browsers without @property or
    // color-mix() (Safari before 16.4, Firefox before 128). Every browser the
    // site's visitors use now has both, and the fallbacks cost ~0.5 KB gzip a page.
    const compiler = await compile(source, { base: path.dirname(STYLESHEET), onDependency: () => {}, polyfills: 0 });
    css = optimize(compiler.build(classes), { minify: true }).code;
    if (elements.size > 0) css = pruneBase(css, elements);
    if (compiled.size >= 32) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, css);
  }
  return css;
}

const compiled = new Map<string, string>();

/**
 * Preflight resets elements this site rarely uses (tables, code, date
 * pickers…). Each selector names what it needs; one whose element is not in
 * `elements` is dropped, and so is a rule left with no selector.
 */
const NEEDS: [RegExp, string[]][] = [
  [/::file-selector-button/, ["<input type=file>"]],
  [/::-webkit-(datetime-edit|date-and-time-value|calendar-picker-indicator)/, ["date", "time", "datetime-local", "month", "week"].map((t) => `<input type=${t}>`)],
  [/-spin-button/, ["<input type=number>"]],
  [/::-webkit-search/, ["<input type=search>"]],
  [/optgroup/, ["<optgroup>"]],
  [new RegExp(`^(${RARE_ELEMENTS.join("|")})(?![\\w-])`), []],
];

function needs(selector: string): string[] | undefined {
  for (const [re, tokens] of NEEDS) {
    const m = re.exec(selector);
    if (m) return tokens.length > 0 ? tokens : [`<${m[1]}>`];
  }
  return undefined;
}

function pruneBase(css: string, elements: Set<string>): string {
  const start = css.indexOf("@layer base{");
  if (start < 0) return css;
  const open = start + "@layer base{".length;
  const close = matchingBrace(css, open - 1);
  return css.slice(0, open) + pruneRules(css.slice(open, close), elements) + css.slice(close);
}

/** Rules of a minified block: `sel{decls}` or `@at-rule{…}`; at-rules are kept whole. */
function pruneRules(block: string, elements: Set<string>): string {
  let out = "";
  for (let i = 0; i < block.length; ) {
    const brace = block.indexOf("{", i);
    if (brace < 0) return out + block.slice(i);
    const end = matchingBrace(block, brace);
    const prelude = block.slice(i, brace);
    const body = block.slice(brace, end + 1);
    i = end + 1;
    if (prelude.startsWith("@")) {
      out += prelude + body;
      continue;
    }
    const kept = splitSelectors(prelude).filter((sel) => {
      const need = needs(sel);
      return !need || need.some((t) => elements.has(t));
    });
    if (kept.length > 0) out += kept.join(",") + body;
  }
  return out;
}

function matchingBrace(s: string, at: number): number {
  let depth = 0;
  for (let i = at; i < s.length; i++) {
    if (s[i] === "{") depth++;
    else if (s[i] === "}" && --depth === 0) return i;
  }
  throw new Error("unbalanced braces in compiled CSS");
}

/** Splits a selector list at its top-level commas (not those inside :is(…) or :where(…)). */
function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === "(") depth++;
    else if (list[i] === ")") depth--;
    else if (list[i] === "," && depth === 0) {
      parts.push(list.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(list.slice(from));
  return parts;
}
