/**
 * The one build: content → validated data → routes → HTML + per-page CSS +
 * islands bundle → dist/. Writes into a temporary folder and swaps it in only
 * when everything succeeded, so a failed build leaves the previous dist/ alone.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bookingUnsettled, estimatesOff, placeholdersLeft, loadContent } from "./content/load.ts";
import type { Content } from "../content/content.ts";
import type { Route, RouteKind } from "../content/routes.ts";
import { FORM_PATHS } from "../shared/relay-paths.ts";
import { LEADS_RETENTION_DAYS, readWholeNumber } from "../shared/settings.ts";
import { bundleIslands } from "./bundle.ts";
import { brandTheme } from "./brand.ts";
import { cssFor } from "./css.ts";
import { buildImages, type PhotoProgress } from "./images.ts";
import { copyOtherImages } from "./other-images.ts";
import type { RenderOptions } from "./render.tsx";
import { renderPages } from "./render-pages.ts";
import { writeSiteFiles } from "./site-files.ts";
import { writeAdmin } from "./cms/admin.ts";
import { cmsNotConnected, githubBackend, siteCmsConfig, type CmsSettings } from "./cms/config.ts";

export interface BuildOptions {
  contentDir?: string;
  outDir?: string;
  /** Overrides site.yaml's url (SITE_URL). */
  siteUrl?: string;
  formActions?: RenderOptions["formActions"];
  /**
   * Days the relay keeps what visitors typed, which the privacy policy states; LEADS_RETENTION_DAYS as the
   * relay reads it, else its default.
   */
  retentionDays?: number;
  /**
   * Called with the content as loaded (before siteUrl), for what else is made from it: npm run build
   * writes the booking's markup from the content this build loaded, instead of loading it twice.
   */
  onContent?: (content: Content) => void;
  /** Called as pages render: done of total (for a progress line). */
  onProgress?: (done: number, total: number) => void;
  /** Called as photos are made into copies (for a line per photo, or a progress line). */
  onPhoto?: PhotoProgress;
  /** The repository and sign-in the editor at /admin/ saves through (CMS_REPO, CMS_BRANCH, CMS_AUTH_URL). */
  cms?: CmsSettings;
  /**
   * Where processed photos are kept between builds (src/build/images.ts); IMAGE_CACHE_DIR, else
   * .cache/images.
   */
  imageCacheDir?: string;
}

export interface BuildResult {
  outDir: string;
  pages: { route: Route; file: string; bytes: number }[];
  totalBytes: number;
  ms: number;
  /**
   * Where the time went, in ms: reading content/, photos, rendering, CSS, writing pages, the rest (copying
   * files, site files, swap).
   */
  phases: { content: number; images: number; render: number; css: number; write: number; other: number };
  /** Photos made afresh and taken from the cache. */
  images: { processed: number; cached: number };
  /** Problems that do not stop the build (a photo smaller than its place needs), in the content's words. */
  warnings: string[];
  /**
   * What the owner should know that is not a problem: estimates are off while content/pricing.yaml is not
   * there.
   */
  notes: string[];
}

export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const contentDir = options.contentDir ?? "content";
  const outDir = path.resolve(options.outDir ?? "dist");
  const content = loadContent(contentDir);
  options.onContent?.(content);
  const phases: BuildResult["phases"] = {
    content: performance.now() - started,
    images: 0,
    render: 0,
    css: 0,
    write: 0,
    other: 0,
  };
  const lap = (phase: keyof BuildResult["phases"], since: number) =>
    (phases[phase] = performance.now() - since);
  if (options.siteUrl) content.site.url = options.siteUrl;
  // The forms post to this site's own relay paths unless told otherwise (RELAY_URL in scripts/build-site.ts).
  const defaults = renderDefaults();
  const formActions = options.formActions ?? defaults.formActions;
  const retentionDays = options.retentionDays ?? defaults.retentionDays;

  const staging = `${outDir}.tmp-${process.pid}-${Date.now()}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  let bundling: Promise<string> = Promise.resolve("");
  let admin: Promise<void> = Promise.resolve();
  try {
    // esbuild bundles in its own process while this thread renders.
    // An absolute form action names the relay's origin (RELAY_URL); the loader needs it for call taps.
    bundling = bundleIslands(
      staging,
      /^https?:\/\//.test(formActions.quote) ? new URL(formActions.quote).origin : "",
    );
    bundling.catch(() => {}); // awaited below; this only keeps a render error from also being an unhandled rejection
    admin = writeAdmin(staging, {
      config: siteCmsConfig({
        backend: githubBackend(options.cms),
        siteUrl: content.site.url,
        siteName: content.site.name,
      }),
      title: `Edit the site: ${content.site.name}`,
    });
    admin.catch(() => {}); // likewise
    let t = performance.now();
    const images = await buildImages(content, {
      outDir: staging,
      cacheDir: options.imageCacheDir,
      onPhoto: options.onPhoto,
    });
    lap("images", t);
    t = performance.now();
    const rendered = await renderPages(
      content,
      { formActions, retentionDays },
      { dir: staging, onProgress: options.onProgress },
    );
    lap("render", t);
    let pages: BuildResult["pages"];
    const cssByKind: Partial<Record<RouteKind, string>> = {};
    try {
      // One stylesheet per kind of page: pages of a kind share their classes, so
      // 29 suburb pages cost one compile, and each page still gets only what it uses.
      t = performance.now();
      const theme = brandTheme(content.site.colours);
      for (const [kind, classes] of rendered.classesByKind)
        cssByKind[kind] = await cssFor(classes, { theme });
      // A folded kind inlines its first screen's CSS; its whole CSS is a file of its own (decision 0087).
      const later: Partial<Record<RouteKind, string>> = {};
      for (const [kind, firstScreen] of rendered.firstScreenByKind) {
        later[kind] = writeStylesheet(staging, kind, cssByKind[kind]!);
        cssByKind[kind] = await cssFor(firstScreen, { theme });
      }
      lap("css", t);
      const islandsScript = await bundling;
      t = performance.now();
      pages = await rendered.write({ css: cssByKind, later, islandsScript });
      lap("write", t);
    } finally {
      await rendered.close();
    }
    const warnings = [...images.warnings, ...(await copyOtherImages(contentDir, staging, images.photos))];
    writeSiteFiles(staging, content, { formActions, styles: Object.values(cssByKind) });
    await admin;

    swapIn(staging, outDir);
    const ms = performance.now() - started;
    phases.other = ms - phases.content - phases.images - phases.render - phases.css - phases.write;
    return {
      outDir,
      pages,
      totalBytes: pages.reduce((n, p) => n + p.bytes, 0),
      ms,
      phases,
      images: { processed: images.processed, cached: images.cached },
      warnings,
      notes: [
        content.pricing ? undefined : estimatesOff(contentDir),
        placeholdersLeft(contentDir, content.site),
        bookingUnsettled(contentDir, content.booking),
        options.cms?.repo ? undefined : cmsNotConnected,
      ].filter((n) => n !== undefined),
    };
  } catch (error) {
    // esbuild may still be writing the scripts into the folder: let it finish, or it leaves the folder
    // behind.
    await bundling.catch(() => {});
    await admin.catch(() => {});
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * What a page renders with when nothing says otherwise: the site's own relay paths, and the relay's retention
 * setting.
 */
export const renderDefaults = (env: Record<string, string | undefined> = process.env): RenderOptions => ({
  formActions: FORM_PATHS,
  retentionDays: leadRetentionDays(env),
});

/**
 * LEADS_RETENTION_DAYS read by the rule the relay reads it by (src/shared/settings.ts), so the
 * privacy policy states the relay's rule and default, never a copy of them. A relay run with
 * another value than the build saw would make the policy wrong: build with the relay's setting
 * (README: The form relay).
 */
export function leadRetentionDays(env: Record<string, string | undefined>): number {
  const days = readWholeNumber(env.LEADS_RETENTION_DAYS, LEADS_RETENTION_DAYS);
  if (typeof days === "number") return days;
  throw new Error(`LEADS_RETENTION_DAYS: ${days.problem}`);
}

/** A kind's whole stylesheet as /assets/css/KIND.HASH.css, cached for a year like every file there. */
function writeStylesheet(dir: string, kind: string, css: string): string {
  const name = `${kind}.${createHash("sha256").update(css).digest("hex").slice(0, 8)}.css`;
  mkdirSync(path.join(dir, "assets", "css"), { recursive: true });
  writeFileSync(path.join(dir, "assets", "css", name), css);
  return `/assets/css/${name}`;
}

function swapIn(staging: string, outDir: string) {
  const old = `${outDir}.old-${process.pid}-${Date.now()}`;
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(staging, outDir);
  rmSync(old, { recursive: true, force: true });
}
