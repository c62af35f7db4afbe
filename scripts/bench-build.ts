/**
 * One build as `npm run bench` measures it (scripts/bench.ts): the bench runs this precompiled, as
 * `npm run build` runs, in a process of its own, and reads the one line of JSON it prints: the
 * pages, the build's own time by phase, and the process's peak memory.
 */
import "../src/build/production.ts";
import { build } from "../src/build/build.ts";
import { scriptArgs } from "./script-args.ts";

const { positionals } = scriptArgs({
  most: 2,
  options: {},
  usage: "Usage: node scripts/run.mjs bench-build CONTENT_DIR OUT_DIR (run by npm run bench)",
});
const [contentDir, outDir] = positionals;
const result = await build({ contentDir, outDir });
console.log(
  JSON.stringify({
    pages: result.pages.length,
    suburbPages: result.pages.filter((p) => p.route.kind === "suburb").length,
    ms: result.ms,
    phases: result.phases,
    images: result.images,
    // maxRSS is in kilobytes.
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
