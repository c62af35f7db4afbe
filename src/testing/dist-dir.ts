/**
 * Where tests build and read the site: dist/, or TEST_DIST_DIR when two test
 * runs on one machine must not share a folder.
 */
import path from "node:path";

export const DIST_DIR = path.resolve(process.env.TEST_DIST_DIR ?? "dist");

/**
 * The second business (fixtures/window-cleaning, decision 0088): its content, and where the global setup
 * builds it, beside the site's.
 */
export const SECOND_BUSINESS = {
  content: path.resolve("fixtures/window-cleaning"),
  dist: path.join(path.dirname(DIST_DIR), ".dist-window-cleaning"),
};
