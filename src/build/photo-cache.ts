/** The photo cache's bookkeeping: copies linked into dist/ (source hashes: source-hashes.mjs). */
import { copyFileSync, linkSync } from "node:fs";

/**
 * A hard link costs no bytes or time; a copy when the cache is on another
 * disk. Nothing writes into a built file, so the cache's copy stays as made.
 */
export function linkOrCopy(from: string, to: string) {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}
