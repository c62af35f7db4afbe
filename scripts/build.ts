/**
 * `npm run build`: the site into dist/ (scripts/build-site.ts), or what in content/ is wrong;
 * exit code 1 when it did not build. npm runs it precompiled (scripts/run.mjs).
 */
import "../src/build/production.ts";
import { buildArgs, buildSite } from "./build-site.ts";

buildArgs(process.argv.slice(2));
process.exitCode = (await buildSite()) ? 0 : 1;
