/**
 * Tailwind CSS v4, compiled at build time with only the classes a page uses.
 * Each page's CSS is inlined, so the first paint needs nothing but the HTML.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { compile, optimize } from "@tailwindcss/node";

const STYLESHEET = path.resolve(import.meta.dirname, "../styles/site.css");
const ISLANDS_DIR = path.resolve(import.meta.dirname, "../islands");

/** Class names in the rendered HTML. */
export function classesInHtml(html: string): Set<string> {
  const found = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) for (const c of m[1].split(/\s+/)) if (c) found.add(c.replaceAll("&amp;", "&"));
  return found;
}

/**
 * Classes an island may add in the browser after it hydrates (a notice, an
 * open menu), which the server HTML does not show: every token of its source.
 */
export function classesInIslands(): Set<string> {
  const found = new Set<string>();
  for (const file of readdirSync(ISLANDS_DIR)) {
    if (!/\.tsx?$/.test(file) || /\.test\./.test(file)) continue;
    const source = readFileSync(path.join(ISLANDS_DIR, file), "utf8");
    for (const m of source.matchAll(/["'`]([^"'`\n]*)["'`]/g)) for (const c of m[1].split(/\s+/)) if (c) found.add(c);
  }
  return found;
}

/** Compiles the stylesheet for one set of class names, minified. */
export async function cssFor(classes: Iterable<string>): Promise<string> {
  const source = readFileSync(STYLESHEET, "utf8");
  const compiler = await compile(source, { base: path.dirname(STYLESHEET), onDependency: () => {} });
  return optimize(compiler.build([...classes]), { minify: true }).code;
}
