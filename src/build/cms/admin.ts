/**
 * /admin/ in the built site: the CMS the owner edits content/ with in a browser (Sveltia CMS,
 * decision 0090). The build writes the page, the configuration made from the content schemas
 * (config.ts), and the CMS itself with its fonts (bundle.ts).
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { escapeMarkup } from "../../shared/escape.ts";
import { packageDir } from "../package-version.ts";
import { linkOrCopy } from "../photo-cache.ts";
import { ADMIN_DIR, CMS_PACKAGE, cmsBundle } from "./bundle.ts";

export { ADMIN_DIR } from "./bundle.ts";

/**
 * The address of Sveltia's JSON Schema for its configuration, which its loader looks for as the
 * file's `$schema` (without it, it suggests adding it in the browser's console). Only a name: the
 * tests validate the configuration against the copy in the installed package.
 */
const SCHEMA_URL = "https://unpkg.com/@sveltia/cms/schema/sveltia-cms.json";

export interface AdminOptions {
  /** The configuration (config.ts), written as config.json. */
  config: object;
  /** The page's title. */
  title: string;
  /** Where the bundle is kept (bundle.ts). */
  cacheDir?: string;
}

/** Writes admin/ into `outDir`: the page, config.json, the CMS and its fonts. */
export async function writeAdmin(outDir: string, { config, title, cacheDir }: AdminOptions): Promise<void> {
  const dir = path.join(outDir, ADMIN_DIR);
  const bundled = await cmsBundle(cacheDir);
  const assets = path.join(packageDir(CMS_PACKAGE), "npm", "assets");
  mkdirSync(path.join(dir, "assets"), { recursive: true });
  for (const file of readdirSync(bundled)) linkOrCopy(path.join(bundled, file), path.join(dir, file));
  // Fonts, the image decoders' WebAssembly and their licences: the bundle names them by its own address.
  for (const file of readdirSync(assets).filter((f) => !f.endsWith(".map")))
    linkOrCopy(path.join(assets, file), path.join(dir, "assets", file));
  writeFileSync(path.join(dir, "index.html"), adminPage(title));
  writeFileSync(path.join(dir, "config.json"), configFile(config));
}

/** The editor's page: nothing but the CMS, kept out of search engines. */
export const adminPage = (title: string) => `<!DOCTYPE html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeMarkup(title)}</title>
<link rel="cms-config-url" type="application/json" href="/admin/config.json">
<script type="module" src="/admin/cms.js"></script>
</head>
<body></body>
</html>
`;

/**
 * config.json: written by the build from the content schemas, never by hand. JSON rather than
 * Sveltia's usual YAML, which the build would load a YAML writer for.
 */
export const configFile = (config: object) =>
  JSON.stringify({ $schema: SCHEMA_URL, ...config }, null, 2) + "\n";
