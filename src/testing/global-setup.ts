/**
 * Builds the real site into dist/ once, before any test reads or serves it, and the second business
 * (fixtures/window-cleaning) beside it.
 * This runs in vitest's main process, which loads React's development build
 * (NODE_ENV is "test"), so it is also the run's check of React's development
 * warnings on every page (a list without keys, an element where HTML does not
 * allow it): any warning or error printed while building fails the run. The
 * workers render with the production build (react-production.ts).
 */
import { format } from "node:util";
import { build } from "../build/build.ts";
import { DIST_DIR, SECOND_BUSINESS } from "./dist-dir.ts";

export default async function setup() {
  const said: string[] = [];
  const { error, warn } = console;
  console.error = console.warn = (...args: unknown[]) => void said.push(format(...args));
  try {
    await build({ outDir: DIST_DIR });
    await build({ contentDir: SECOND_BUSINESS.content, outDir: SECOND_BUSINESS.dist });
  } finally {
    console.error = error;
    console.warn = warn;
  }
  if (said.length > 0)
    throw new Error(
      `Building the site printed warnings (React's development build checks every page here):\n${said.join("\n")}`,
    );
}
