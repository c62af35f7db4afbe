/**
 * `npm run brand-images`: renders the brand PNGs (favicons, app icons, the
 * 1200×630 sharing image) from the SVGs in content/images/ (CONTENT_DIR's) with Chromium, and
 * wraps the 32 px icon as favicon.ico. Run it after changing one of those SVGs
 * and commit the results; the build itself needs no browser.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { launchBrowser } from "../src/testing/browser.ts";
import { scriptArgs } from "./script-args.ts";
import { contentDirOf } from "../src/build/content/content-dir.ts";

scriptArgs({
  options: {},
  usage: `Usage: npm run brand-images
Renders the icons and the sharing image from content/images/*.svg (CONTENT_DIR's) with Chromium.`,
});

const dir = path.resolve(contentDirOf(process.env), "images");
const shown = (file: string) => path.relative(process.cwd(), path.join(dir, file));
const targets: { svg: string; png: string; width: number; height: number }[] = [
  { svg: "icon.svg", png: "favicon-32.png", width: 32, height: 32 },
  { svg: "icon-maskable.svg", png: "apple-touch-icon.png", width: 180, height: 180 },
  { svg: "icon.svg", png: "icon-192.png", width: 192, height: 192 },
  { svg: "icon.svg", png: "icon-512.png", width: 512, height: 512 },
  { svg: "icon-maskable.svg", png: "icon-maskable-512.png", width: 512, height: 512 },
  { svg: "og-image.svg", png: "og-image.png", width: 1200, height: 630 },
];

const browser = await launchBrowser();
try {
  for (const t of targets) {
    const page = await browser.newPage({ viewport: { width: t.width, height: t.height } });
    const svg = readFileSync(path.join(dir, t.svg), "utf8");
    await page.setContent(
      `<!DOCTYPE html><style>html,body{margin:0;background:transparent}img{display:block;width:${t.width}px;height:${t.height}px}</style>` +
        `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}">`,
    );
    await page.screenshot({ path: path.join(dir, t.png), omitBackground: true });
    await page.close();
    console.log(shown(t.png));
  }
} finally {
  await browser.close();
}

// An .ico may hold a PNG as is (every browser since IE 9): a 6-byte header and one 16-byte entry.
const png = readFileSync(path.join(dir, "favicon-32.png"));
const ico = Buffer.alloc(22);
ico.writeUInt16LE(0, 0);
ico.writeUInt16LE(1, 2);
ico.writeUInt16LE(1, 4);
ico.writeUInt8(32, 6);
ico.writeUInt8(32, 7);
ico.writeUInt16LE(1, 10);
ico.writeUInt16LE(32, 12);
ico.writeUInt32LE(png.length, 14);
ico.writeUInt32LE(22, 18);
writeFileSync(path.join(dir, "favicon.ico"), Buffer.concat([ico, png]));
console.log(shown("favicon.ico"));
