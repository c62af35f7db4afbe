/** What a build prints: progress while photos are made and pages render, then its closing words. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { BuildResult } from "./build.ts";
import type { PhotoProgress } from "./images.ts";

/**
 * What a build says while it works: on a terminal one line, redrawn, for the photos and then the
 * pages; elsewhere (a log, CI) a line for each photo made, since a photo takes seconds and a
 * build with new photos would otherwise print nothing for a minute. Pages render in well under a
 * second and get no lines there.
 */
export function progressLine(stream: { write(text: string): unknown; isTTY?: boolean } = process.stdout): {
  onProgress: (done: number, total: number) => void;
  onPhoto: PhotoProgress;
  clear: () => void;
} {
  let shown = false;
  const redraw = (text: string) => {
    shown = true;
    stream.write(`\r\x1b[2K${text}`);
  };
  return {
    onProgress(done, total) {
      if (stream.isTTY) redraw(`Rendering pages: ${done}/${total} (${Math.round((done / total) * 100)}%)`);
    },
    onPhoto({ done, total, src, secondsLeft }) {
      const left = secondsLeft === undefined || done === total ? "" : `; about ${seconds(secondsLeft)} left`;
      if (stream.isTTY)
        redraw(
          done === total
            ? `Photos: ${total} of ${total} made`
            : `Photos: ${done} of ${total} made, now ${src}${left}`,
        );
      else if (done === 0)
        stream.write(
          `Making web copies of ${plural(total, "new photo")}: seconds each, kept for next time.\n`,
        );
      else stream.write(`Photo ${done} of ${total} made: ${src}${left}.\n`);
    },
    clear() {
      if (shown) stream.write("\r\x1b[2K");
      shown = false;
    },
  };
}

const seconds = (s: number) => (s < 90 ? `${Math.max(1, Math.round(s))} s` : `${Math.round(s / 60)} min`);
const plural = (n: number, word: string) => `${n.toLocaleString("en-AU")} ${word}${n === 1 ? "" : "s"}`;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * "Built 39 pages into dist in 0.84 s: 2,012.3 KB of HTML; largest index.html (97.1 KB, 14.9 KB gzip); 2
 * photos made, 6 from the cache."
 */
export function buildSummary(result: BuildResult): string {
  const largest = result.pages.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const gz = gzipSync(readFileSync(path.join(result.outDir, largest.file)), { level: 9 }).length;
  return (
    `Built ${result.pages.length.toLocaleString("en-AU")} pages into ${path.relative(process.cwd(), result.outDir) || "."} in ${(result.ms / 1000).toFixed(2)} s: ` +
    `${kb(result.totalBytes)} of HTML; largest ${largest.file} (${kb(largest.bytes)}, ${kb(gz)} gzip)` +
    (result.images.processed + result.images.cached > 0
      ? `; ${plural(result.images.processed, "photo")} made, ${result.images.cached} from the cache.`
      : ".")
  );
}
