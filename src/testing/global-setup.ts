/** Builds the real site into dist/ once, before any test reads or serves it. */
import { build } from "../build/build.ts";

export default async function setup() {
  await build();
}
