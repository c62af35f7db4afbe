/**
 * The photo pipeline on a copy of content/ with a phone photo in every image
 * slot (4000×3000 JPEGs with EXIF GPS; src/testing/photos.ts): the
 * markup a browser reads, no GPS in anything built, the budgets, the cache,
 * and the owner's mistakes named by file and line.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_SLOTS } from "../content/images.ts";
import { ContentError } from "./content/load.ts";
import { releaseTestBrowser, testBrowser } from "../testing/browser.ts";
import { contentWithPhotos, exifHasGps, testPhoto } from "../testing/photos.ts";
import { startSite } from "../testing/site.ts";
import { BUDGETS, budgetViolations, HOME_ROOM, measureSite } from "../testing/budgets.ts";
import { contentWithNewSuburb } from "../testing/new-suburb.ts";
import { build, type BuildResult } from "./build.ts";
import { progressLine } from "./summary.ts";

const work = mkdtempSync(path.join(tmpdir(), "images-"));
const contentDir = path.join(work, "content");
const outDir = path.join(work, "dist");
const imageCacheDir = path.join(work, "cache");
let photos: string[];
let first: BuildResult;
let second: BuildResult;
/** What the cold build printed as it went, as a log (not a terminal) shows it, each line with when it came. */
const progress: { at: number; line: string }[] = [];
let firstEnded = 0;

beforeAll(async () => {
  // Eight pages share a photo in their half-width slot (same bytes, own file names): the build makes it once.
  // The content has one suburb more, added as the owner adds one, and all 30 in the home page's grid: the
  // home page as full as the owner is likely to make it.
  photos = await contentWithPhotos(contentDir, undefined, withEverySuburbOnTheHomePage(), {
    shareHalf: true,
  });
  const log = progressLine({ write: (text: string) => progress.push({ at: performance.now(), line: text }) });
  first = await build({ contentDir, outDir, imageCacheDir, onPhoto: log.onPhoto });
  firstEnded = performance.now();
  second = await build({ contentDir, outDir, imageCacheDir, onPhoto: log.onPhoto });
}, 600_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** content/ with a 30th suburb added by npm run new-suburb, and every suburb in the home page's grid. */
function withEverySuburbOnTheHomePage(): string {
  const dir = contentWithNewSuburb("Quokka Flats", "4055", { homeGrid: true });
  const file = path.join(dir, "suburbs.yaml");
  writeFileSync(file, readFileSync(file, "utf8").replace(/^ {4}homeGrid: false$/gm, "    homeGrid: true"));
  return dir;
}

describe("a build making photos", () => {
  it("says so before the first, then each photo as it is made, with the count and the time left", () => {
    const made = first.images.processed;
    expect(made).toBeGreaterThan(1);
    expect(progress.map((p) => p.line)).toEqual([
      `Making web copies of ${made} new photos: seconds each, kept for next time.\n`,
      ...Array.from({ length: made }, (_, i) =>
        expect.stringMatching(
          new RegExp(
            `^Photo ${i + 1} of ${made} made: [a-z0-9-]+\\.jpg${i + 1 < made ? "; about \\d+ (s|min) left" : ""}\\.\\n$`,
          ),
        ),
      ),
    ]);
    // Each line came as its photo was made, long before the build ended; the warm build printed none.
    expect(progress[1].at).toBeLessThan(progress.at(-1)!.at);
    expect(progress.at(-1)!.at).toBeLessThan(firstEnded);
    expect(second.images.processed).toBe(0);
  });
});

/** A copy of the content with a phone photo (EXIF with GPS) in content/images/ that no page uses. */
function withUnusedPhoto(): string {
  const dir = path.join(work, "content-unused");
  cpSync(contentDir, dir, { recursive: true });
  cpSync(path.join(contentDir, "images", photos[0]), path.join(dir, "images", "next-job.jpg"));
  // A phone's own original beside it (iPhones save HEIC), and a scan: neither is a file a page can show.
  cpSync(path.join(contentDir, "images", photos[0]), path.join(dir, "images", "IMG_2041.HEIC"));
  cpSync(path.join(contentDir, "images", photos[0]), path.join(dir, "images", "kitchen-scan.tiff"));
  return dir;
}

const html = (page: string) => readFileSync(path.join(outDir, page), "utf8");
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];
const widthsOf = (srcset: string | undefined) =>
  (srcset ?? "").split(", ").map((c) => Number(/ (\d+)w$/.exec(c)?.[1]));

describe("a service page with a phone photo", () => {
  const page = () => html("services/carpet-cleaning-brisbane/index.html");
  const picture = () => /<picture>([\s\S]*?)<\/picture>/.exec(page())?.[1] ?? "";

  it("shows a <picture>: AVIF, then WebP, each in every width the slot needs, then a JPEG <img>", () => {
    const sources = picture().match(/<source\b[^>]*>/g) ?? [];
    expect(sources.map((s) => attr(s, "type"))).toEqual(["image/avif", "image/webp"]);
    const img = /<img\b[^>]*>/.exec(picture())![0];
    for (const tag of sources) {
      // A 4000 px photo in the half-width slot: every width up to 2560 (under 975 px × 3).
      expect(widthsOf(attr(tag, "srcset")), tag).toEqual([360, 720, 1080, 1440, 1920, 2560]);
      expect(attr(tag, "sizes")).toBe(IMAGE_SLOTS.half.sizes);
    }
    // The JPEG is for a browser that shows neither AVIF nor WebP: one copy as wide as the slot, no srcset.
    expect([attr(img, "srcset"), attr(img, "sizes")]).toEqual([undefined, undefined]);
    // Named by a hash of the copies' bytes, in /assets/, which is cached a year as immutable.
    expect(attr(img, "src")).toMatch(/^\/assets\/img\/[0-9a-f]{8}\/1080\.jpg$/);
    expect(attr(sources[0] ?? "", "srcset")).toMatch(/^\/assets\/img\/[0-9a-f]{8}\/360\.avif 360w, /);
    expect([attr(img, "width"), attr(img, "height")]).toEqual(["2560", "1920"]);
    expect(attr(img, "alt")).toMatch(/\w/);
  });

  it("names the published JPEG in its structured data, not the original, which is not published", () => {
    const graph = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page())![1])[
      "@graph"
    ] as { "@type": string; image?: string }[];
    const image = new URL(graph.find((node) => node["@type"] === "Service")!.image!).pathname;
    expect(image).toBe(attr(/<img\b[^>]*>/.exec(picture())![0], "src"));
    expect(existsSync(path.join(outDir, image))).toBe(true);
  });

  it("loads it at once with high priority (it is the page's LCP image), and preloads no picture", () => {
    const img = /<img\b[^>]*>/.exec(picture())![0];
    expect(attr(img, "fetchpriority")).toBe("high");
    expect(attr(img, "loading")).toBeUndefined();
    expect(page()).not.toMatch(/<link rel="preload"[^>]*\/assets\/img\//);
  });
});

describe("in Chromium", () => {
  it("a 390 px phone at 3× shows the 1080 px AVIF, a 1280 px desktop the 720 px one, and neither fetches a JPEG", async () => {
    const [browser, site] = await Promise.all([testBrowser(), startSite({ root: outDir })]);
    try {
      const shown: Record<string, { current: string; requested: string[] }> = {};
      for (const [name, viewport, deviceScaleFactor] of [
        ["phone", { width: 390, height: 844 }, 3],
        ["desktop", { width: 1280, height: 800 }, 1],
      ] as const) {
        const page = await browser.newPage({ viewport, deviceScaleFactor });
        const requested: string[] = [];
        page.on(
          "request",
          (r) => void (r.url().includes("/assets/img/") && requested.push(new URL(r.url()).pathname)),
        );
        await page.goto(`${site.url}/services/carpet-cleaning-brisbane/`);
        const img = page.locator("main picture img").first();
        await img.scrollIntoViewIfNeeded();
        await page.waitForFunction(
          () => (document.querySelector("main picture img") as HTMLImageElement | null)?.complete === true,
        );
        shown[name] = {
          current: new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname,
          requested,
        };
        await page.close();
      }
      expect(shown.phone.current).toMatch(/\/[0-9a-f]{8}\/1080\.avif$/);
      expect(shown.desktop.current).toMatch(/\/[0-9a-f]{8}\/720\.avif$/);
      for (const { requested } of Object.values(shown))
        expect(
          requested.filter((r) => !r.endsWith(".avif")),
          requested.join(", "),
        ).toEqual([]);
    } finally {
      await releaseTestBrowser(browser);
      await site.close();
    }
  }, 60_000);
});

describe("the home page's service cards", () => {
  const cards = () =>
    [...html("index.html").matchAll(/<picture>([\s\S]*?)<\/picture>/g)]
      .map((m) => m[1])
      .filter((p) => p.includes('class="h-14 w-14'));

  it("show one 224 px copy, enough to fill the 56 px square (cropped) on a 3× screen, without sizes", () => {
    const all = cards();
    expect(all).toHaveLength(6);
    for (const card of all) {
      for (const source of card.match(/<source\b[^>]*>/g) ?? []) {
        expect(attr(source, "srcset"), source).toMatch(/^\/assets\/img\/[0-9a-f]{8}\/224\.(avif|webp)$/);
        expect(attr(source, "sizes")).toBeUndefined();
      }
    }
  });

  it("turn a photo stored sideways upright: the first card's width and height are the portrait's, and so is its copy", async () => {
    const img = /<img\b[^>]*>/.exec(cards()[0])![0];
    expect([attr(img, "width"), attr(img, "height")]).toEqual(["224", "299"]);
    const copy = await sharp(path.join(outDir, attr(img, "src")!)).metadata();
    expect([copy.width, copy.height, copy.orientation]).toEqual([224, 299, undefined]);
  });
});

describe("lazy images", () => {
  it("the home page's images below the first screen load lazily and decode off the main thread", () => {
    const imgs =
      html("index.html")
        .match(/<main[\s\S]*<\/main>/)![0]
        .match(/<img\b[^>]*>/g) ?? [];
    expect(imgs.length).toBeGreaterThanOrEqual(7);
    for (const img of imgs)
      expect([attr(img, "loading"), attr(img, "decoding"), attr(img, "fetchpriority")], img).toEqual([
        "lazy",
        "async",
        undefined,
      ]);
  });
});

describe("what the build writes", () => {
  const built = () =>
    readdirSync(outDir, { recursive: true, encoding: "utf8" }).filter((f) =>
      /\.(jpe?g|png|webp|avif)$/.test(f),
    );

  it("the source photos carry GPS; no file the build wrote carries any EXIF", async () => {
    expect(exifHasGps((await sharp(path.join(contentDir, "images", photos[0])).metadata()).exif)).toBe(true);
    const made = built().filter((f) => f.startsWith("assets/img/"));
    // One photo in the half-width slots as AVIF and WebP in six widths and one JPEG (the one the
    // page names); six 56 px card pictures in one width, in all three.
    expect(made.length).toBe(2 * 6 + 1 + 6 * 3);
    expect(
      made
        .filter((f) => f.endsWith(".jpg"))
        .map((f) => path.basename(f))
        .sort(),
    ).toEqual(["1080.jpg", ...Array(6).fill("224.jpg")]);
    for (const f of made) {
      const meta = await sharp(path.join(outDir, f)).metadata();
      expect([meta.exif, meta.xmp, meta.iptc], f).toEqual([undefined, undefined, undefined]);
    }
    for (const f of built())
      expect(exifHasGps((await sharp(path.join(outDir, f)).metadata()).exif), f).toBe(false);
  });

  it("leaves the originals out of the site", () => {
    for (const name of photos) expect(built()).not.toContain(`images/${name}`);
  });

  it("publishes the brand's icons, but not a phone photo that no page uses yet, nor a file a page cannot show", async () => {
    expect(built()).toEqual(expect.arrayContaining(["images/icon-512.png", "images/og-image.png"]));
    const result = await build({
      contentDir: withUnusedPhoto(),
      outDir: path.join(work, "dist-unused"),
      imageCacheDir,
    });
    const published = readdirSync(path.join(work, "dist-unused", "images"));
    for (const name of ["next-job.jpg", "IMG_2041.HEIC", "kitchen-scan.tiff"])
      expect(published).not.toContain(name);
    expect(published).toEqual(expect.arrayContaining(["icon.svg", "favicon.ico"]));
    expect([...result.warnings].sort()).toEqual([
      expect.stringMatching(
        /IMG_2041\.HEIC is not a kind of file the site shows \(JPEG, PNG, WebP, AVIF, SVG or ICO\): it is not published; convert a photo to JPEG first$/,
      ),
      expect.stringMatching(/kitchen-scan\.tiff is not a kind of file the site shows/),
      expect.stringMatching(
        /next-job\.jpg is not used by any page and carries camera data \(EXIF, XMP or IPTC\): it is not published/,
      ),
    ]);
  });

  it("keeps every page within its budgets, images included", () => {
    const pages = measureSite(outDir);
    // The home page with a photo in each of its seven slots is the tightest (docs/performance.md).
    expect(budgetViolations(pages)).toEqual([]);
    // With 30 suburbs in its grid, it leaves the owner room to add to it (decision 0087).
    const home = pages.find((p) => p.page === "index.html")!;
    expect(readFileSync(path.join(outDir, "index.html"), "utf8").match(/class="suburb-card"/g)).toHaveLength(
      30,
    );
    expect(BUDGETS.firstPaintGzip - home.htmlGzip).toBeGreaterThanOrEqual(HOME_ROOM);
    // The budget really looked at the photos: the LCP image on each service page is a picked AVIF.
    const service = pages.find((p) => p.page === "services/carpet-cleaning-brisbane/index.html")!;
    expect(service.images.find((i) => i.lcp)).toMatchObject({
      src: expect.stringMatching(/[0-9a-f]{8}\/1080\.avif$/),
      bytes: expect.any(Number),
    });
    expect(service.images.find((i) => i.lcp)!.bytes).toBeGreaterThan(10_000);
  });

  it("makes each photo once: eight pages' copies of one photo share one folder, and the second build takes all of them from the cache", () => {
    expect(first.images).toEqual({ processed: 7, cached: 7 });
    expect(readdirSync(path.join(outDir, "assets", "img"))).toHaveLength(7);
    expect(second.images).toEqual({ processed: 0, cached: 14 });
    expect(first.warnings).toEqual([]);
  });
});

describe("the owner's mistakes", () => {
  const broken = path.join(work, "broken");
  const tryBuild = async (edit: (dir: string) => void) => {
    rmSync(broken, { recursive: true, force: true });
    cpSync(contentDir, broken, { recursive: true });
    edit(broken);
    return build({ contentDir: broken, outDir: path.join(work, "dist-broken"), imageCacheDir });
  };
  const replaceIn = (dir: string, file: string, from: string, to: string) => {
    const p = path.join(dir, file);
    writeFileSync(p, readFileSync(p, "utf8").replace(from, to));
  };
  const failure = async (edit: (dir: string) => void) => {
    const error = await tryBuild(edit).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ContentError);
    return (error as ContentError).message;
  };

  it("a missing photo names the file, line and field", async () => {
    const message = await failure((dir) =>
      replaceIn(dir, "about.yaml", "src: about-team.jpg", "src: about-teem.jpg"),
    );
    expect(message).toMatch(/about\.yaml:\d+ → story\.image\.src: no such image: .*about-teem\.jpg/);
  });

  it("a file that is not an image names the file, line and field", async () => {
    const message = await failure((dir) =>
      writeFileSync(path.join(dir, "images", "spring-cleaning.jpg"), "not a photo"),
    );
    expect(message).toMatch(
      /services\.yaml:\d+ services\[1\] "spring-cleaning-brisbane" → intro\.image\.src: cannot read .*spring-cleaning\.jpg as an image/,
    );
  });

  it("a photo smaller than its slot needs is a warning with the numbers, not a failure", async () => {
    const small = await sharp(await testPhoto(20))
      .resize({ width: 600 })
      .jpeg()
      .toBuffer();
    const result = await tryBuild((dir) => writeFileSync(path.join(dir, "images", "about-team.jpg"), small));
    expect(result.warnings).toEqual([
      expect.stringMatching(
        /about\.yaml:\d+ → story\.image\.src: about-team\.jpg is 600 px wide; this place on the page is drawn up to 975 px wide, which needs 2560 px/,
      ),
    ]);
    expect(result.images).toEqual({ processed: 1, cached: 13 });
  });

  it("the same photo under two names builds once, into one folder", async () => {
    const result = await tryBuild((dir) => {
      cpSync(path.join(dir, "images", "about-team.jpg"), path.join(dir, "images", "about-team-again.jpg"));
      replaceIn(dir, "services.yaml", "src: spring-cleaning.jpg", "src: about-team-again.jpg");
    });
    expect(result.images).toEqual({ processed: 0, cached: 14 });
    const about = /<picture>[\s\S]*?<img src="([^"]+)"/.exec(
      readFileSync(path.join(work, "dist-broken", "about-us", "index.html"), "utf8"),
    )![1];
    const spring = /<picture>[\s\S]*?<img src="([^"]+)"/.exec(
      readFileSync(
        path.join(work, "dist-broken", "services", "spring-cleaning-brisbane", "index.html"),
        "utf8",
      ),
    )![1];
    expect(spring).toBe(about);
    expect(readdirSync(path.join(work, "dist-broken", "assets", "img"))).toHaveLength(7);
  });

  it("decorative: true, for a decorative picture, gives it an empty alt", async () => {
    const result = await tryBuild((dir) =>
      replaceIn(
        dir,
        "about.yaml",
        /\n\s+alt: [^\n]*/.exec(readFileSync(path.join(contentDir, "about.yaml"), "utf8"))![0],
        "\n    decorative: true",
      ),
    );
    expect(result.warnings).toEqual([]);
    const img = /<picture>[\s\S]*?(<img\b[^>]*>)/.exec(
      readFileSync(path.join(work, "dist-broken", "about-us", "index.html"), "utf8"),
    )![1];
    expect(attr(img, "alt")).toBe("");
  });

  it("a missing alt says how to write a decorative one", async () => {
    const message = await failure((dir) =>
      replaceIn(
        dir,
        "about.yaml",
        /\n\s+alt: [^\n]*/.exec(readFileSync(path.join(contentDir, "about.yaml"), "utf8"))![0],
        "",
      ),
    );
    expect(message).toMatch(
      /about\.yaml:\d+ → story\.image\.alt: is required: describe what the image shows .* or write decorative: true for a decorative image/,
    );
  });

  it("a width or height left in an image says the build reads the size from the file", async () => {
    const message = await failure((dir) =>
      replaceIn(dir, "about.yaml", "src: about-team.jpg", "src: about-team.jpg\n    width: 640"),
    );
    expect(message).toMatch(
      /about\.yaml:\d+ → story\.image: remove "width": the build reads an image's size from the file itself/,
    );
  });
});
