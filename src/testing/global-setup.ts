/**
 * Builds the real site into dist/ once, before any test reads or serves it, and the second business
 * (fixtures/window-cleaning) beside it; a run with no end-to-end file builds nothing.
 * This runs in vitest's main process, which loads React's development build
 * (NODE_ENV is "test"), so it is also the run's check of React's development
 * warnings on every page (a list without keys, an element where HTML does not
 * allow it): any warning or error printed while building fails the run. The
 * workers render with the production build (react-production.ts).
 */
import path from "node:path";
import { format } from "node:util";
import type { TestProject } from "vitest/node";
import { E2E } from "../../vitest.config.ts";
import { DIST_DIR, SECOND_BUSINESS } from "./dist-dir.ts";

export default async function setup(project: TestProject) {
  if (!(await runsEndToEnd(project))) return;
  // Loaded only now: the builder's modules are a second of the main process's start.
  const { build } = await import("../build/build.ts");
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

/**
 * Whether the run has an end-to-end file (vitest.config.ts: E2E), the only kind that reads the built
 * site: the files the configuration picks, narrowed by the command line's filters (`npx vitest run
 * some.test.ts`), which vitest keeps on its instance as `filenamePattern` (not public API; were it
 * gone, every file the configuration picks is read, and the site is built: slower, never wrong).
 */
async function runsEndToEnd(project: TestProject): Promise<boolean> {
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  const named = (file: string) => path.relative(project.config.root, file);
  return testFiles.some((file) => E2E.some((glob) => path.matchesGlob(named(file), glob)));
}
