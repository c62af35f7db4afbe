/** Builds the real site into dist/ once, before any test reads or serves it. */
import { build } from "../build/build.ts";
import { DIST_DIR } from "./dist-dir.ts";

export default async function setup() {
  await build({ outDir: DIST_DIR });
}
