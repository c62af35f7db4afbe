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
import {
  APP_BACKGROUND,
  FAVICON_ICO,
  MANIFEST,
  MANIFEST_ICONS,
  themeColour,
} from "../templates/seo/brand.ts";
import { absoluteUrl } from "../templates/seo/urls.ts";
import { formatHeadersFile, type HeaderRule } from "../server/headers-file.ts";
import { escapeMarkup } from "../shared/escape.ts";
import { ADMIN_DIR } from "./cms/bundle.ts";

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
    theme_color: themeColour(site),
    background_color: APP_BACKGROUND,
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

/**
 * The policy of the CMS's page at /admin/ (decision 0092): Sveltia CMS injects its styles and shows
 * pictures and files it reads as blob: and data: addresses, and talks to GitHub's API (and its
 * status page) for the signed-in owner. Everything else it loads is the site's own: the build
 * bundles the CMS and its fonts into /admin/. Sveltia's list of what it needs:
 * https://github.com/sveltia/sveltia-cms/blob/2e6bcaf5/README.md#setting-up-content-security-policy
 * (its CDN and Google Fonts left out, since nothing comes from them here). The deploy hook a
 * signed-in owner may set in its settings is a post to Netlify's or Cloudflare's API.
 */
export const ADMIN_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data: https://*.githubusercontent.com",
  "media-src 'self' blob:",
  "frame-src blob:",
  "font-src 'self'",
  "connect-src 'self' blob: data: https://api.github.com https://www.githubstatus.com https://api.netlify.com https://api.cloudflare.com",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The patterns whose documents get the site's policy: every path but the CMS's page, /admin/. A
 * header two matching rules both set reaches the browser as both values joined (Cloudflare Pages
 * does so; see headers-file.ts), and two policies both apply, so /admin/ must match none of these
 * rather than override them. `:a` matches one segment, which /admin/ would fill only as "/:a/":
 * the site's own one-segment pages are named instead, and an unknown "/x/" is answered with the
 * 404 page's headers (static.ts; "/404.html" is "/:a").
 */
function documentPatterns(all: Route[]): string[] {
  const oneSegment = all.map((r) => r.path).filter((p) => /^\/[^/]+\/$/.test(p));
  if (oneSegment.includes(`/${ADMIN_DIR}/`))
    throw new Error(`/${ADMIN_DIR}/ is the CMS's: no page may take it`);
  return ["/", "/:a", "/:a/:b", "/:a/:b/*", ...oneSegment];
}

export function headerRules(all: Route[], styles: string[], formActions: string[]): HeaderRule[] {
  // Pages under a folder of their own kind (/services/, /suburbs/) share one rule, which keeps the
  // file well under Cloudflare Pages' limit of 100 rules however many suburbs are added.
  const pagePatterns = [
    ...new Set(all.map((r) => (r.path.split("/").length > 3 ? `/${r.path.split("/")[1]}/*` : r.path))),
  ];
  const siteDocument: [string, string][] = [
    ["Content-Security-Policy", contentSecurityPolicy(styles, formActions)],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
  ];
  return onePerPattern([
    {
      pattern: "/*",
      headers: [
        ["Strict-Transport-Security", "max-age=63072000; includeSubDomains"],
        ["X-Content-Type-Options", "nosniff"],
        ["Referrer-Policy", "strict-origin-when-cross-origin"],
        ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"],
      ],
    },
    ...documentPatterns(all).map((pattern): HeaderRule => ({ pattern, headers: siteDocument })),
    {
      pattern: `/${ADMIN_DIR}/`,
      headers: [
        ["Content-Security-Policy", ADMIN_CSP],
        ["X-Frame-Options", "DENY"],
        // Signing in opens the sveltia-cms-auth Worker in a window that answers this page: with
        // same-origin it could not (docs/editing.md).
        ["Cross-Origin-Opener-Policy", "same-origin-allow-popups"],
      ],
    },
    // The CMS's files keep their names from one version to the next, and nothing of it is for search engines.
    {
      pattern: `/${ADMIN_DIR}/*`,
      headers: [
        ["X-Robots-Tag", "noindex"],
        ["Cache-Control", REVALIDATE],
      ],
    },
    // esbuild names every file in /assets/ by its content's hash: a changed file is a new address.
    { pattern: "/assets/*", headers: [["Cache-Control", "public, max-age=31536000, immutable"]] },
    { pattern: "/images/*", headers: [["Cache-Control", "public, max-age=3600"]] },
    ...[...pagePatterns, "/sitemap.xml", "/robots.txt", MANIFEST, FAVICON_ICO].map((pattern): HeaderRule => ({
      pattern,
      headers: [["Cache-Control", REVALIDATE]],
    })),
  ]);
}

/**
 * The rules with each pattern once, its headers together: Cloudflare Pages keeps only the last
 * rule written for a pattern (`wrangler pages dev` answered "/" without the policy of an earlier
 * "/" rule), so a page's policy and its caching are one rule.
 */
function onePerPattern(rules: HeaderRule[]): HeaderRule[] {
  const byPattern = new Map<string, HeaderRule>();
  for (const { pattern, headers } of rules) {
    const rule = byPattern.get(pattern);
    if (rule) rule.headers.push(...headers);
    else byPattern.set(pattern, { pattern, headers: [...headers] });
  }
  return [...byPattern.values()];
}

const HEADERS_COMMENT = `Written by the build (src/build/site-files.ts): edit that, not this file.
Netlify and Cloudflare Pages apply it as is; see README "Deploying" for GitHub Pages and S3.`;
