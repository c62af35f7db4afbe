/**
 * Finds broken links in a built site: every href and src in every page (and
 * the icons the manifest names) must resolve to a file in the folder, and a
 * #fragment must name an element id on its target page. Links to other sites
 * (and mailto:, tel:) are skipped; links to the site's own public address are
 * checked as local ones.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { decodeEntities } from "./html.ts";

export interface LinkReport {
  checked: number;
  broken: string[];
}

/** The file a URL path names in `dir`, as a static host resolves it, or undefined. */
function fileFor(dir: string, urlPath: string): string | undefined {
  const full = path.join(dir, decodeURIComponent(urlPath));
  for (const candidate of [full, path.join(full, "index.html")])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

export function checkLinks(dir: string, siteUrl: string): LinkReport {
  const origin = new URL(siteUrl).origin;
  const pages = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".html"));
  const idsCache = new Map<string, Set<string>>();
  const idsOf = (file: string) => {
    let ids = idsCache.get(file);
    if (!ids)
      idsCache.set(
        file,
        (ids = new Set(
          [...readFileSync(file, "utf8").matchAll(/\sid="([^"]+)"/g)].map((m) => decodeEntities(m[1])),
        )),
      );
    return ids;
  };
  const broken: string[] = [];
  let checked = 0;

  const check = (from: string, fromUrl: URL, raw: string) => {
    const ref = decodeEntities(raw).trim();
    if (/^(mailto|tel|data):/i.test(ref)) return;
    const url = new URL(ref, fromUrl);
    if (url.origin !== origin) return;
    checked++;
    const target = fileFor(dir, url.pathname);
    if (!target) return void broken.push(`${from}: ${ref} → no file for ${url.pathname}`);
    const fragment = decodeURIComponent(url.hash.slice(1));
    if (fragment && !(target.endsWith(".html") && idsOf(target).has(fragment)))
      broken.push(`${from}: ${ref} → no element with id "${fragment}" on ${url.pathname}`);
  };

  for (const page of pages) {
    const html = readFileSync(path.join(dir, page), "utf8");
    // The address the page answers at: folders' index.html at their "/" path.
    const pageUrl = new URL(
      "/" +
        page
          .split(path.sep)
          .join("/")
          .replace(/(^|\/)index\.html$/, "$1"),
      origin,
    );
    for (const m of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) check(page, pageUrl, m[1]);
    // Sharing images are absolute addresses on the site itself.
    for (const m of html.matchAll(
      /<meta (?:property|name)="(?:og|twitter):(?:image|url)" content="([^"]*)"/g,
    ))
      check(page, pageUrl, m[1]);
  }
  const manifestFile = path.join(dir, "site.webmanifest");
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as {
      icons?: { src: string }[];
      start_url?: string;
    };
    for (const ref of [...(manifest.icons ?? []).map((i) => i.src), manifest.start_url ?? "/"])
      check("site.webmanifest", new URL("/", origin), ref);
  }
  return { checked, broken };
}
