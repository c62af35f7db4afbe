/**
 * Tailwind CSS v4, compiled at build time with only the classes a page uses.
 * Each page's CSS is inlined, so the first paint needs nothing but the HTML.
 * What was compiled is kept in .cache/css/ by everything it was made from, and
 * Tailwind is loaded only when something there changed (decision 0084).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Selector } from "lightningcss";
import { packageVersion } from "./package-version.ts";
import { sha256 } from "./source-hashes.mjs";

export const STYLESHEET = path.resolve(import.meta.dirname, "../styles/site.css");
const ISLANDS_DIR = path.resolve(import.meta.dirname, "../browser/islands");

/** What the build needs to know of a page's markup, read in one pass over it. */
export interface MarkupTokens {
  /** Each class attribute's value, as written (split by {@link classNames}). */
  classAttrs: string[];
  /**
   * Rare elements and input types, as "<tag>" and "<input type=x>" tokens beside the class names (a class
   * name never contains "<"), so {@link cssFor} can leave out reset rules for elements a page never has.
   */
  elements: Set<string>;
  /** The islands on the page, by name. */
  islands: Set<string>;
  /** Icons drawn from the sprite (`<use href="#i-name">`). */
  icons: Set<string>;
}

/** Elements whose preflight reset rules a page without them does not need. */
const RARE_ELEMENTS = [
  "abbr",
  "sub",
  "sup",
  "code",
  "kbd",
  "samp",
  "pre",
  "table",
  "progress",
  "small",
  "hr",
  "summary",
  "textarea",
  "video",
  "canvas",
  "audio",
  "iframe",
  "embed",
  "object",
  "menu",
  "h5",
  "h6",
  "optgroup",
];
/**
 * One regular expression for every token: with thousands of pages, five
 * passes over each page's HTML cost more than React took to render it.
 */
const TOKENS = new RegExp(
  `<(?:(${RARE_ELEMENTS.join("|")})(?=[\\s>/])|use href="#i-(\\w+)")|\\s(?:class="([^"]*)"|type="([a-z-]+)"|data-island="([^"]+)")`,
  "g",
);

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
    for (const m of source.matchAll(/["'`]([^"'`\n]*)["'`]/g))
      for (const c of m[1].split(/\s+/)) if (c) found.add(c);
    for (const e of scanMarkup(source).elements) found.add(e);
    for (const m of source.matchAll(/\bfrom\s+"\.\/([^"]+)"/g)) visit(path.join(ISLANDS_DIR, m[1]));
  };
  visit(path.join(ISLANDS_DIR, `${name}.tsx`));
  return found;
}

/**
 * The kinds of page whose CSS is split at the fold (decision 0087): inline, only what the first screen
 * shows; the rest of the kind's CSS in a stylesheet that loads without holding up the first paint. The
 * home page's first round trip has room for the owner to add to it that way.
 */
export const FOLDED_KINDS: ReadonlySet<string> = new Set(["home"]);

/**
 * The markup a folded page shows on its first screen: the body up to the end of main's first section
 * (the home page's hero), without what stays hidden until the visitor asks for it (a popover, such as
 * the mobile menu, and the desktop menus' lists): the CSS for those comes with the rest.
 */
export function aboveTheFold(body: string): string {
  const main = body.indexOf("<main");
  const end = main < 0 ? -1 : body.indexOf("</section>", main);
  if (end < 0) throw new Error("a folded page needs a <section> in its <main>: its first screen");
  return body
    .slice(0, end)
    .replace(/<(\w+)\b[^>]*\spopover="[^"]*"[^>]*>[\s\S]*?<\/\1>/g, "")
    .replace(/<ul\b[^>]*\sdata-menu-list=""[^>]*>[\s\S]*?<\/ul>/g, "");
}

/**
 * Classes that change nothing on a first paint: a state the page cannot be in yet (hover, focus, disabled,
 * a field marked invalid) and the transitions and animations between states. The whole stylesheet has
 * them, and is there long before a pointer, key or finger needs them.
 */
const NOT_AT_FIRST_PAINT =
  /(?:^|:)(?:hover|focus|focus-visible|focus-within|active|disabled|group-hover|group-focus-within|aria-[\w-]+|placeholder):|(?:^|:)(?:transition|duration-|ease-|animate-)/;

/** A first screen's class names and element tokens, less those NOT_AT_FIRST_PAINT. */
export const firstPaintTokens = (tokens: Iterable<string>) =>
  [...tokens].filter((t) => !NOT_AT_FIRST_PAINT.test(t));

/**
 * Where compiled stylesheets are kept between builds (git-ignored), one file each, named by
 * {@link cssKey}; CSS_CACHE_DIR moves it.
 */
const DEFAULT_CSS_CACHE_DIR = ".cache/css";
/** The packages that make the CSS: their versions are part of its key. */
const TOOLS = ["tailwindcss", "@tailwindcss/node", "lightningcss"];

/** Everything one stylesheet is made from: what {@link cssKey} hashes. */
export interface CssInputs {
  /** The stylesheet's text and that of every file it imports, by path from the stylesheet's folder. */
  sheets: [string, string][];
  classes: string[];
  /** {@link MarkupTokens.elements} tokens. */
  elements: string[];
  /** The versions of {@link TOOLS}, and of any other package the stylesheet imports. */
  tools: Record<string, string>;
  /** This file's source: how the CSS is compiled and pruned. */
  code: string;
  /** The brand's colours as a theme (src/build/brand.ts), compiled after the stylesheet. */
  theme: string;
}

/**
 * What the stylesheet for `tokens` (class names and element tokens), in the brand's `theme`, is made from.
 */
export function cssInputs(tokens: Iterable<string>, theme: string, stylesheet = STYLESHEET): CssInputs {
  const classes: string[] = [];
  const elements: string[] = [];
  for (const t of new Set(tokens)) (t.startsWith("<") ? elements : classes).push(t);
  const sheets: [string, string][] = [];
  const tools = Object.fromEntries(TOOLS.map((name) => [name, packageVersion(name)]));
  const read = (file: string) => {
    const name = path.relative(path.dirname(stylesheet), file);
    if (sheets.some(([f]) => f === name)) return;
    const text = readFileSync(file, "utf8");
    sheets.push([name, text]);
    for (const [, spec] of text.matchAll(
      /@(?:import|plugin|config|reference)\s+(?:url\()?["']([^"']+)["']/g,
    )) {
      if (/^\.{1,2}\//.test(spec)) read(path.resolve(path.dirname(file), spec));
      else tools[spec] ??= packageVersion(spec.match(/^(@[^/]+\/)?[^/]+/)![0]);
    }
  };
  read(stylesheet);
  return {
    sheets,
    classes: classes.sort(),
    elements: elements.sort(),
    tools,
    code: readFileSync(import.meta.filename, "utf8"),
    theme,
  };
}

/** The stylesheet and every file it imports. */
export const stylesheetFiles = (stylesheet = STYLESHEET) =>
  cssInputs([], "", stylesheet).sheets.map(([name]) => path.resolve(path.dirname(stylesheet), name));

export const cssKey = (inputs: CssInputs) => sha256(JSON.stringify(inputs)).slice(0, 32);

/**
 * Compiles the stylesheet for one set of class names (and {@link MarkupTokens.elements} tokens) in the brand's
 * `theme` (brandTheme), minified, or takes it from the cache when nothing it is made from changed. A cold
 * build pays only for hashing its inputs and writing the file.
 */
export async function cssFor(
  tokens: Iterable<string>,
  {
    theme,
    cacheDir = process.env.CSS_CACHE_DIR || DEFAULT_CSS_CACHE_DIR,
    stylesheet = STYLESHEET,
  }: { theme: string; cacheDir?: string; stylesheet?: string },
): Promise<string> {
  const inputs = cssInputs(tokens, theme, stylesheet);
  const file = path.join(cacheDir, `${cssKey(inputs)}.css`);
  try {
    return readFileSync(file, "utf8");
  } catch {
    const css = await compileCss(inputs, stylesheet);
    mkdirSync(cacheDir, { recursive: true });
    const tmp = `${file}.tmp-${process.pid}`;
    writeFileSync(tmp, css);
    renameSync(tmp, file); // whole or not at all: builds running at once may write the same file
    return css;
  }
}

async function compileCss(
  { sheets, classes, elements, theme }: CssInputs,
  stylesheet: string,
): Promise<string> {
  // Tailwind's compiler and Lightning CSS take a tenth of a second to load: only a cache miss does.
  const { compile, optimize } = await import("@tailwindcss/node");
  const { transform } = await import("lightningcss");
  // Polyfills.None (0): no fallbacks for browsers without @property or
  // color-mix() (Safari before 16.4, Firefox before 128). Every browser the
  // site's visitors use now has both, and the fallbacks cost ~0.5 KB gzip a page.
  const compiler = await compile(`${sheets[0][1]}\n${theme}`, {
    base: path.dirname(stylesheet),
    onDependency: () => {},
    polyfills: 0,
  });
  // Pruned before Tailwind's own Lightning CSS passes, which then minify what is left. A caller
  // that names no element (no "<…>" token) gets every reset: nothing is known to be missing.
  const pruned = prune(transform, compiler.build(classes), new Set(elements), stylesheet);
  return optimize(pruned, { minify: true }).code;
}

/**
 * Input types by the pseudo-elements only they have (Lightning CSS names
 * `::file-selector-button` by its kind, a `::-webkit-…` one by its name).
 */
const INPUT_PARTS: [RegExp, string[]][] = [
  [/^file-selector-button$/, ["file"]],
  [
    /^-webkit-(datetime-edit|date-and-time-value|calendar-picker-indicator)/,
    ["date", "time", "datetime-local", "month", "week"],
  ],
  [/-spin-button$/, ["number"]],
  [/^-webkit-search/, ["search"]],
];
const RARE = new Set(RARE_ELEMENTS);

/**
 * What a selector cannot match without: for each rare element it names (not
 * inside :where(), :is() or :not()) that element's token, and for each
 * pseudo-element of an input type the tokens of the types that have it; the
 * page must have one token of every entry.
 */
function needs(selector: Selector): string[][] {
  const found: string[][] = [];
  for (const c of selector) {
    if (c.type === "type" && RARE.has(c.name)) found.push([`<${c.name}>`]);
    else if (c.type === "pseudo-element") {
      const name = c.kind === "custom" ? c.name : c.kind;
      const types = INPUT_PARTS.find(([re]) => re.test(name))?.[1];
      if (types) found.push(types.map((t) => `<input type=${t}>`));
    }
  }
  return found;
}

/**
 * What a page's CSS cannot use, taken out in one Lightning CSS pass
 * (https://lightningcss.dev/transforms.html):
 *
 * - Preflight resets elements this site rarely uses (tables, code, date
 *   pickers…). A selector that needs an element or input type the pages do
 *   not have (`elements`) cannot match there and is dropped, wherever it is
 *   (a reset, or a utility such as `[&_table]:w-full`), and so is a rule left
 *   with no selector. Skipped when `elements` is empty: nothing is known to be
 *   missing.
 * - Tailwind registers (`@property`) every custom property its utilities set,
 *   also those only set and never read (`.font-bold` sets `--tw-font-weight`
 *   for utilities this page does not have). A registration matters only where
 *   `var()` reads the property, so one for a property no `var()` names goes
 *   (about 50–60 bytes gzip a page).
 *
 * Only selectors and @property rules cross into JavaScript, and only the
 * dropped ones come back: a visitor that returns whole style rules has
 * Lightning CSS read their declarations back, which fails on var() in 1.33
 * (https://github.com/parcel-bundler/lightningcss/issues/1065).
 */
function prune(
  transform: typeof import("lightningcss").transform,
  css: string,
  elements: Set<string>,
  stylesheet: string,
): string {
  const read = new Set(Array.from(css.matchAll(/var\((--[\w-]+)/g), (m) => m[1]));
  const { code } = transform({
    filename: stylesheet,
    code: Buffer.from(css),
    visitor: {
      Selector:
        elements.size > 0
          ? (selector) =>
              needs(selector).every((tokens) => tokens.some((t) => elements.has(t))) ? undefined : []
          : undefined,
      Rule: { property: (rule) => (read.has(rule.value.name) ? undefined : []) },
    },
  });
  return code.toString();
}
