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
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const BUDGETS = {
  /** HTML with its inline CSS, gzip. */
  firstPaintGzip: 14 * 1024,
  /** Script that runs at load, gzip. */
  loadScriptGzip: 20 * 1024,
} as const;

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
}

export const gzipSize = (data: string | Buffer) => gzipSync(data, { level: 9 }).length;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const REACT = /react\.(transitional\.)?element/;

/** Measures every .html file under root. */
export function measureSite(root: string): PageWeight[] {
  const pages = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".html")).sort();
  const scripts = new ScriptGraph(root);
  return pages.map((page) => measurePage(root, page.split(path.sep).join("/"), scripts));
}

function measurePage(root: string, page: string, scripts: ScriptGraph): PageWeight {
  const html = readFileSync(path.join(root, page), "utf8");
  const head = html.slice(0, Math.max(0, html.indexOf("</head>"))) || html;
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");

  const renderBlocking: string[] = [];
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (/\brel="?stylesheet/i.test(tag) && !/\bmedia="?print/i.test(tag) && !/\bdisabled\b/.test(tag)) renderBlocking.push(`stylesheet ${attr(tag, "href")}`);
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
    loadScriptGzip: loadScripts.reduce((n, s) => n + scripts.gzip(s), 0) + (inlineScript ? gzipSize(inlineScript) : 0),
    reactAtLoad: loadScripts.filter((s) => scripts.hasReact(s)),
    reactEver: everScripts.filter((s) => scripts.hasReact(s)),
    hasIsland: html.includes("data-island="),
  };
}

/** One message per broken budget, each naming the page, the figure and the budget. */
export function budgetViolations(pages: PageWeight[]): string[] {
  const out: string[] = [];
  for (const p of pages) {
    if (p.htmlGzip > BUDGETS.firstPaintGzip) {
      out.push(`${p.page}: HTML + inline CSS is ${kb(p.htmlGzip)} gzip (${p.htmlGzip} bytes), over the ${kb(BUDGETS.firstPaintGzip)} first-paint budget by ${p.htmlGzip - BUDGETS.firstPaintGzip} bytes`);
    }
    for (const r of p.renderBlocking) out.push(`${p.page}: render-blocking request (${r}); the budget is none besides the HTML`);
    if (p.loadScriptGzip > BUDGETS.loadScriptGzip) {
      out.push(`${p.page}: script run at load is ${kb(p.loadScriptGzip)} gzip (${p.loadScripts.join(", ")}), over the ${kb(BUDGETS.loadScriptGzip)} budget`);
    }
    if (p.reactAtLoad.length > 0) out.push(`${p.page}: React loads with the page (${p.reactAtLoad.join(", ")}); the budget is no React until an island wakes`);
    if (!p.hasIsland && p.reactEver.length > 0) out.push(`${p.page}: has no island but can load React (${p.reactEver.join(", ")}); the budget is no React on pages without islands`);
  }
  return out;
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** The site's JavaScript files and the imports between them, as esbuild writes them. */
class ScriptGraph {
  private cache = new Map<string, { code: string; gzip: number; staticImports: string[]; dynamicImports: string[] }>();
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
        staticImports: [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+)["']/g)].map((m) => resolve(m[1])),
        dynamicImports: [...code.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)].map((m) => resolve(m[1])),
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
