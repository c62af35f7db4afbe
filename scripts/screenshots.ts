/**
 * `npm run screenshots`: full-page screenshots of one page of each kind (of content/, or
 * CONTENT_DIR's) at phone and desktop widths, from the built dist/, into .reports/screens/.
 * Arguments: paths to shoot instead of the default set; --top for the first screenful only;
 * --photos to build and shoot the site with a generated phone photo in every image slot; --booking
 * for the booking's accept page and emails instead, written to docs/screenshots/booking/.
 */
import "../src/build/production.ts";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "../src/build/build.ts";
import { loadContent } from "../src/build/content/load.ts";
import { onePerKind } from "../src/content/routes.ts";
import { DESKTOP, PHONE, launchBrowser } from "../src/testing/browser.ts";
import { startSite } from "../src/testing/site.ts";
import { scriptArgs } from "./script-args.ts";
import { contentDirOf } from "../src/build/content/content-dir.ts";

const { values, positionals: paths } = scriptArgs({
  most: Infinity,
  options: {
    /** --top: only the first screenful, at full resolution. */
    top: { type: "boolean", default: false },
    photos: { type: "boolean", default: false },
    booking: { type: "boolean", default: false },
  },
  usage: `Usage: npm run screenshots [-- [--top] [--photos] [--booking] [/path/ ...]]
One page of each kind (or the paths given) at 390 and 1280 px, into .reports/screens/.
  --top      the first screenful only
  --photos   with a generated phone photo in every image slot
  --booking  the booking's accept page and three emails instead, into docs/screenshots/booking/`,
});
if (values.booking) {
  const { writeBookingFixtures } = await import("../src/testing/booking-fixtures.ts");
  const browser = await launchBrowser();
  try {
    for (const file of await writeBookingFixtures(browser)) console.log(path.relative(process.cwd(), file));
  } finally {
    await browser.close();
  }
  process.exit(0);
}
const fullPage = !values.top;
const { photos } = values;
const pages =
  paths.length > 0 ? paths : onePerKind(loadContent(contentDirOf(process.env))).map((r) => r.path);
const outDir = path.resolve(".reports/screens");
mkdirSync(outDir, { recursive: true });

const work = photos ? mkdtempSync(path.join(tmpdir(), "screens-")) : undefined;
if (work) {
  // Imported only here: it loads sharp (libvips), which screenshots without photos do not need.
  const { contentWithPhotos } = await import("../src/testing/photos.ts");
  await contentWithPhotos(path.join(work, "content"));
  await build({ contentDir: path.join(work, "content"), outDir: path.join(work, "site") });
}
const { url, close } = await startSite(work ? { root: path.join(work, "site") } : {});
const browser = await launchBrowser();
try {
  for (const [label, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    const page = await browser.newPage({ viewport });
    for (const p of pages) {
      await page.goto(url + p, { waitUntil: "networkidle" });
      // Lazy images load as a visitor scrolls near them: scroll through the page, wait for every image, then
      // back to the top.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += innerHeight) {
          scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 50));
        }
        await Promise.all([...document.images].map((img) => img.decode().catch(() => {})));
        scrollTo(0, 0);
      });
      const file = path.join(
        outDir,
        `${p.replace(/^\/|\/$/g, "").replace(/\//g, "_") || "home"}-${label}${photos ? "-photos" : ""}.png`,
      );
      await page.screenshot({ path: file, fullPage });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await close();
  if (work) rmSync(work, { recursive: true, force: true });
}
