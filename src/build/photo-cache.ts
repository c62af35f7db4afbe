/** The photo cache's bookkeeping: source hashes remembered between builds, and copies linked into dist/. */
import { createHash } from "node:crypto";
import { copyFileSync, linkSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Each source photo's SHA-256, remembered with its size and modification
 * time: a phone photo is 3 to 5 MB, and reading and hashing every one on
 * every rebuild was most of a warm build's photo time. A file whose size or
 * time changed is read again.
 */
export class SourceHashes {
  private file: string;
  private known: Record<string, { size: number; mtimeMs: number; hash: string }>;
  private seen: typeof this.known = {};
  private changed = false;
  constructor(cacheDir: string) {
    this.file = path.join(cacheDir, "sources.json");
    try {
      this.known = JSON.parse(readFileSync(this.file, "utf8"));
    } catch {
      this.known = {};
    }
  }
  hash(file: string): string {
    const { size, mtimeMs } = statSync(file);
    const at = path.resolve(file);
    const was = this.known[at];
    if (was && was.size === size && was.mtimeMs === mtimeMs) return (this.seen[at] = was).hash;
    const hash = createHash("sha256").update(readFileSync(file)).digest("hex");
    this.seen[at] = { size, mtimeMs, hash };
    this.changed = true;
    return hash;
  }
  /** Keeps the files this build read, and forgets the rest. */
  save() {
    if (!this.changed && Object.keys(this.seen).length === Object.keys(this.known).length) return;
    const tmp = `${this.file}.tmp-${process.pid}`;
    writeFileSync(tmp, JSON.stringify(this.seen));
    renameSync(tmp, this.file);
  }
}

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
