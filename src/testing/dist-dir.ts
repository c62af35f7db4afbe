/**
 * Where tests build and read the site: dist/, or TEST_DIST_DIR when two test
 * runs on one machine must not share a folder.
 */
import path from "node:path";

export const DIST_DIR = path.resolve(process.env.TEST_DIST_DIR ?? "dist");
