/**
 * `npm run bench`: how fast the build is and how it grows. Builds the real
 * site, then generated sites of 1,000 and 4,000 suburbs (copies of content/
 * in a temporary folder, never content/ itself), each in its own process, as
 * `npm run build` runs it: precompiled (scripts/bench-build.ts, scripts/run.mjs).
 * Prints pages/s, ms/page, seconds and peak memory per size, where the time
 * went, and the fixed cost of a build apart from its cost per page. `-- 250 2000`
 * picks other sizes.
 *
 * The real site is built cold (an empty CSS cache: every kind of page's CSS
 * compiled by Tailwind) and warm (the cache filled, as every build after the
 * first), five times each in turn. It is also built with generated phone photos
 * (4000×3000 JPEGs, src/testing/photos.ts) in every image slot: once with an
 * empty photo cache (cold) and again with it filled (warm), against the target
 * that a warm rebuild costs at most 20% more than the site without photos.
 * `-- --no-photos` leaves those out (the cold build takes a minute or two).
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import path from "node:path";
import { dump, load } from "js-yaml";
import type { BuildResult } from "../src/build/build.ts";
import { scriptArgs } from "./script-args.ts";

interface Run {
  label: string;
  pages: number;
  suburbPages: number;
  ms: number;
  /** The whole child process: starting Node, loading the build's modules, building, exiting. */
  processMs: number;
  peakRssMb: number;
  phases: BuildResult["phases"];
  images: BuildResult["images"];
}

const { values: flags, positionals } = scriptArgs({
  most: Infinity,
  options: {
    "no-photos": { type: "boolean", default: false },
    // The bench's own child that makes the photo site (--make-photos DIR).
    "make-photos": { type: "string" },
  },
  usage: `Usage: npm run bench [-- [--no-photos] [SUBURBS ...]]
Builds the real site cold and warm, with photos cold and warm, then sites of
1,000 and 4,000 suburbs (or the SUBURBS given, as in npm run bench -- 250 2000).
  --no-photos   leave out the builds with photos`,
});

if (flags["make-photos"] !== undefined) {
  // In a process of its own: Linux keeps a process's peak memory across exec, so photos made in the
  // parent would show as every later build's peak.
  const { contentWithPhotos } = await import("../src/testing/photos.ts");
  console.log((await contentWithPhotos(flags["make-photos"])).length);
  process.exit(0);
}

const LAUNCHER = path.join(import.meta.dirname, "run.mjs");
const noPhotos = flags["no-photos"];
const sizes = positionals.map(Number).filter((n) => n > 0);
const work = mkdtempSync(path.join(tmpdir(), "bench-"));
const runs: Run[] = [];
/** The CSS cache every warm build shares; a cold build gets an empty one of its own. */
const warmCss = { CSS_CACHE_DIR: path.join(work, "css") };
let coldCss = 0;
const emptyCss = () => ({ CSS_CACHE_DIR: path.join(work, `css-cold-${++coldCss}`) });
try {
  console.log(`Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model.trim()})`);
  const real = (env: Record<string, string>, label = "real site (content/)") =>
    measure(label, "content", path.join(work, "out-real"), env);
  real(warmCss); // compiles the build if a source changed, and fills the shared CSS cache: not counted
  let photos: { dir: string; made: number; cache: Record<string, string> } | undefined;
  if (!noPhotos) {
    const dir = path.join(work, "content-photos");
    const made = Number(
      execFileSync(process.execPath, [...process.execArgv, import.meta.filename, "--make-photos", dir], {
        encoding: "utf8",
      })
        .trim()
        .split("\n")
        .pop(),
    );
    photos = { dir, made, cache: { ...warmCss, IMAGE_CACHE_DIR: path.join(work, "photo-cache") } };
    runs.push(measure(`real site, ${made} photos, cold`, dir, path.join(work, "out-photos"), photos.cache));
  }
  // The builds compared take turns, five times each, and the median of each counts: one run on a shared
  // machine can be off by seconds.
  const turns: Run[][] = [[], [], []];
  for (let i = 0; i < 5; i++) {
    turns[0].push(real(emptyCss(), "real site, cold (empty CSS cache)"));
    turns[1].push(real(warmCss));
    if (photos)
      turns[2].push(
        measure(
          `real site, ${photos.made} photos, warm`,
          photos.dir,
          path.join(work, "out-photos"),
          photos.cache,
        ),
      );
  }
  runs.push(...turns.filter((t) => t.length > 0).map(median));
  for (const n of sizes.length > 0 ? sizes : [1000, 4000]) {
    const dir = path.join(work, `content-${n}`);
    generate(dir, n);
    runs.push(measure(`${n.toLocaleString("en-AU")} suburbs`, dir, path.join(work, `out-${n}`), warmCss));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const rows = runs.map((r) => [
  r.label,
  String(r.pages),
  (r.pages / (r.ms / 1000)).toFixed(0),
  (r.ms / r.pages).toFixed(2),
  (r.ms / 1000).toFixed(2),
  (r.processMs / 1000).toFixed(2),
  r.peakRssMb.toFixed(0),
  ...(["content", "images", "render", "css", "write", "other"] as const).map((p) =>
    (r.phases[p] / 1000).toFixed(2),
  ),
]);
const head = [
  "site",
  "pages",
  "pages/s",
  "ms/page",
  "total s",
  "process s",
  "peak MB",
  "content s",
  "images s",
  "render s",
  "CSS s",
  "write s",
  "other s",
];
console.log(
  "\n| " + head.join(" | ") + " |\n|" + head.map((h, i) => (i === 0 ? " --- " : " ---: ")).join("|") + "|",
);
for (const r of rows) console.log("| " + r.join(" | ") + " |");
console.log(
  "\ntotal s is the build's own time, from reading content/ to the new dist/ in place; process s adds starting Node and loading the build's modules.\n" +
    "Generated suburbs are copies of real ones with new names and slugs, marked header: false and homeGrid: false " +
    "so every page's header and the home page stay the size they are on the real site.",
);
const sized = runs.filter((r) => /suburbs$/.test(r.label));
if (sized.length >= 2) {
  const [a, b] = sized.slice(-2);
  const perPageA = a.ms / a.pages;
  const perPageB = b.ms / b.pages;
  const marginal = (b.ms - a.ms) / (b.pages - a.pages);
  console.log(
    `Growth: ${(b.pages / a.pages).toFixed(1)}× the pages took ${(b.ms / a.ms).toFixed(1)}× the time (ms/page ${perPageA.toFixed(2)} → ${perPageB.toFixed(2)}); ` +
      `each page past the first ${a.pages.toLocaleString("en-AU")} cost ${marginal.toFixed(2)} ms.`,
  );
}

const plain = runs.find((r) => r.label === "real site (content/)")!;
const cold = runs.find((r) => r.label.startsWith("real site, cold"))!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(
  `Cold and warm: with an empty CSS cache the real site took ${seconds(cold.processMs)} (the build ${seconds(cold.ms)}, CSS ${seconds(cold.phases.css)}), ` +
    `with it filled ${seconds(plain.processMs)} (the build ${seconds(plain.ms)}, CSS ${seconds(plain.phases.css)}), medians of 5 each.`,
);
const fitted = [plain, ...sized];
// A line through sites of nearly one size is all noise on a shared machine.
if (!sized.some((r) => r.pages >= plain.pages * 10))
  console.log(
    "Fixed cost and cost per page: needs a generated site of ten times the real site's pages or more.",
  );
else {
  const whole = fit(fitted.map((r) => [r.pages, r.processMs]));
  const own = fit(fitted.map((r) => [r.pages, r.ms]));
  console.log(
    `Fixed cost and cost per page (a straight line through the warm real site and the generated sites): ` +
      `the whole process ${seconds(whole.fixed)} + ${whole.perPage.toFixed(2)} ms a page; ` +
      `the build's own time ${seconds(own.fixed)} + ${own.perPage.toFixed(2)} ms a page.`,
  );
}

const warm = runs.find((r) => r.label.endsWith("photos, warm"));
if (warm) {
  const over = (ms: number, base: number) => `${(((ms - base) / base) * 100).toFixed(0)}%`;
  console.log(
    `Photos: a warm rebuild (${warm.images.cached} photos from the cache, ${warm.images.processed} processed) took ${over(warm.ms, plain.ms)} longer than the site without photos ` +
      `(whole process ${over(warm.processMs, plain.processMs)}); the target is at most 20%: ${warm.ms <= plain.ms * 1.2 ? "met" : "not met"}.`,
  );
}

const target = runs.find((r) => r.label === "4,000 suburbs");
if (target) {
  const verdict = (ms: number) => `${(ms / 1000).toFixed(2)} s, ${ms < 4000 ? "met" : "not met"}`;
  console.log(
    `Target, 4,000 suburb pages in under 4 s on 2 cores (${availableParallelism()} here): the build ${verdict(target.ms)}; the whole process ${verdict(target.processMs)}.`,
  );
}

/** The least-squares line through (pages, ms) points: ms at no pages, and ms per page. */
function fit(points: [number, number][]): { fixed: number; perPage: number } {
  const n = points.length;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const perPage =
    points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0) /
    points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return { fixed: my - perPage * mx, perPage };
}

function median(of: Run[]): Run {
  return [...of].sort((a, b) => a.ms - b.ms)[Math.floor(of.length / 2)];
}

function measure(label: string, contentDir: string, outDir: string, env: Record<string, string>): Run {
  settleDisk();
  process.stdout.write(`Building ${label}… `);
  const started = performance.now();
  // As npm run build starts it, through the launcher (scripts/run.mjs), which finds the build current.
  const out = execFileSync(process.execPath, [LAUNCHER, "bench-build", contentDir, outDir], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ...env },
  });
  const processMs = performance.now() - started;
  const run = {
    label,
    processMs,
    ...(JSON.parse(out.trim().split("\n").pop()!) as Omit<Run, "label" | "processMs">),
  };
  console.log(`${run.pages} pages in ${(run.ms / 1000).toFixed(2)} s`);
  return run;
}

/**
 * Writes the kernel still holds from the last build (hundreds of MB at 4,000
 * pages) go to disk now, so they are not flushed, and timed, in the next one:
 * on a VM with a throttled disk that alone moved a build by seconds.
 */
function settleDisk() {
  try {
    execFileSync("sync");
  } catch {
    // No sync command (Windows): the builds are measured as they come.
  }
}

/** content/ copied to `dir` with `total` suburbs: the real ones, then copies of them under new names. */
function generate(dir: string, total: number) {
  cpSync("content", dir, { recursive: true });
  const file = path.join(dir, "suburbs.yaml");
  const data = load(readFileSync(file, "utf8")) as { suburbs: Record<string, unknown>[] };
  const real = data.suburbs;
  const suburbs = [...real];
  for (let i = 0; suburbs.length < total; i++) {
    const base = real[i % real.length] as { name: string; slug: string };
    const n = Math.floor(i / real.length) + 2;
    const name = `${base.name} ${n}`;
    // Replacing the name everywhere keeps each page's text, and so its size, realistic.
    const copy = JSON.parse(JSON.stringify(base).replaceAll(base.name, name)) as Record<string, unknown>;
    suburbs.push({ ...copy, slug: `${base.slug}-${n}`, name, header: false, homeGrid: false });
  }
  writeFileSync(file, dump({ suburbs }, { lineWidth: -1 }));
}
