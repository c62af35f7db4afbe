// @ts-check
/**
 * Files' SHA-256 remembered between runs with their size and modification time, so a run that
 * finds a file unchanged need not read it again: a phone photo is 3 to 5 MB (the photo cache,
 * images.ts), and a script's 300 source files are read at every start of a precompiled script
 * (precompile.mjs). Plain JavaScript: the launcher that checks the scripts loads it without a
 * TypeScript loader.
 */
import { createHash } from "node:crypto";
import { readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** @param {Buffer | string} data */
export const sha256 = (data) => createHash("sha256").update(data).digest("hex");

/**
 * Each file's hash, remembered in `cacheDir`/sources.json by its absolute path. A file whose size or time
 * changed is read again.
 */
export class SourceHashes {
  /** @typedef {Record<string, { size: number; mtimeMs: number; hash: string }>} Known */
  /** @param {string} cacheDir */
  constructor(cacheDir) {
    this.file = path.join(cacheDir, "sources.json");
    /** @type {Known} */
    this.known = {};
    try {
      this.known = JSON.parse(readFileSync(this.file, "utf8"));
    } catch {
      // none yet, or damaged: every file is read once
    }
    /** @type {Known} */
    this.seen = {};
    this.changed = false;
  }

  /** @param {string} file */
  hash(file) {
    const { size, mtimeMs } = statSync(file);
    const at = path.resolve(file);
    const was = this.known[at];
    if (was && was.size === size && was.mtimeMs === mtimeMs) return (this.seen[at] = was).hash;
    const hash = sha256(readFileSync(file));
    this.seen[at] = { size, mtimeMs, hash };
    this.changed = true;
    return hash;
  }

  /** Keeps the files this run read, and forgets the rest. */
  save() {
    if (!this.changed && Object.keys(this.seen).length === Object.keys(this.known).length) return;
    const tmp = `${this.file}.tmp-${process.pid}`;
    writeFileSync(tmp, JSON.stringify(this.seen));
    renameSync(tmp, this.file);
  }
}
