/**
 * Making one photo's copies with sharp: the encoders' settings, the widths
 * and formats, and the cache entry that records what was made
 * (docs/decisions/0020-build-time-images.md).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Sharp, SharpOptions } from "sharp";
import { fallbackWidth } from "../content/images.ts";
import { packageVersion } from "./package-version.ts";

/**
 * Encoder settings. AVIF at effort 2 is within about 10% of effort 4's bytes
 * at a sixth of its time (a 2560 px copy: 1.3 s against 8.6 s on the
 * development VM). Changing anything here changes every cache key.
 */
const ENCODE = {
  version: 2,
  avif: { quality: 45, effort: 2 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 75, mozjpeg: true },
  png: { compressionLevel: 9, adaptiveFiltering: true },
} as const;

/**
 * sharp loads libvips, a native library of tens of MB: only a build that has
 * a photo to make loads it, so a rebuild from the cache and a site of SVGs
 * never pay for it.
 */
let sharpModule: Promise<(input?: Buffer, options?: SharpOptions) => Sharp> | undefined;
export const loadSharp = () => (sharpModule ??= import("sharp").then((m) => m.default));
export type Format = "avif" | "webp" | "jpeg" | "png";
export const TYPE = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg", png: "image/png" } as const;
const EXT = { avif: "avif", webp: "webp", jpeg: "jpg", png: "png" } as const;

/** A cache entry: what was made from one source with one set of options. */
export interface Entry {
  /** The copies' folder under /assets/img/: a hash of every copy's bytes, e.g. "3f2a9c1b". */
  folder: string;
  width: number;
  height: number;
  formats: { format: Format; files: { width: number; file: string }[] }[];
}

/**
 * The cache key of one photo's copies: its bytes' hash, the widths, the slots' drawn widths (the fallback's
 * copies), the encoders, sharp's version and how folders are named.
 */
export function copiesKey(sourceHash: string, widths: number[], drawn: number[]): string {
  return createHash("sha256")
    .update(sourceHash)
    .update(JSON.stringify({ ENCODE, widths, drawn, sharp: packageVersion("sharp"), folder: "hash" }))
    .digest("hex")
    .slice(0, 32);
}

export function readEntry(dir: string): Entry | undefined {
  const file = path.join(dir, "entry.json");
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Entry;
  } catch {
    return undefined; // a damaged entry is made again
  }
}

/**
 * Makes every copy of one photo into the cache folder `dir` (written aside, then renamed, so an
 * interrupted build leaves no half entry): AVIF and WebP in each of the `requested` widths the
 * photo is wide enough for; the fallback format only in the one width each slot's `drawn` width
 * picks (fallbackWidth), as its page names no other.
 */
export async function makeCopies(
  bytes: Buffer,
  requested: number[],
  drawn: number[],
  dir: string,
): Promise<Entry> {
  const sharp = await loadSharp();
  const meta = await sharp(bytes).metadata();
  // A phone stores a portrait photo sideways with an EXIF orientation; the upright size is what the page
  // shows.
  const original = meta.autoOrient?.width ?? meta.width;
  if (!original) throw new Error("it has no size");
  const largest = Math.min(original, Math.max(...requested));
  const widths = [...requested.filter((w) => w < largest), largest];
  const transparent = meta.hasAlpha && !(await sharp(bytes).stats()).isOpaque;
  const fallback: Format = transparent ? "png" : "jpeg";
  const formats: Format[] = ["avif", "webp", fallback];
  const fallbackWidths = new Set(drawn.map((d) => fallbackWidth(widths, d)));

  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(tmp, { recursive: true });
  try {
    // Decoded, turned upright and shrunk to the largest copy once; every copy is made from these pixels.
    const { data: pixels, info: px } = await sharp(bytes)
      .autoOrient()
      .resize({ width: largest })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const made: { format: Format; width: number; height: number; file: string; hash: string }[] = [];
    // One width at a time, its three formats at once: both cores busy, and memory held to three encoders.
    for (const width of widths) {
      made.push(
        ...(await Promise.all(
          formats
            .filter((format) => format !== fallback || fallbackWidths.has(width))
            .map(async (format) => {
              // No withMetadata()/keep*(): sharp writes no EXIF, XMP or IPTC unless asked.
              const { data, info } = await sharp(pixels, {
                raw: { width: px.width, height: px.height, channels: px.channels },
              })
                .resize({ width })
                .toFormat(format, ENCODE[format])
                .toBuffer({ resolveWithObject: true });
              const file = `${width}.${EXT[format]}`;
              writeFileSync(path.join(tmp, file), data);
              return {
                format,
                width,
                height: info.height,
                file,
                hash: createHash("sha256").update(data).digest("hex"),
              };
            }),
        )),
      );
    }
    const top = made.find((m) => m.width === largest)!;
    // One hash for the folder, not one a file: a page names up to 18 copies of a photo, and every
    // hash in a name is bytes gzip cannot shrink (the home page's first-paint budget has little room).
    const all = createHash("sha256");
    for (const m of [...made].sort((a, b) => a.file.localeCompare(b.file)))
      all.update(`${m.file}:${m.hash}\n`);
    const entry: Entry = {
      folder: all.digest("hex").slice(0, 8),
      width: largest,
      height: top.height,
      formats: formats.map((format) => ({
        format,
        files: made.filter((m) => m.format === format).map(({ width, file }) => ({ width, file })),
      })),
    };
    writeFileSync(path.join(tmp, "entry.json"), JSON.stringify(entry));
    rmSync(dir, { recursive: true, force: true });
    renameSync(tmp, dir);
    return entry;
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
}
