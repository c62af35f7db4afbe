/**
 * The static handler serves the built pages and assets and nothing else:
 * dist/_headers, dist/.nojekyll and any other name starting with "_" or "."
 * are the 404 page at every spelling of their path, and so is a name in the
 * wrong case, which a case-insensitive file system would otherwise find.
 */
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIST_DIR } from "../testing/dist-dir.ts";
import { rawRequest } from "../testing/raw-http.ts";
import { createApp } from "./app.ts";
import { headersFor, parseHeadersFile } from "./headers-file.ts";
import { listen } from "./node.ts";
import { staticHandler } from "./static.ts";

const site = staticHandler(DIST_DIR);
const get = (target: string, init?: RequestInit) => site(new Request(`http://site.test${target}`, init));
const file = (name: string) => readFileSync(path.join(DIST_DIR, name));
const NOT_FOUND = file("404.html").toString();

/**
 * Every spelling of dist/_headers a request could try; what a URL parser makes of each is what the handler is
 * handed.
 */
const HEADERS_SPELLINGS = [
  "/_headers",
  "/_headers/",
  "/%2F_headers",
  "/%2f_headers",
  "/_headers.",
  "/_headers..",
  "/_headers%20",
  "/_headers%00",
  "/_headers::$DATA",
  "//_headers",
  "///_headers",
  "/%5F_headers",
  "/%5f_headers",
  "/%5F%68eaders",
  "/./_headers",
  "/%2E/_headers",
  "/%2e%2F_headers",
  "/_HEADERS",
  "/_Headers",
  "/%5F%48EADERS",
  "/_HEADE~1",
  "/\\_headers",
  "/%5C_headers",
  "/assets/../_headers",
  "/assets/%2E%2E/_headers",
  "/assets/..%2F_headers",
  "/assets%2F..%2F_headers",
  "/no-such-folder/../../_headers",
  "/_headers?download=1",
  "/_headers#top",
];

const hidden = readdirSync(DIST_DIR).filter((name) => /^[_.]/.test(name));

describe("what is not a page or an asset", () => {
  it("is in dist/: _headers and .nojekyll (so the tests below test something)", () => {
    expect(hidden).toEqual(expect.arrayContaining(["_headers", ".nojekyll"]));
  });

  it.each(HEADERS_SPELLINGS)("%s is the 404 page", async (target) => {
    for (const method of ["GET", "HEAD"]) {
      const res = await get(target, { method });
      expect(res.status, method).toBe(404);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      if (method === "GET") expect(await res.text()).toBe(NOT_FOUND);
    }
  });

  it.each(
    hidden.flatMap((name) => [
      `/${name}`,
      `/${name}/`,
      `/${encodeURIComponent(name).replace(/^[._]/, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
      `/${name.toUpperCase()}`,
      `/assets/../${name}`,
    ]),
  )("%s is the 404 page", async (target) => {
    const res = await get(target);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(NOT_FOUND);
  });

  it("is the 404 page at a name's other case or spelling, and a file asked for as a folder", async () => {
    const asset = readdirSync(path.join(DIST_DIR, "assets"))[0];
    for (const target of [
      "/ABOUT-US/",
      "/About-Us",
      "/INDEX.HTML",
      "/robots.txt/",
      "/robots.txt.",
      "/robots.txt%20",
      `/ASSETS/${asset}`,
      `/assets/${asset.toUpperCase()}`,
      "/..%2Fetc%2Fpasswd",
    ]) {
      const res = await get(target);
      expect(res.status, target).toBe(404);
      expect(await res.text(), target).toBe(NOT_FOUND);
    }
  });

  it("is refused over HTTP too, at every spelling as sent (the adapter answers 400 for a target starting //)", async () => {
    const { server, url } = await listen(createApp({ root: DIST_DIR }), { port: 0, host: "127.0.0.1" });
    try {
      for (const target of HEADERS_SPELLINGS.filter((t) => !/[\\#]/.test(t))) {
        const res = await rawRequest(
          url,
          `GET ${target} HTTP/1.1\r\nHost: site.test\r\nConnection: close\r\n\r\n`,
        );
        expect(res.status, target).toBe(target.startsWith("//") ? 400 : 404);
        expect(res.body, target).not.toContain("Content-Security-Policy:");
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("the pages and assets", () => {
  const rules = parseHeadersFile(file("_headers").toString());
  const asset = readdirSync(path.join(DIST_DIR, "assets"))[0];
  const service = readdirSync(path.join(DIST_DIR, "services"))[0];

  it.each([
    ["/", "index.html", "/"],
    ["/index.html", "index.html", "/index.html"],
    ["/about-us", "about-us/index.html", "/about-us/"],
    ["/about-us/", "about-us/index.html", "/about-us/"],
    ["/about-us//", "about-us/index.html", "/about-us/"],
    ["/%61bout-us/", "about-us/index.html", "/about-us/"],
    ["/about-us/index.html", "about-us/index.html", "/about-us/index.html"],
    ["/contact-us/../about-us/", "about-us/index.html", "/about-us/"],
    [`/services/${service}`, `services/${service}/index.html`, `/services/${service}/`],
    [`/services/${service}/`, `services/${service}/index.html`, `/services/${service}/`],
    [`/assets/${asset}`, `assets/${asset}`, `/assets/${asset}`],
    ["/images/og-image.png", "images/og-image.png", "/images/og-image.png"],
    ["/favicon.ico", "favicon.ico", "/favicon.ico"],
    ["/robots.txt", "robots.txt", "/robots.txt"],
    ["/sitemap.xml", "sitemap.xml", "/sitemap.xml"],
    ["/site.webmanifest", "site.webmanifest", "/site.webmanifest"],
    ["/404.html", "404.html", "/404.html"],
  ])("%s is %s, with the headers _headers gives %s", async (target, name, rulePath) => {
    const res = await get(target);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(file(name))).toBe(true);
    for (const [header, value] of headersFor(rules, rulePath))
      expect(res.headers.get(header), header).toBe(value);
  });

  it("compresses as Accept-Encoding allows it: Brotli first, never a coding it gives q=0, names in any case", async () => {
    const encoding = async (accept: string) =>
      (await get("/about-us/", { headers: { "Accept-Encoding": accept } })).headers.get("content-encoding");
    expect(await encoding("gzip, deflate, br, zstd")).toBe("br");
    expect(await encoding("BR")).toBe("br");
    expect(await encoding("br;q=0, gzip")).toBe("gzip");
    expect(await encoding("gzip;q=0")).toBeNull();
    expect(await encoding("*")).toBe("br");
    expect(await encoding("*;q=0, identity")).toBeNull();
    expect(await encoding("")).toBeNull();
  });

  it("answers a browser whose copy is current with 304 and no body: a page, and an asset", async () => {
    for (const target of ["/about-us/", `/assets/${asset}`]) {
      const first = await get(target);
      const etag = first.headers.get("etag")!;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      const again = await get(target, { headers: { "If-None-Match": etag, "Accept-Encoding": "br" } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
      expect(
        (await get(target, { headers: { "If-None-Match": `W/"another", ${etag.slice(2)}` } })).status,
      ).toBe(304);
      expect((await get(target, { headers: { "If-None-Match": 'W/"another"' } })).status).toBe(200);
    }
    // A miss is never "not modified", and carries no validator.
    const miss = await get("/no-such-page/", { headers: { "If-None-Match": "*" } });
    expect([miss.status, miss.headers.get("etag")]).toEqual([404, null]);
  });

  it("answers /about-us and /about-us/ alike, compressed when asked", async () => {
    const [bare, slash] = await Promise.all(
      ["/about-us", "/about-us/"].map((t) => get(t, { headers: { "Accept-Encoding": "br, gzip" } })),
    );
    expect(bare.headers.get("content-encoding")).toBe("br");
    expect([...bare.headers]).toEqual([...slash.headers]);
    expect(Buffer.from(await bare.arrayBuffer()).equals(Buffer.from(await slash.arrayBuffer()))).toBe(true);
  });
});

describe("a miss and a rebuild", () => {
  it("answers a missing asset with the 404 page and the 404 page's headers, never the year-long immutable of /assets/*", async () => {
    const rules = parseHeadersFile(file("_headers").toString());
    expect(new Headers(headersFor(rules, "/assets/chunk-GONE.js")).get("Cache-Control")).toMatch(/immutable/);
    const res = await get("/assets/chunk-GONE.js");
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(NOT_FOUND);
    expect(res.headers.get("cache-control")).not.toMatch(/immutable|max-age=[1-9]/);
    for (const [header, value] of headersFor(rules, "/404.html"))
      if (header !== "cache-control") expect(res.headers.get(header), header).toBe(value);
  });

  it("serves what a rebuild wrote, not what it read before: a running `npm run serve` shows the new pages", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "static-"));
    try {
      writeFileSync(path.join(root, "404.html"), "<!DOCTYPE html><title>Not found</title>");
      writeFileSync(path.join(root, "index.html"), "<!DOCTYPE html><title>First build</title>");
      const serve = staticHandler(root);
      const home = async () => (await serve(new Request("http://site.test/"))).text();
      expect(await home()).toContain("First build");
      // As a build writes: a new file put in place of the old one.
      writeFileSync(path.join(root, "index.html.new"), "<!DOCTYPE html><title>Second build</title>");
      renameSync(path.join(root, "index.html.new"), path.join(root, "index.html"));
      expect(await home()).toContain("Second build");
      // And as an editor writes: the same file, same length, new bytes.
      writeFileSync(path.join(root, "index.html"), "<!DOCTYPE html><title>Thirdd build</title>");
      expect(await home()).toContain("Thirdd build");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
