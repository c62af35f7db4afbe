/**
 * The one build: content → validated data → routes → HTML + per-page CSS +
 * islands bundle → dist/. Writes into a temporary folder and swaps it in only
 * when everything succeeded, so a failed build leaves the previous dist/ alone.
 */
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadContent } from "../content/load.ts";
import { outputFile, routes, type Route, type RouteKind } from "../routes.ts";
import { bundleIslands } from "./bundle.ts";
import { classesInHtml, classesInIslands, cssFor } from "./css.ts";
import { renderRoute, type RenderOptions } from "./render.tsx";
import { writeSiteFiles } from "./site-files.ts";
import { CSS_PLACEHOLDER } from "../../templates/Layout.tsx";

export interface BuildOptions {
  contentDir?: string;
  outDir?: string;
  /** Overrides site.yaml's url (SITE_URL). */
  siteUrl?: string;
  formActions?: RenderOptions["formActions"];
}

export interface BuildResult {
  outDir: string;
  pages: { route: Route; file: string; bytes: number }[];
  totalBytes: number;
  ms: number;
}

export const DEFAULT_FORM_ACTIONS = { quote: "/api/quote", contact: "/api/contact" };

export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const contentDir = options.contentDir ?? "content";
  const outDir = path.resolve(options.outDir ?? "dist");
  const content = loadContent(contentDir);
  if (options.siteUrl) content.site.url = options.siteUrl;
  const formActions = options.formActions ?? DEFAULT_FORM_ACTIONS;

  const staging = `${outDir}.tmp-${process.pid}-${Date.now()}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    const islandsScript = await bundleIslands(staging);
    const rendered = routes(content).map((route) => ({ route, html: renderRoute(route, content, { formActions }) }));

    // One stylesheet per kind of page: pages of a kind share their classes, so
    // 29 suburb pages cost one compile, and each page still gets only what it uses.
    const islandClasses = classesInIslands();
    const byKind = new Map<RouteKind, Set<string>>();
    for (const { route, html } of rendered) {
      const set = byKind.get(route.kind) ?? new Set<string>();
      for (const c of classesInHtml(html)) set.add(c);
      if (hasIsland(html)) for (const c of islandClasses) set.add(c);
      byKind.set(route.kind, set);
    }
    const cssByKind = new Map<RouteKind, string>();
    for (const [kind, classes] of byKind) cssByKind.set(kind, await cssFor(classes));

    const pages: BuildResult["pages"] = [];
    for (const { route, html } of rendered) {
      let doc = html.replace(CSS_PLACEHOLDER, () => cssByKind.get(route.kind)!);
      if (hasIsland(html)) doc = doc.replace("</head>", () => `<script type="module" src="${islandsScript}"></script></head>`);
      const file = outputFile(route);
      mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
      writeFileSync(path.join(staging, file), doc);
      pages.push({ route, file, bytes: Buffer.byteLength(doc) });
    }
    cpSync(path.join(contentDir, "images"), path.join(staging, "images"), { recursive: true });
    writeSiteFiles(staging, content, { formActions });

    swapIn(staging, outDir);
    return { outDir, pages, totalBytes: pages.reduce((n, p) => n + p.bytes, 0), ms: performance.now() - started };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

const hasIsland = (html: string) => html.includes("data-island=");

function swapIn(staging: string, outDir: string) {
  const old = `${outDir}.old-${process.pid}-${Date.now()}`;
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(staging, outDir);
  rmSync(old, { recursive: true, force: true });
}
