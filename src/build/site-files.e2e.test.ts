/**
 * sitemap.xml, robots.txt, the manifest, the brand images and _headers in the built dist/, and the server
 * sending those headers.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "./content/load.ts";
import { isIndexable, outputFile, routes } from "../content/routes.ts";
import { headersFor, parseHeadersFile } from "../server/headers-file.ts";
import { DIST_DIR } from "../testing/dist-dir.ts";
import { startSite } from "../testing/site.ts";
import { build } from "./build.ts";
import { ADMIN_CSP, contentSecurityPolicy, cspHash } from "./site-files.ts";

/** The text of each inline <style> element, exactly as the browser hashes it. */
function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
}

const content = loadContent("content");
const all = routes(content);
const site = content.site.url.replace(/\/$/, "");
const read = (file: string) => readFileSync(path.join(DIST_DIR, file), "utf8");

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number; bytes: number } {
  const buf = readFileSync(file);
  expect(buf.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20), bytes: buf.length };
}

describe("sitemap.xml and robots.txt", () => {
  it("the sitemap lists every indexable route of the route list once, and not the 404", () => {
    const locs = [...read("sitemap.xml").matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(all.filter(isIndexable).map((r) => site + r.path));
    // Every page but the 404: counted from the route list, so a new suburb needs no change here.
    expect(locs).toHaveLength(all.length - 1);
    expect(locs.some((l) => l.includes("404"))).toBe(false);
    expect(read("sitemap.xml")).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
  });

  it("robots.txt allows crawling and points to the sitemap", () => {
    expect(read("robots.txt")).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${site}/sitemap.xml\n`);
  });
});

describe("icons, manifest and the sharing image", () => {
  it("the sharing image is a 1200×630 PNG small enough to unfurl fast", () => {
    const og = pngSize(path.join(DIST_DIR, "images/og-image.png"));
    expect(og).toMatchObject({ width: 1200, height: 630 });
    expect(og.bytes).toBeLessThan(150_000);
  });

  it("the manifest names the business, the theme colour and icons of the sizes it claims", () => {
    const manifest = JSON.parse(read("site.webmanifest"));
    expect(manifest).toMatchObject({
      name: content.site.name,
      start_url: "/",
      theme_color: "#0f766e",
      lang: "en-AU",
    });
    expect(manifest.icons.length).toBeGreaterThanOrEqual(2);
    for (const icon of manifest.icons) {
      const { width, height } = pngSize(path.join(DIST_DIR, icon.src));
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
  });

  it("favicon.ico is at the root, and the touch icon is 180×180", () => {
    const ico = readFileSync(path.join(DIST_DIR, "favicon.ico"));
    expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(pngSize(path.join(DIST_DIR, "images/apple-touch-icon.png"))).toMatchObject({
      width: 180,
      height: 180,
    });
  });
});

describe("_headers", () => {
  const text = read("_headers");
  const rules = parseHeadersFile(text);
  const get = (p: string, name: string) =>
    headersFor(rules, p)
      .filter(([n]) => n === name)
      .map(([, v]) => v);
  const csp = get("/", "Content-Security-Policy")[0];
  const directive = (name: string) => csp.split(/;\s*/).find((d) => d.startsWith(name + " "));

  it("sends the security headers on every path", () => {
    for (const p of ["/", "/about-us/", "/suburbs/bulimba/", "/assets/islands.js", "/no-such-page"]) {
      expect(get(p, "Strict-Transport-Security")).toEqual(["max-age=63072000; includeSubDomains"]);
      expect(get(p, "X-Content-Type-Options")).toEqual(["nosniff"]);
      expect(get(p, "Referrer-Policy")).toEqual(["strict-origin-when-cross-origin"]);
      expect(get(p, "Permissions-Policy")[0]).toMatch(/camera=\(\)/);
      expect(get(p, "Content-Security-Policy")).toEqual([csp]);
    }
  });

  it("has a CSP that runs no inline script, hashes every inline style and forbids framing", () => {
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(directive("script-src")).toBe("script-src 'self'");
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive("default-src")).toBe("default-src 'none'");
    const hashes = new Set(all.flatMap((r) => inlineStyles(read(outputFile(r)))).map(cspHash));
    expect(hashes.size).toBeGreaterThanOrEqual(5);
    // The inline styles by their hashes, and the home page's whole stylesheet from the site (decision 0087).
    expect(new Set(directive("style-src")!.split(" ").slice(1))).toEqual(new Set(["'self'", ...hashes]));
  });

  it("lets the forms reach a relay on another origin, and nothing else", () => {
    const relayed = contentSecurityPolicy(
      ["p{}"],
      ["https://relay.example.net/api/quote", "https://relay.example.net/api/contact"],
    );
    expect(relayed).toContain("connect-src 'self' https://relay.example.net;");
    expect(relayed).toContain("form-action 'self' https://relay.example.net;");
    expect(contentSecurityPolicy(["p{}"], ["/api/quote"])).toContain("connect-src 'self';");
  });

  it("caches content-hashed assets for a year and makes pages revalidate, never both on one path", () => {
    const asset = readdirSync(path.join(DIST_DIR, "assets"))[0];
    expect(get(`/assets/${asset}`, "Cache-Control")).toEqual(["public, max-age=31536000, immutable"]);
    for (const r of all)
      expect(get(r.path, "Cache-Control"), r.path).toEqual(["public, max-age=0, must-revalidate"]);
    for (const p of [
      "/sitemap.xml",
      "/robots.txt",
      "/site.webmanifest",
      "/favicon.ico",
      "/images/og-image.png",
    ])
      expect(get(p, "Cache-Control"), p).toHaveLength(1);
  });

  it("gives the editor at /admin/ its own policy and keeps it out of search engines, and no path any header twice", () => {
    expect(get("/admin/", "Content-Security-Policy")).toEqual([ADMIN_CSP]);
    expect(get("/admin/", "Cross-Origin-Opener-Policy")).toEqual(["same-origin-allow-popups"]);
    for (const p of ["/admin/", "/admin/cms.js", "/admin/config.json"])
      expect(get(p, "X-Robots-Tag"), p).toEqual(["noindex"]);
    // Both hosts join a header two matching rules set, and two policies both apply: /admin/ could not
    // be given a wider one. So no header is set twice for any path (decision 0092).
    const asset = readdirSync(path.join(DIST_DIR, "assets"))[0];
    for (const p of [
      ...all.map((r) => r.path),
      "/admin/",
      "/admin/cms.js",
      `/assets/${asset}`,
      "/no-such-page",
      "/a/b/c/",
    ]) {
      const names = headersFor(rules, p).map(([n]) => n.toLowerCase());
      expect(
        names.filter((n, i) => names.indexOf(n) !== i),
        p,
      ).toEqual([]);
    }
    // The site's own pages keep the site's policy, framing refused and no window left to an opener.
    for (const p of all.map((r) => r.path)) {
      expect(get(p, "Cross-Origin-Opener-Policy"), p).toEqual(["same-origin"]);
      expect(get(p, "X-Frame-Options"), p).toEqual(["DENY"]);
    }
  });

  it("names each path pattern once: Cloudflare Pages keeps only a pattern's last rule", () => {
    const patterns = rules.map((r) => r.pattern);
    expect(patterns.filter((p, i) => patterns.indexOf(p) !== i)).toEqual([]);
  });

  it("stays within Cloudflare Pages' limits (100 rules, 2,000 characters a line)", () => {
    expect(rules.length).toBeLessThanOrEqual(100);
    for (const line of text.split("\n")) expect(line.length).toBeLessThanOrEqual(2000);
  });
});

describe("the project's server", () => {
  let url = "";
  let close = async () => {};
  beforeAll(async () => ({ url, close } = await startSite()));
  afterAll(() => close());

  it("answers with the headers _headers gives each path, as the static hosts do", async () => {
    const rules = parseHeadersFile(read("_headers"));
    const asset = readdirSync(path.join(DIST_DIR, "assets"))[0];
    const cases: [string, string][] = [
      ["/", "/"],
      ["/about-us/", "/about-us/"],
      ["/about-us", "/about-us/"],
      ["/suburbs/west-end/", "/suburbs/west-end/"],
      [`/assets/${asset}`, `/assets/${asset}`],
      ["/images/og-image.png", "/images/og-image.png"],
      ["/sitemap.xml", "/sitemap.xml"],
    ];
    for (const [requested, rulePath] of cases) {
      const res = await fetch(url + requested);
      expect(res.status, requested).toBe(200);
      for (const [name, value] of headersFor(rules, rulePath))
        expect(res.headers.get(name), `${requested} ${name}`).toBe(value);
    }
  });

  it("sends the security headers with the 404 page, and never serves _headers itself", async () => {
    const missing = await fetch(url + "/no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    expect((await fetch(url + "/_headers")).status).toBe(404);
  });
});

describe("static hosts", () => {
  it("find every page at <route>/index.html, 404.html at the root, and no file that needs a server", () => {
    for (const r of all) expect(existsSync(path.join(DIST_DIR, outputFile(r))), r.path).toBe(true);
    expect(statSync(path.join(DIST_DIR, "404.html")).isFile()).toBe(true);
    expect(existsSync(path.join(DIST_DIR, ".nojekyll"))).toBe(true);
  });
});

describe("a build for another address and a relay elsewhere (SITE_URL, RELAY_URL)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "site-url-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("puts the address in the sitemap, robots.txt, canonicals and JSON-LD, and the relay in the CSP", async () => {
    const out = path.join(dir, "dist");
    await build({
      outDir: out,
      siteUrl: "https://jacaranda.example.net",
      formActions: {
        quote: "https://relay.example.net/api/quote",
        contact: "https://relay.example.net/api/contact",
      },
    });
    const file = (f: string) => readFileSync(path.join(out, f), "utf8");
    expect(file("sitemap.xml")).toContain("<loc>https://jacaranda.example.net/suburbs/bulimba/</loc>");
    expect(file("robots.txt")).toContain("Sitemap: https://jacaranda.example.net/sitemap.xml");
    const page = file("suburbs/bulimba/index.html");
    expect(page).toContain('<link rel="canonical" href="https://jacaranda.example.net/suburbs/bulimba/"/>');
    expect(page).toContain('"@id":"https://jacaranda.example.net/#business"');
    expect(page + file("sitemap.xml") + file("robots.txt")).not.toContain("www.example.com");
    const csp = headersFor(parseHeadersFile(file("_headers")), "/").find(
      ([n]) => n === "Content-Security-Policy",
    )![1];
    expect(csp).toContain("form-action 'self' https://relay.example.net");
    expect(csp).toContain("connect-src 'self' https://relay.example.net");
    // A page without a form (a suburb's) sends its phone taps to that relay too: the loader carries its
    // origin.
    const scripts = readdirSync(path.join(out, "assets")).filter((f) => f.endsWith(".js"));
    expect(scripts.filter((f) => file(`assets/${f}`).includes('"https://relay.example.net"'))).toHaveLength(
      1,
    );
  });
});
