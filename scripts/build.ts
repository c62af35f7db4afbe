/**
 * `npm run build [-- --content DIR]`: the site into dist/ (scripts/build-site.ts), or what in content/ is wrong;
 * exit code 1 when it did not build. npm runs it precompiled (scripts/run.mjs).
 */
import "../src/build/production.ts";
import { buildArgs, buildSite } from "./build-site.ts";

process.exitCode = (await buildSite(buildArgs(process.argv.slice(2)))) ? 0 : 1;
