/**
 * Page-weight budgets, measured on a built site. Bytes are deterministic, so
 * a budget is a test, not a dashboard: every figure here is what a visitor's
 * browser receives (gzip level 9, as src/server/static.ts serves it).
 *
 *  - HTML + inline CSS ≤ 14 KB gzip: the first paint arrives in the first
 *    round trip of a new TCP connection (10 segments of ~1.4 KB).
 *  - No render-blocking request besides the HTML (no stylesheet link, no
 *    classic script in <head>, no @import).
 *  - Script that runs as the page loads (module scripts and their static
 *    imports) ≤ 20 KB gzip, and it never contains React: React arrives with
 *    the first island that wakes. A page without islands never loads React.
 *  - Images, as a 390 px wide phone at 3× density picks them (the first
 *    <source> it can show, the srcset candidate `sizes` makes it choose):
 *    each ≤ 150 KB, and the page's LCP image (fetchpriority="high") ≤ 100 KB.
 *    Every <img> has width and height, so nothing moves as images arrive.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { ADMIN_DIR } from "../build/cms/bundle.ts";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const BUDGETS = {
  /** HTML with its inline CSS, gzip. */
  firstPaintGzip: 14 * 1024,
  /** Script that runs at load, gzip. */
  loadScriptGzip: 20 * 1024,
  /** Any image a phone picks. */
  imageBytes: 150 * 1024,
  /** The page's LCP image a phone picks. */
  lcpImageBytes: 100 * 1024,
} as const;

/**
 * What the home page keeps free of its first-paint budget with a photo in every slot and 30 suburbs in its
 * grid, for the owner to add to it: about a testimonial, or a dozen suburbs more (decision 0087; 1,536
 * until the layouts for large text on a small screen took 41 bytes of it, decision 0105).
 */
export const HOME_ROOM = 1472;

/** The phone the image budgets are measured on: 390 CSS px wide at 3× (an iPhone 12 to 16). */
export const BUDGET_PHONE = { width: 390, dpr: 3 } as const;

export interface ImageWeight {
  /** The file a phone picks, as the page names it. */
  src: string;
  /** Its size; -1 when the site has no such file. */
  bytes: number;
  lcp: boolean;
  /** The <img> tag, when it lacks width or height. */
  unsized?: string;
}

export interface PageWeight {
  /** Relative to the site root, e.g. "suburbs/paddington/index.html". */
  page: string;
  htmlGzip: number;
  cssBytes: number;
  renderBlocking: string[];
  /** Files (site paths) that run at load: module entries and their static imports. */
  loadScripts: string[];
  loadScriptGzip: number;
  /** Script files whose code contains React, whether loaded at once or later. */
  reactAtLoad: string[];
  reactEver: string[];
  hasIsland: boolean;
  images: ImageWeight[];
}

export const gzipSize = (data: string | Buffer) => gzipSync(data, { level: 9 }).length;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** What marks a script as containing React. */
export const REACT = /react\.(transitional\.)?element/;

/** Measures every .html file under root but the CMS's page at /admin/, which is the owner's tool (decision 0092). */
export function measureSite(root: string): PageWeight[] {
  const pages = readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".html") && f.split(path.sep)[0] !== ADMIN_DIR)
    .sort();
  const scripts = new ScriptGraph(root);
  return pages.map((page) => measurePage(root, page.split(path.sep).join("/"), scripts));
}

function measurePage(root: string, page: string, scripts: ScriptGraph): PageWeight {
  const html = readFileSync(path.join(root, page), "utf8");
  const head = html.slice(0, Math.max(0, html.indexOf("</head>"))) || html;
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");

  const renderBlocking: string[] = [];
  // Only the head's stylesheets hold up the first paint: one in the body blocks no paint of what comes
  // before it (HTML's render-blocking rules; https://www.chromestatus.com/feature/5696805480169472).
  for (const tag of head.match(/<link\b[^>]*>/g) ?? []) {
    if (/\brel="?stylesheet/i.test(tag) && !/\bmedia="?print/i.test(tag) && !/\bdisabled\b/.test(tag))
      renderBlocking.push(`stylesheet ${attr(tag, "href")}`);
  }
  for (const tag of head.match(/<script\b[^>]*>/g) ?? []) {
    const src = attr(tag, "src");
    const type = attr(tag, "type");
    if (src && type !== "module" && !/\s(async|defer)[\s=>]/.test(tag)) renderBlocking.push(`script ${src}`);
  }
  if (/@import\b/.test(css)) renderBlocking.push("@import in inline CSS");

  const entries: string[] = [];
  let inlineScript = "";
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const type = attr(m[1], "type");
    if (type && type !== "module" && type !== "text/javascript") continue; // JSON-LD and other data blocks never run
    const src = attr(m[1], "src");
    if (src) entries.push(src);
    else inlineScript += m[2];
  }
  const loadScripts = scripts.closure(entries, false);
  const everScripts = scripts.closure(entries, true);
  return {
    page,
    htmlGzip: gzipSize(html),
    cssBytes: Buffer.byteLength(css),
    renderBlocking,
    loadScripts,
    loadScriptGzip:
      loadScripts.reduce((n, s) => n + scripts.gzip(s), 0) + (inlineScript ? gzipSize(inlineScript) : 0),
    reactAtLoad: loadScripts.filter((s) => scripts.hasReact(s)),
    reactEver: everScripts.filter((s) => scripts.hasReact(s)),
    hasIsland: html.includes("data-island="),
    images: measureImages(root, html),
  };
}

/** Each image on the page, as {@link BUDGET_PHONE} picks it. */
function measureImages(root: string, html: string): ImageWeight[] {
  const out: ImageWeight[] = [];
  const pictures = [...html.matchAll(/<picture\b[^>]*>([\s\S]*?)<\/picture>/g)];
  const rest = html.replace(/<picture\b[^>]*>[\s\S]*?<\/picture>/g, "");
  const fileSize = (src: string) => {
    const file = path.join(root, decodeURI(src.split(/[?#]/)[0]));
    if (!src.startsWith("/")) return 0; // another site's image (none today) is not ours to weigh
    return existsSync(file) ? statSync(file).size : -1;
  };
  const weigh = (img: string, chosenFrom: string) => {
    const src = pick(chosenFrom);
    const sized = attr(img, "width") && attr(img, "height");
    out.push({
      src,
      bytes: fileSize(src),
      lcp: attr(img, "fetchpriority")?.toLowerCase() === "high",
      ...(sized ? {} : { unsized: img }),
    });
  };
  for (const [, inner] of pictures) {
    const img = /<img\b[^>]*>/.exec(inner)?.[0] ?? "<img>";
    // Browsers that show this site (Chromium, Safari 16+, Firefox 93+) all read AVIF, the first source.
    weigh(img, /<source\b[^>]*>/.exec(inner)?.[0] ?? img);
  }
  for (const [img] of rest.matchAll(/<img\b[^>]*>/g)) weigh(img, img);
  return out;
}

/** The candidate a phone of {@link BUDGET_PHONE} takes from a tag's srcset and sizes (or its src). */
function pick(tag: string): string {
  const srcset = attr(tag, "srcset");
  if (!srcset) return attr(tag, "src") ?? "";
  const candidates = srcset.split(",").map((c) => {
    const [url, w] = c.trim().split(/\s+/);
    return { url, width: parseInt(w ?? "", 10) || 0 };
  });
  const needed = slotWidth(attr(tag, "sizes") ?? "100vw", BUDGET_PHONE.width) * BUDGET_PHONE.dpr;
  candidates.sort((a, b) => a.width - b.width);
  return (candidates.find((c) => c.width >= needed) ?? candidates.at(-1)!).url;
}

/**
 * The width, in CSS px, that a `sizes` attribute gives at a viewport width: (min-width)/(max-width)
 * conditions and px, vw or calc(vw ± px) lengths.
 */
export function slotWidth(sizes: string, viewport: number): number {
  for (const entry of sizes.split(/,(?![^(]*\))/)) {
    const m = /^\s*(?:\((min|max)-width:\s*(\d+)px\)\s+)?(.+?)\s*$/.exec(entry);
    if (!m) continue;
    const [, minMax, at, length] = m;
    if (minMax === "min" && viewport < Number(at)) continue;
    if (minMax === "max" && viewport > Number(at)) continue;
    const terms = length.replace(/^calc\((.*)\)$/, "$1").match(/[-+]?\s*[\d.]+(?:px|vw)/g) ?? [];
    return terms.reduce((sum, t) => {
      const v = parseFloat(t.replace(/\s+/g, ""));
      return sum + (t.endsWith("vw") ? (v * viewport) / 100 : v);
    }, 0);
  }
  return viewport;
}

/** One message per broken budget, each naming the page, the figure and the budget. */
export function budgetViolations(pages: PageWeight[]): string[] {
  const out: string[] = [];
  for (const p of pages) {
    if (p.htmlGzip > BUDGETS.firstPaintGzip) {
      out.push(
        `${p.page}: HTML + inline CSS is ${kb(p.htmlGzip)} gzip (${p.htmlGzip} bytes), over the ${kb(BUDGETS.firstPaintGzip)} first-paint budget by ${p.htmlGzip - BUDGETS.firstPaintGzip} bytes`,
      );
    }
    for (const r of p.renderBlocking)
      out.push(`${p.page}: render-blocking request (${r}); the budget is none besides the HTML`);
    if (p.loadScriptGzip > BUDGETS.loadScriptGzip) {
      out.push(
        `${p.page}: script run at load is ${kb(p.loadScriptGzip)} gzip (${p.loadScripts.join(", ")}), over the ${kb(BUDGETS.loadScriptGzip)} budget`,
      );
    }
    if (p.reactAtLoad.length > 0)
      out.push(
        `${p.page}: React loads with the page (${p.reactAtLoad.join(", ")}); the budget is no React until an island wakes`,
      );
    if (!p.hasIsland && p.reactEver.length > 0)
      out.push(
        `${p.page}: has no island but can load React (${p.reactEver.join(", ")}); the budget is no React on pages without islands`,
      );
    const phone = `a ${BUDGET_PHONE.width} px phone at ${BUDGET_PHONE.dpr}×`;
    for (const img of p.images) {
      if (img.unsized)
        out.push(
          `${p.page}: ${img.unsized} has no width and height; the budget is every <img> sized, so nothing moves as it loads`,
        );
      if (img.bytes < 0) out.push(`${p.page}: the image ${phone} picks, ${img.src}, is not in the site`);
      else if (img.lcp && img.bytes > BUDGETS.lcpImageBytes)
        out.push(
          `${p.page}: the LCP image ${phone} picks, ${img.src}, is ${kb(img.bytes)}, over the ${kb(BUDGETS.lcpImageBytes)} budget`,
        );
      else if (img.bytes > BUDGETS.imageBytes)
        out.push(
          `${p.page}: the image ${phone} picks, ${img.src}, is ${kb(img.bytes)}, over the ${kb(BUDGETS.imageBytes)} budget`,
        );
    }
  }
  return out;
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** The site's JavaScript files and the imports between them, as esbuild writes them. */
class ScriptGraph {
  private cache = new Map<
    string,
    { code: string; gzip: number; staticImports: string[]; dynamicImports: string[] }
  >();
  constructor(private root: string) {}

  private load(sitePath: string) {
    let entry = this.cache.get(sitePath);
    if (!entry) {
      const file = path.join(this.root, sitePath);
      const code = existsSync(file) ? readFileSync(file, "utf8") : "";
      const resolve = (spec: string) => path.posix.join(path.posix.dirname(sitePath), spec);
      entry = {
        code,
        gzip: gzipSize(code),
        staticImports: [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+)["']/g)].map((m) =>
          resolve(m[1]),
        ),
        dynamicImports: [...code.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)].map((m) =>
          resolve(m[1]),
        ),
      };
      this.cache.set(sitePath, entry);
    }
    return entry;
  }

  /** Every file reachable from the entries: by static imports, or by any import when `dynamic`. */
  closure(entries: string[], dynamic: boolean): string[] {
    const seen = new Set<string>();
    const visit = (p: string) => {
      if (seen.has(p) || !p.startsWith("/")) return;
      seen.add(p);
      const e = this.load(p);
      for (const i of e.staticImports) visit(i);
      if (dynamic) for (const i of e.dynamicImports) visit(i);
    };
    for (const e of entries) visit(e);
    return [...seen];
  }

  gzip = (p: string) => this.load(p).gzip;
  hasReact = (p: string) => REACT.test(this.load(p).code);
}
