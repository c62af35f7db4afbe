/**
 * `npm run screenshots`: full-page screenshots of one page of each kind at
 * phone and desktop widths, from the built dist/, into .reports/screens/.
 * Arguments: paths to shoot instead of the default set; --top for the first screenful only.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { DESKTOP, PHONE, launchBrowser } from "../src/testing/browser.ts";
import { startSite } from "../src/testing/site.ts";

const args = process.argv.slice(2);
/** --top: only the first screenful, at full resolution. */
const fullPage = !args.includes("--top");
const paths = args.filter((a) => !a.startsWith("--"));
const pages = paths.length > 0 ? paths : ["/", "/services/bond-cleaning-brisbane/", "/suburbs/paddington/", "/about-us/", "/contact-us/", "/no-such-page"];
const outDir = path.resolve(".reports/screens");
mkdirSync(outDir, { recursive: true });

const { url, close } = await startSite();
const browser = await launchBrowser();
try {
  for (const [label, viewport] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
    const page = await browser.newPage({ viewport });
    for (const p of pages) {
      await page.goto(url + p, { waitUntil: "networkidle" });
      const file = path.join(outDir, `${p.replace(/^\/|\/$/g, "").replace(/\//g, "_") || "home"}-${label}.png`);
      await page.screenshot({ path: file, fullPage });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await close();
}
