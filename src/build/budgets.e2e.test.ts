/** The page-weight budgets on the built dist/, and proof on a made-up site that each budget can fail. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { DIST_DIR } from "../testing/dist-dir.ts";
import { loadContent } from "./content/load.ts";
import { routes } from "../content/routes.ts";
import { IMAGE_SLOTS } from "../content/images.ts";
import { BUDGETS, budgetViolations, kb, measureSite, slotWidth } from "../testing/budgets.ts";

describe("page weight of the built site", () => {
  const pages = measureSite(DIST_DIR);

  it("measures every page", () => {
    expect(pages.length).toBe(routes(loadContent("content")).length);
    expect(pages.map((p) => p.page)).toContain("index.html");
  });

  it("keeps every page within its budgets", () => {
    // The message list names each page, its figure and the budget it broke.
    expect(budgetViolations(pages)).toEqual([]);
  });

  it("inlines the CSS and has script only where an island needs it", () => {
    for (const p of pages) {
      expect(p.cssBytes, `${p.page} has no inline CSS`).toBeGreaterThan(1000);
      if (!p.hasIsland) expect(p.loadScripts, `${p.page} has no island but loads script`).toEqual([]);
    }
  });
});

describe("the budget check", () => {
  const root = mkdtempSync(path.join(tmpdir(), "budgets-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  const page = (head: string, body = "<p>Hello</p>") =>
    `<!DOCTYPE html><html lang="en"><head><title>t</title><style>${"p{color:red}".repeat(100)}</style>${head}</head><body>${body}</body></html>`;
  // Base64 of random bytes compresses only to 3/4: 20 KB of it is over budget whatever gzip does.
  const noise = (bytes: number) => randomBytes(bytes).toString("base64").slice(0, bytes);
  const react = `var e=Symbol.for("react.transitional.element");export{e as r};/*${noise(30 * 1024)}*/`;

  write("ok.html", page(""));
  write("heavy/index.html", page("", `<p>${noise(20 * 1024)}</p>`));
  write("blocking.html", page(`<link rel="stylesheet" href="/site.css"><script src="/old.js"></script>`));
  // A stylesheet at the end of the body holds up no paint of what comes before it.
  write("later.html", page("", `<p>Hello</p><link rel="stylesheet" href="/site.css">`));
  write(
    "eager-react.html",
    page(`<script type="module" src="/assets/eager.js"></script>`, `<div data-island="X"></div>`),
  );
  write("no-island.html", page(`<script type="module" src="/assets/lazy.js"></script>`));
  write("assets/eager.js", `import{r}from"./chunk-react.js";console.log(r);`);
  write("assets/lazy.js", `document.onclick=()=>import("./chunk-react.js");`);
  write("assets/chunk-react.js", react);
  const picture = (name: string, lcp: boolean) =>
    `<picture><source type="image/avif" srcset="/img/${name}-360.avif 360w, /img/${name}-1080.avif 1080w" sizes="calc(100vw - 32px)">` +
    `<img src="/img/${name}-1080.jpg" alt="" width="4" height="3"${lcp ? ' fetchpriority="high"' : ' loading="lazy"'}></picture>`;
  write(
    "photos.html",
    page(
      "",
      picture("lead", true) +
        picture("later", false) +
        '<img src="/img/logo.svg" alt="">' +
        picture("gone", false),
    ),
  );
  write("img/lead-360.avif", noise(20 * 1024));
  write("img/lead-1080.avif", noise(120 * 1024));
  write("img/later-360.avif", noise(20 * 1024));
  write("img/later-1080.avif", noise(200 * 1024));
  write("img/logo.svg", "<svg/>");
  const messages = budgetViolations(measureSite(root));
  const about = (file: string) => messages.filter((m) => m.startsWith(`${file}:`));

  it("passes a small page with inline CSS and no script", () => {
    expect(about("ok.html")).toEqual([]);
  });

  it("fails an oversized page, naming the page, its size and the budget", () => {
    expect(about("heavy/index.html")).toEqual([
      expect.stringMatching(
        new RegExp(
          `^heavy/index\\.html: HTML \\+ inline CSS is 1\\d\\.\\d KB gzip .*over the ${kb(BUDGETS.firstPaintGzip)} first-paint budget`,
        ),
      ),
    ]);
  });

  it("fails a stylesheet link and a classic script in the head, and passes a stylesheet at the body's end", () => {
    expect(about("blocking.html")).toEqual([
      expect.stringContaining("render-blocking request (stylesheet /site.css)"),
      expect.stringContaining("render-blocking request (script /old.js)"),
    ]);
    expect(about("later.html")).toEqual([]);
  });

  it("fails React imported at load, and script over 20 KB", () => {
    const found = about("eager-react.html");
    expect(found).toContainEqual(
      expect.stringMatching(
        /script run at load is 2\d\.\d KB gzip \(\/assets\/eager\.js, \/assets\/chunk-react\.js\), over the 20\.0 KB budget/,
      ),
    );
    expect(found).toContainEqual(
      expect.stringContaining("React loads with the page (/assets/chunk-react.js)"),
    );
  });

  it("fails a phone's pick over the image budgets or missing, and an unsized <img>", () => {
    // 390 px at 3× needs 358 × 3 = 1074 px: the 1080w files, not the 360w ones that fit.
    expect(about("photos.html")).toEqual([
      `photos.html: the LCP image a 390 px phone at 3× picks, /img/lead-1080.avif, is 120.0 KB, over the ${kb(BUDGETS.lcpImageBytes)} budget`,
      `photos.html: the image a 390 px phone at 3× picks, /img/later-1080.avif, is 200.0 KB, over the ${kb(BUDGETS.imageBytes)} budget`,
      "photos.html: the image a 390 px phone at 3× picks, /img/gone-1080.avif, is not in the site",
      expect.stringMatching(/^photos\.html: <img src="\/img\/logo\.svg" alt=""> has no width and height/),
    ]);
  });

  it("reads a slot's width from sizes as a browser does", () => {
    const exact =
      "(min-width: 1152px) 524px, (min-width: 1024px) calc(50vw - 52px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)";
    expect([390, 800, 1023, 1100, 1280].map((vw) => slotWidth(exact, vw))).toEqual([358, 752, 975, 498, 524]);
    // The half slot's shorter sizes (src/content/images.ts): 16 px under on a phone, 524 from 1024 px.
    expect([390, 800, 1023, 1100, 1280].map((vw) => slotWidth(IMAGE_SLOTS.half.sizes, vw))).toEqual([
      342, 752, 975, 524, 524,
    ]);
    expect(slotWidth(IMAGE_SLOTS.icon.sizes, 390)).toBe(56);
  });

  it("fails a page without islands that can load React later", () => {
    expect(about("no-island.html")).toEqual([
      expect.stringContaining("has no island but can load React (/assets/chunk-react.js)"),
    ]);
  });
});
