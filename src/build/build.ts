/**
 * The one build: content → validated data → routes → HTML + per-page CSS +
 * islands bundle → dist/. Writes into a temporary folder and swaps it in only
 * when everything succeeded, so a failed build leaves the previous dist/ alone.
 */
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { loadContent } from "../content/load.ts";
import type { Route, RouteKind } from "../routes.ts";
import { bundleIslands } from "./bundle.ts";
import { cssFor } from "./css.ts";
import type { RenderOptions } from "./render.tsx";
import { renderPages } from "./render-pages.ts";
import { writeSiteFiles } from "./site-files.ts";

export interface BuildOptions {
  contentDir?: string;
  outDir?: string;
  /** Overrides site.yaml's url (SITE_URL). */
  siteUrl?: string;
  formActions?: RenderOptions["formActions"];
  /** Called as pages render: done of total (for a progress line). */
  onProgress?: (done: number, total: number) => void;
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
    // esbuild bundles in its own process while this thread renders.
    const bundling = bundleIslands(staging);
    bundling.catch(() => {}); // awaited below; this only keeps a render error from also being an unhandled rejection
    const rendered = await renderPages(content, { formActions }, { onProgress: options.onProgress });
    let pages: BuildResult["pages"];
    try {
      // One stylesheet per kind of page: pages of a kind share their classes, so
      // 29 suburb pages cost one compile, and each page still gets only what it uses.
      const cssByKind: Partial<Record<RouteKind, string>> = {};
      for (const [kind, classes] of rendered.classesByKind) cssByKind[kind] = await cssFor(classes);
      pages = await rendered.write({ dir: staging, css: cssByKind, islandsScript: await bundling });
    } finally {
      await rendered.close();
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

function swapIn(staging: string, outDir: string) {
  const old = `${outDir}.old-${process.pid}-${Date.now()}`;
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(staging, outDir);
  rmSync(old, { recursive: true, force: true });
}
