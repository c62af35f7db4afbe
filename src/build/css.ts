/**
 * Tailwind CSS v4, compiled at build time with only the classes a page uses.
 * Each page's CSS is inlined, so the first paint needs nothing but the HTML.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { compile, optimize } from "@tailwindcss/node";

const STYLESHEET = path.resolve(import.meta.dirname, "../styles/site.css");
const ISLANDS_DIR = path.resolve(import.meta.dirname, "../browser/islands");

/** What the build needs to know of a page's markup, read in one pass over it. */
export interface MarkupTokens {
  /** Each class attribute's value, as written (split by {@link classNames}). */
  classAttrs: string[];
  /** Rare elements and input types, as "<tag>" and "<input type=x>" tokens beside the class names (a class name never contains "<"), so {@link cssFor} can leave out reset rules for elements a page never has. */
  elements: Set<string>;
  /** The islands on the page, by name. */
  islands: Set<string>;
  /** Icons drawn from the sprite (`<use href="#i-name">`). */
  icons: Set<string>;
}

/** Elements whose preflight reset rules a page without them does not need. */
const RARE_ELEMENTS = ["abbr", "sub", "sup", "code", "kbd", "samp", "pre", "table", "progress", "small", "hr", "summary", "textarea", "video", "canvas", "audio", "iframe", "embed", "object", "menu", "h5", "h6", "optgroup"];
/**
 * One regular expression for every token: with thousands of pages, five
 * passes over each page's HTML cost more than React took to render it.
 */
const TOKENS = new RegExp(`<(?:(${RARE_ELEMENTS.join("|")})(?=[\\s>/])|use href="#i-(\\w+)")|\\s(?:class="([^"]*)"|type="([a-z-]+)"|data-island="([^"]+)")`, "g");

/** Reads {@link MarkupTokens} from rendered HTML, or from JSX source (its elements and input types). */
export function scanMarkup(markup: string): MarkupTokens {
  const tokens: MarkupTokens = { classAttrs: [], elements: new Set(), islands: new Set(), icons: new Set() };
  for (const m of markup.matchAll(TOKENS)) {
    if (m[1] !== undefined) tokens.elements.add(`<${m[1]}>`);
    else if (m[2] !== undefined) tokens.icons.add(m[2]);
    else if (m[3] !== undefined) tokens.classAttrs.push(m[3]);
    else if (m[4] !== undefined) tokens.elements.add(`<input type=${m[4]}>`);
    else tokens.islands.add(m[5]);
  }
  return tokens;
}

/**
 * Class names in class attribute values. With `seen`, values already in it
 * are skipped and new ones added: pages of a kind repeat most of theirs, and
 * splitting each one again was half the cost of rendering a page.
 */
export function classNames(classAttrs: Iterable<string>, seen?: Set<string>): Set<string> {
  const found = new Set<string>();
  for (const value of classAttrs) {
    if (seen) {
      if (seen.has(value)) continue;
      seen.add(value);
    }
    for (const c of value.split(/\s+/)) if (c) found.add(c.replaceAll("&amp;", "&"));
  }
  return found;
}

/**
 * Classes and elements an island may add in the browser after it hydrates (a
 * notice, an open menu), which the server HTML does not show: every token of
 * the island's source and of the files in src/browser/islands/ it imports.
 */
export function classesInIsland(name: string): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const m of source.matchAll(/["'`]([^"'`\n]*)["'`]/g)) for (const c of m[1].split(/\s+/)) if (c) found.add(c);
    for (const e of scanMarkup(source).elements) found.add(e);
    for (const m of source.matchAll(/\bfrom\s+"\.\/([^"]+)"/g)) visit(path.join(ISLANDS_DIR, m[1]));
  };
  visit(path.join(ISLANDS_DIR, `${name}.tsx`));
  return found;
}

/** Compiles the stylesheet for one set of class names (and {@link MarkupTokens.elements} tokens), minified. */
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
