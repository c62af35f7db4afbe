/**
 * The configuration of the CMS at /admin/ (Sveltia CMS, decision 0090), made by the build from
 * the list of content files and their zod schemas: each content file is one entry of the editor,
 * its fields read from its schema (fields.ts). Nothing in it is written by hand, so it cannot
 * drift from what the build checks.
 */
import type * as z from "zod";
import { CONTENT_FILES } from "../../content/content.ts";
import { fieldsOf, labelFor, type CmsField } from "./fields.ts";

/** Where the owner's pictures are, as the content files name them (README: Add or change a photo). */
export const MEDIA_FOLDER = "content/images";

/**
 * The content files the editor is made from, as the registry lists them (src/content/content.ts): each
 * file's key, its name in content/, and its schema.
 */
export type ContentFiles = Record<string, { readonly file: string; readonly schema: z.ZodType }>;

/**
 * Where the editor reads and saves: GitHub, signed in through the sveltia-cms-auth Worker
 * (docs/editing.md), or the browser's own storage (`test-repo`, for the tests).
 */
export type CmsBackend =
  { name: "github"; repo: string; branch: string; base_url?: string } | { name: "test-repo" };

/** Where the editor saves, as npm run build is told (CMS_REPO, CMS_BRANCH, CMS_AUTH_URL: build-settings.ts). */
export interface CmsSettings {
  repo?: string;
  branch?: string;
  authUrl?: string;
}

/**
 * The repository named until CMS_REPO is set: Sveltia needs one written "owner/name", and this one
 * says, wherever the editor shows it, what to do. Working with a clone on the owner's computer
 * (local repository mode) saves to the clone and never asks GitHub.
 */
export const REPO_NOT_SET = "CMS_REPO-not-set/see-docs-editing";

/** The GitHub backend, signed in to through the sveltia-cms-auth Worker at `authUrl` (docs/editing.md). */
export const githubBackend = ({ repo, branch, authUrl }: CmsSettings = {}): CmsBackend => ({
  name: "github",
  repo: repo ?? REPO_NOT_SET,
  branch: branch ?? "main",
  ...(authUrl ? { base_url: authUrl } : {}),
});

/** What the build says while the editor has no repository to save to. */
export const cmsNotConnected =
  "The editor at /admin/ saves to GitHub once CMS_REPO (and CMS_AUTH_URL) are set; until then it works only with a clone on this computer (docs/editing.md).";

/** How the owner names each file in the editor's list, where the file's own name would not say it. */
const FILE_LABELS: Record<string, string> = {
  site: "Business details",
  home: "Home page",
  about: "About page",
  contact: "Contact page",
  quote: "Quote page",
  privacy: "Privacy policy",
  terms: "Terms",
  pricing: "Prices",
};

export interface CmsConfigOptions {
  backend: CmsBackend;
  /** The site's address, for the editor's link to it. */
  siteUrl: string;
  /** The business's name, in the editor's title. */
  siteName: string;
}

/** The whole configuration, as admin/config.json holds it. */
export function cmsConfig(files: ContentFiles, { backend, siteUrl, siteName }: CmsConfigOptions) {
  return {
    backend,
    app_title: `${siteName}: edit the site`,
    site_url: siteUrl,
    media_folder: MEDIA_FOLDER,
    // A picked file is written "/name.jpg": Sveltia writes the path under the public folder, and the
    // schemas read a leading "/" as content/images/ (src/content/schema/common.ts, Image).
    public_folder: "/",
    media_libraries: {
      // A phone's "IMG 2041.JPG" is saved as "img-2041.jpg" (and "IMG_2041.JPG" as "img_2041.jpg"),
      // the lowercase names the schemas ask for (formatFileName in Sveltia's
      // src/lib/services/utils/file.js); the stock photo services are third parties the site has no
      // account with.
      default: { config: { slugify_filename: true } },
      stock_assets: { providers: [] },
    },
    // An optional field left empty is left out of the file, as the schemas expect (they refuse an
    // empty string where a value is optional).
    output: { omit_empty_optional_fields: true },
    // The preview shows the fields' values, not the page: the site's look is the built page's.
    editor: { preview: false },
    singletons: Object.entries(files).map(([key, { file, schema }]) => singleton(key, file, schema)),
  };
}

function singleton(key: string, file: string, schema: z.ZodType) {
  const shape = (schema as z.ZodObject).shape as z.ZodRawShape | undefined;
  if (!shape) throw new Error(`content/${file}: the editor needs the file's schema to be an object`);
  const fields: CmsField[] = fieldsOf(shape, file);
  return {
    name: key,
    label: FILE_LABELS[key] ?? labelFor(key),
    file: `content/${file}`,
    format: "yaml",
    fields,
  };
}

/** The configuration for this site's files. */
export const siteCmsConfig = (options: CmsConfigOptions) => cmsConfig(CONTENT_FILES, options);
