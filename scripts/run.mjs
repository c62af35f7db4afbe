// @ts-check
/**
 * `npm run build`, `serve`, `dev`: `node scripts/run.mjs NAME [ARGS]` runs the script NAME
 * (src/build/precompile.mjs lists them) from its precompiled bundle, compiling it first if a file it
 * is made from changed. The script reads ARGS as if it had been started itself. Plain JavaScript:
 * plain Node starts it in milliseconds (decision 0083).
 */
import { pathToFileURL } from "node:url";
import { precompiled, SCRIPTS } from "../src/build/precompile.mjs";

const name = process.argv[2];
if (!Object.hasOwn(SCRIPTS, name)) {
  console.error(`Usage: node scripts/run.mjs NAME [ARGS], NAME one of: ${Object.keys(SCRIPTS).join(", ")}`);
  process.exit(2);
}
let script;
try {
  script = await precompiled(name);
} catch (error) {
  // esbuild's own words: each file, line and column it could not read.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
process.argv.splice(1, 2, script);
await import(pathToFileURL(script).href);
