/**
 * `npm run audit`: Lighthouse (the npm package, mobile emulation, its default
 * simulated slow 4G and 4× CPU slowdown) on one page of each kind, served by
 * the project's own server from a fresh build. Writes an HTML report per page
 * and a summary table (the four category scores, LCP, TBT, CLS) into
 * .reports/lighthouse/. Chromium: CHROME_PATH, or Debian's /usr/bin/chromium.
 * `-- --photos`: the site with a generated phone photo in every image slot
 * (src/testing/photos.ts), into .reports/lighthouse-photos/.
 */
import "../src/build/production.ts";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { build } from "../src/build/build.ts";
import { createApp } from "../src/server/app.ts";
import { listen } from "../src/server/node.ts";
import { loadContent } from "../src/build/content/load.ts";
import { onePerKind } from "../src/content/routes.ts";
import { scriptArgs } from "./script-args.ts";

// One page of each kind from the route list; Lighthouse will not audit a response with status 404, so the 404
// page is its file, /404.html.
const PAGES = onePerKind(loadContent("content")).map((r): [kind: string, path: string] => [
  r.kind === "notFound" ? "404" : r.kind,
  r.path,
]);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const { photos } = scriptArgs({
  options: { photos: { type: "boolean", default: false } },
  usage: `Usage: npm run audit [-- --photos]
Lighthouse on one page of each kind, reports in .reports/lighthouse/.
  --photos   with a generated phone photo in every image slot`,
}).values;
const reportDir = path.resolve(photos ? ".reports/lighthouse-photos" : ".reports/lighthouse");

const work = mkdtempSync(path.join(tmpdir(), "audit-"));
const root = path.join(work, "site");
const contentDir = photos ? path.join(work, "content") : "content";
// Imported only here: it loads sharp (libvips), which an audit without photos does not need.
if (photos) {
  const { contentWithPhotos } = await import("../src/testing/photos.ts");
  await contentWithPhotos(contentDir);
}
await build({ contentDir, outDir: root });
const { server, url } = await listen(createApp({ root }), { port: 0, host: "127.0.0.1" });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});

interface Row {
  kind: string;
  path: string;
  scores: number[];
  lcp: number;
  tbt: number;
  cls: number;
}
const rows: Row[] = [];
try {
  mkdirSync(reportDir, { recursive: true });
  for (const [kind, pagePath] of PAGES) {
    process.stdout.write(`Auditing ${kind} (${pagePath})… `);
    const result = await audit(url + pagePath);
    const { lhr } = result;
    writeFileSync(path.join(reportDir, `${kind}.html`), result.report as string);
    const row: Row = {
      kind,
      path: pagePath,
      scores: CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100)),
      lcp: lhr.audits["largest-contentful-paint"].numericValue ?? NaN,
      tbt: lhr.audits["total-blocking-time"].numericValue ?? NaN,
      cls: lhr.audits["cumulative-layout-shift"].numericValue ?? NaN,
    };
    rows.push(row);
    console.log(row.scores.join(" / "));
    // What kept a category under 100, so the table is a to-do list rather than a grade.
    for (const c of CATEGORIES) {
      const category = lhr.categories[c];
      if (!category || category.score === 1) continue;
      const failing = category.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
        .map((ref) => `${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`);
      if (failing.length > 0) console.log(`  ${c}: ${failing.join(", ")}`);
    }
  }
} finally {
  chrome.kill();
  server.closeAllConnections();
  server.close();
  rmSync(work, { recursive: true, force: true });
}

/**
 * One Lighthouse run; a run whose trace failed (NO_NAVSTART and the like, on a busy machine) is tried again
 * twice.
 */
async function audit(
  pageUrl: string,
  attempt = 1,
): Promise<NonNullable<Awaited<ReturnType<typeof lighthouse>>>> {
  const result = await lighthouse(pageUrl, {
    port: chrome.port,
    output: "html",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
  });
  const problem = !result ? "no result" : result.lhr.runtimeError?.message;
  if (!problem) return result!;
  if (attempt >= 3) throw new Error(`Lighthouse could not audit ${pageUrl}: ${problem}`);
  process.stdout.write(`(${problem.split(".")[0]}; again) `);
  return audit(pageUrl, attempt + 1);
}

const table = [
  "| page | path | performance | accessibility | best practices | SEO | LCP | TBT | CLS |",
  "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...rows.map(
    (r) =>
      `| ${r.kind} | \`${r.path}\` | ${r.scores.join(" | ")} | ${(r.lcp / 1000).toFixed(1)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} |`,
  ),
].join("\n");
const summary = `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile emulation (Moto G Power, slow 4G, 4× CPU slowdown, simulated), ${new Date().toISOString().slice(0, 10)}${photos ? ", a generated phone photo in every image slot" : ""}\n\n${table}\n`;
writeFileSync(path.join(reportDir, "summary.md"), summary);
console.log(`\n${summary}\nReports: ${path.relative(process.cwd(), reportDir)}/<page>.html and summary.md`);
