/** What a build prints: a progress line while pages render, then one closing line. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { BuildResult } from "./build.ts";

/** A progress callback that redraws one terminal line, or stays quiet when output is not a terminal. */
export function progressLine(stream: NodeJS.WriteStream = process.stdout): {
  onProgress: (done: number, total: number) => void;
  clear: () => void;
} {
  let shown = false;
  return {
    onProgress(done, total) {
      if (!stream.isTTY) return;
      shown = true;
      stream.write(`\r\x1b[2KRendering pages: ${done}/${total} (${Math.round((done / total) * 100)}%)`);
    },
    clear() {
      if (shown) stream.write("\r\x1b[2K");
      shown = false;
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * "Built 39 pages into dist in 0.84 s: 2,012.3 KB of HTML; largest index.html (97.1 KB, 14.9 KB gzip); 2
 * photos processed, 6 from the cache."
 */
export function buildSummary(result: BuildResult): string {
  const largest = result.pages.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const gz = gzipSync(readFileSync(path.join(result.outDir, largest.file)), { level: 9 }).length;
  return (
    `Built ${result.pages.length.toLocaleString("en-AU")} pages into ${path.relative(process.cwd(), result.outDir) || "."} in ${(result.ms / 1000).toFixed(2)} s: ` +
    `${kb(result.totalBytes)} of HTML; largest ${largest.file} (${kb(largest.bytes)}, ${kb(gz)} gzip)` +
    (result.images.processed + result.images.cached > 0
      ? `; ${result.images.processed} photos processed, ${result.images.cached} from the cache.`
      : ".")
  );
}
