/**
 * The files around the pages that search engines, browsers and static hosts
 * read: sitemap.xml, robots.txt, the web app manifest, /favicon.ico, and
 * `_headers` (security headers and caching for Netlify and Cloudflare Pages,
 * which the project's server sends too). All of it from the one route list.
 */
import { createHash } from "node:crypto";
import { copyFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Content } from "../content/content.ts";
import { isIndexable, routes, type Route } from "../content/routes.ts";
import { BRAND_COLOURS, FAVICON_ICO, MANIFEST, MANIFEST_ICONS } from "../templates/seo/brand.ts";
import { absoluteUrl } from "../templates/seo/urls.ts";
import { formatHeadersFile, type HeaderRule } from "../server/headers-file.ts";
import { escapeMarkup } from "../shared/escape.ts";

export interface SiteFilesOptions {
  /** Where the forms post (the relay); its origin joins the CSP's connect-src and form-action. */
  formActions: { quote: string; contact: string };
  /** Every stylesheet inlined in the pages (one per kind of page), for the CSP's hashes. */
  styles: string[];
}

/** Writes the site files into `outDir`, where the pages and images already are. */
export function writeSiteFiles(
  outDir: string,
  content: Content,
  { formActions, styles }: SiteFilesOptions,
): void {
  const all = routes(content);
  const write = (file: string, text: string) => writeFileSync(path.join(outDir, file), text);

  write("sitemap.xml", sitemap(content, all));
  write("robots.txt", `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(content.site, "/sitemap.xml")}\n`);
  write(MANIFEST.slice(1), JSON.stringify(manifest(content), null, 2) + "\n");
  copyFileSync(path.join(outDir, "images", "favicon.ico"), path.join(outDir, FAVICON_ICO.slice(1)));
  write("_headers", formatHeadersFile(headerRules(all, styles, Object.values(formActions)), HEADERS_COMMENT));
  // GitHub Pages builds a branch with Jekyll unless told not to, and Jekyll drops files that start with "_".
  write(".nojekyll", "");
}

function sitemap(content: Content, all: Route[]): string {
  const urls = all
    .filter(isIndexable)
    .map((r) => `  <url><loc>${escapeMarkup(absoluteUrl(content.site, r.path))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

function manifest({ site }: Content) {
  return {
    name: site.name,
    short_name: site.name.replace(/\s+(Co\.|Pty Ltd)$/, ""),
    description: site.tagline,
    lang: "en-AU",
    start_url: "/",
    scope: "/",
    display: "browser",
    theme_color: BRAND_COLOURS.theme,
    background_color: BRAND_COLOURS.background,
    icons: MANIFEST_ICONS,
  };
}

export const cspHash = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The origins, other than the site's own, that a list of URLs (the form actions) point to. */
function foreignOrigins(urls: string[]): string[] {
  return [...new Set(urls.filter((u) => /^https?:\/\//.test(u)).map((u) => new URL(u).origin))];
}

export function contentSecurityPolicy(styles: string[], formActions: string[]): string {
  const relay = foreignOrigins(formActions)
    .map((o) => ` ${o}`)
    .join("");
  const styleHashes = [...new Set(styles.map(cspHash))].join(" ");
  return [
    "default-src 'none'",
    // Scripts are only the content-hashed modules in /assets/; JSON-LD is data and never runs.
    "script-src 'self'",
    // Each page's CSS is inlined: allowed by its hash, so no inline style attribute or injected sheet
    // applies; the home page's whole stylesheet follows its first screen's, from /assets/ (decision 0087).
    `style-src 'self' ${styleHashes}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${relay}`,
    `form-action 'self'${relay}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const REVALIDATE = "public, max-age=0, must-revalidate";

export function headerRules(all: Route[], styles: string[], formActions: string[]): HeaderRule[] {
  // Pages under a folder of their own kind (/services/, /suburbs/) share one rule, which keeps the
  // file well under Cloudflare Pages' limit of 100 rules however many suburbs are added.
  const pagePatterns = [
    ...new Set(all.map((r) => (r.path.split("/").length > 3 ? `/${r.path.split("/")[1]}/*` : r.path))),
  ];
  return [
    {
      pattern: "/*",
      headers: [
        ["Content-Security-Policy", contentSecurityPolicy(styles, formActions)],
        ["Strict-Transport-Security", "max-age=63072000; includeSubDomains"],
        ["X-Content-Type-Options", "nosniff"],
        ["Referrer-Policy", "strict-origin-when-cross-origin"],
        ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"],
        ["X-Frame-Options", "DENY"],
        ["Cross-Origin-Opener-Policy", "same-origin"],
      ],
    },
    // esbuild names every file in /assets/ by its content's hash: a changed file is a new address.
    { pattern: "/assets/*", headers: [["Cache-Control", "public, max-age=31536000, immutable"]] },
    { pattern: "/images/*", headers: [["Cache-Control", "public, max-age=3600"]] },
    ...[...pagePatterns, "/sitemap.xml", "/robots.txt", MANIFEST, FAVICON_ICO].map((pattern): HeaderRule => ({
      pattern,
      headers: [["Cache-Control", REVALIDATE]],
    })),
  ];
}

const HEADERS_COMMENT = `Written by the build (src/build/site-files.ts): edit that, not this file.
Netlify and Cloudflare Pages apply it as is; see README "Deploying" for GitHub Pages and S3.`;
