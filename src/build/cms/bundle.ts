/**
 * The CMS at /admin/ (Sveltia CMS, decision 0090) as the build serves it: bundled from the pinned
 * npm package by esbuild, its fonts served from /admin/assets/, so the editor loads nothing from
 * another host (decision 0092).
 *
 * The package's npm build is ready for a bundler: esbuild resolves its imports (the packages it
 * loads on demand, the translations of its interface) into chunks beside cms.js. The bundle is
 * made from the package, esbuild, src/browser/admin/cms.ts and this file alone, so it is kept in
 * .cache/admin/ by their versions and text (ADMIN_CACHE_DIR moves it) and each build links it
 * from there, as it does photos: a few seconds once for each version of the CMS.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";
import { packageVersion } from "../package-version.ts";
import { sha256 } from "../source-hashes.mjs";

/** Where the CMS is on the site: /admin/. */
export const ADMIN_DIR = "admin";
/** The CMS's package, pinned to one version in package.json. */
export const CMS_PACKAGE = "@sveltia/cms";
const ENTRY = path.resolve(import.meta.dirname, "../../browser/admin/cms.ts");
const DEFAULT_ADMIN_CACHE_DIR = ".cache/admin";

/**
 * The packages only the code and map fields load (syntax highlighting, maps), which the
 * configuration never uses: left out, they are imports that would fail if one were ever made.
 */
const NOT_USED = ["@shikijs/*", "leaflet", "leaflet/*", "terra-draw", "terra-draw-leaflet-adapter"];
/**
 * The fonts Sveltia's stylesheet names on jsDelivr's CDN, as fontsource publishes them
 * ("…/fonts/source-sans-3:vf@5.3.0/latin-wght-normal.woff2"): the npm build ships the same files
 * in npm/assets/ ("source-sans-3-latin-wght-normal-<hash>.woff2") and adds them through the
 * FontFace API, but its stylesheet still names the CDN, which the browser would ask too.
 */
const CDN_FONT =
  /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)(?::vf)?@[\d.]+\/([a-z0-9-]+)\.woff2/g;

/** Points each of the stylesheet's fonts at the package's own copy, under /admin/assets/. */
const localFonts: esbuild.Plugin = {
  name: "local-fonts",
  setup(build) {
    build.onLoad({ filter: /@sveltia[\\/]cms[\\/]npm[\\/]index\.js$/ }, ({ path: file }) => {
      const assets = readdirSync(path.join(path.dirname(file), "assets"));
      let found = 0;
      const contents = readFileSync(file, "utf8").replace(CDN_FONT, (url, family: string, subset: string) => {
        const local = assets.find((a) => a.startsWith(`${family}-${subset}-`) && a.endsWith(".woff2"));
        if (!local) throw new Error(`${CMS_PACKAGE} names ${url}, and npm/assets/ has no copy of it`);
        found++;
        return `/${ADMIN_DIR}/assets/${local}`;
      });
      if (found === 0)
        throw new Error(
          `${CMS_PACKAGE}: no font of its stylesheet found to serve from /${ADMIN_DIR}/assets/`,
        );
      return { contents, loader: "js" };
    });
  },
};

const BUNDLE = {
  bundle: true,
  splitting: true,
  format: "esm",
  entryNames: "cms",
  chunkNames: "[name]-[hash]",
  external: NOT_USED,
  // The package comes minified; what bundling adds (module wrappers, comments) need not reach a phone.
  minify: true,
  logLevel: "silent",
} satisfies esbuild.BuildOptions;

/** The folder holding cms.js and its chunks, bundled now unless the cache has them. */
export async function cmsBundle(
  cacheDir = process.env.ADMIN_CACHE_DIR || DEFAULT_ADMIN_CACHE_DIR,
): Promise<string> {
  const key = sha256(
    JSON.stringify({
      cms: packageVersion(CMS_PACKAGE),
      esbuild: esbuild.version,
      entry: readFileSync(ENTRY, "utf8"),
      options: BUNDLE,
      // How it is bundled, the fonts made local, is part of what it is made from.
      code: readFileSync(import.meta.filename, "utf8"),
    }),
  ).slice(0, 32);
  const dir = path.resolve(cacheDir, key);
  if (existsSync(path.join(dir, "cms.js"))) return dir;
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  await esbuild.build({ ...BUNDLE, plugins: [localFonts], entryPoints: [ENTRY], outdir: tmp });
  try {
    renameSync(tmp, dir); // whole or not at all: another build may have made the same one meanwhile
  } catch (error) {
    if (!existsSync(path.join(dir, "cms.js"))) throw error;
    rmSync(tmp, { recursive: true, force: true });
  }
  return dir;
}
