/**
 * Photos as the owner has them, made fit to serve: every raster `image:`
 * (JPEG, PNG, WebP, AVIF, any size, straight from a phone) becomes copies in
 * the widths its slots need (src/content/images.ts), as AVIF, WebP and a
 * JPEG fallback (PNG when the image has transparent pixels), upright (EXIF
 * orientation applied) and with no metadata (a phone's EXIF carries the GPS
 * position of where it was taken and the camera's serial number).
 *
 * Each photo's copies sit in a folder named with a hash of their bytes
 * (/assets/img/bond-intro.3f2a9c1b/1080.avif), so /assets/ caches them for a
 * year. Making the copies takes seconds a photo, so they are kept in a cache
 * folder keyed by the source's bytes and the options: a rebuild copies what
 * is there and processes only new or changed photos.
 * docs/decisions/0020-build-time-images.md says why it works this way.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Sharp, SharpOptions } from "sharp";
import { ContentError } from "./content/load.ts";
import { contentProblem } from "./content/locate.ts";
import { formatProblem, type ContentProblem } from "./content/problems.ts";
import { type Content } from "../content/content.ts";
import { IMAGE_SLOTS, imageUses, isSvg, type ImageFile, type ImageUse } from "../content/images.ts";

/** Where processed photos are kept between builds (git-ignored); IMAGE_CACHE_DIR moves it. A CI host should keep this folder. */
export const DEFAULT_IMAGE_CACHE_DIR = ".cache/images";
/** Where the copies are served from, under /assets/ with the other content-hashed files. */
export const PHOTO_DIR = "assets/img";

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
/** sharp's version, part of every cache key (a new libvips may encode differently), read without loading it. */
const SHARP_VERSION = (JSON.parse(readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve("sharp")), "..", "package.json"), "utf8")) as { version: string }).version;

type Format = "avif" | "webp" | "jpeg" | "png";
const TYPE = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg", png: "image/png" } as const;
const EXT = { avif: "avif", webp: "webp", jpeg: "jpg", png: "png" } as const;

/** A cache entry: what was made from one source with one set of options. */
interface Entry {
  /** The copies' folder under /assets/img/: the source's name and a hash of every copy's bytes, e.g. "bond-intro.3f2a9c1b". */
  folder: string;
  width: number;
  height: number;
  formats: { format: Format; files: { width: number; file: string }[] }[];
}

export interface ImageBuildResult {
  /** Photos made afresh, and photos found in the cache. */
  processed: number;
  cached: number;
  /** Photos smaller than their slot needs, in the content's words (not failures). */
  warnings: string[];
  /** File names in content/images/ that were made into copies: the build does not copy these originals. */
  photos: Set<string>;
}

/**
 * Makes (or takes from the cache) the copies of every photo the content
 * shows, writes them into `outDir`/assets/img, and records in
 * `content.images` what a page needs to show each one. A missing or
 * unreadable photo is a ContentError naming the file, line and field.
 */
export async function buildImages(content: Content, { outDir, cacheDir = process.env.IMAGE_CACHE_DIR || DEFAULT_IMAGE_CACHE_DIR }: { outDir: string; cacheDir?: string }): Promise<ImageBuildResult> {
  const bySrc = new Map<string, ImageUse[]>();
  for (const use of imageUses(content)) {
    if (isSvg(use.image.src)) continue;
    const uses = bySrc.get(use.image.src);
    if (uses) uses.push(use);
    else bySrc.set(use.image.src, [use]);
  }
  const result: ImageBuildResult = { processed: 0, cached: 0, warnings: [], photos: new Set(bySrc.keys()) };
  if (bySrc.size === 0) return result;

  const problems: ContentProblem[] = [];
  const at = (use: ImageUse, message: string) => contentProblem(content.dir, use.file, [...use.at, "src"], message);
  mkdirSync(path.join(outDir, PHOTO_DIR), { recursive: true });
  mkdirSync(cacheDir, { recursive: true });
  const sources = new SourceHashes(cacheDir);

  for (const [src, uses] of bySrc) {
    const file = path.join(content.dir, "images", src);
    const widths = [...new Set(uses.flatMap((u) => IMAGE_SLOTS[u.slot].widths))].sort((a, b) => a - b);
    let entry: Entry;
    try {
      // The name is in the key because it names the copies' folder: the same photo under two names is two entries.
      const key = createHash("sha256").update(sources.hash(file)).update(JSON.stringify({ src, ENCODE, widths, sharp: SHARP_VERSION })).digest("hex").slice(0, 32);
      const dir = path.join(cacheDir, key);
      const cached = readEntry(dir);
      if (cached) {
        entry = cached;
        result.cached++;
      } else {
        entry = await makeCopies(readFileSync(file), src, widths, dir);
        result.processed++;
      }
      mkdirSync(path.join(outDir, PHOTO_DIR, entry.folder), { recursive: true });
      for (const f of entry.formats) for (const c of f.files) linkOrCopy(path.join(dir, c.file), path.join(outDir, PHOTO_DIR, entry.folder, c.file));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      problems.push(at(uses[0], `cannot read ${file} as an image (${why}): save it again as a JPEG, PNG, WebP or AVIF`));
      continue;
    }

    content.images[src] = {
      kind: "photo",
      width: entry.width,
      height: entry.height,
      formats: entry.formats.map((f) => ({ type: TYPE[f.format], files: f.files.map((c) => ({ width: c.width, src: `/${PHOTO_DIR}/${entry.folder}/${c.file}` })) })),
    } satisfies ImageFile;

    const original = Math.max(...entry.formats[0].files.map((c) => c.width));
    for (const use of uses) {
      const slot = IMAGE_SLOTS[use.slot];
      const needed = Math.min(slot.largest * 3, Math.max(...slot.widths));
      if (original < needed) {
        result.warnings.push(
          formatProblem(at(use, `${src} is ${original} px wide; this place on the page is drawn up to ${slot.largest} px wide, which needs ${needed} px to look sharp on a 3× phone or tablet screen. A larger photo (straight from the phone) will look sharper.`)),
        );
      }
    }
  }
  sources.save();
  if (problems.length > 0) throw new ContentError(problems);
  return result;
}

/**
 * Each source photo's SHA-256, remembered with its size and modification
 * time: a phone photo is 3 to 5 MB, and reading and hashing every one on
 * every rebuild was most of a warm build's photo time. A file whose size or
 * time changed is read again.
 */
class SourceHashes {
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
function linkOrCopy(from: string, to: string) {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

function readEntry(dir: string): Entry | undefined {
  const file = path.join(dir, "entry.json");
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Entry;
  } catch {
    return undefined; // a damaged entry is made again
  }
}

/** Makes every copy of one photo into the cache folder `dir` (written aside, then renamed, so an interrupted build leaves no half entry). */
async function makeCopies(bytes: Buffer, src: string, requested: number[], dir: string): Promise<Entry> {
  const sharp = await loadSharp();
  const meta = await sharp(bytes).metadata();
  // A phone stores a portrait photo sideways with an EXIF orientation; the upright size is what the page shows.
  const original = meta.autoOrient?.width ?? meta.width;
  if (!original) throw new Error("it has no size");
  const largest = Math.min(original, Math.max(...requested));
  const widths = [...requested.filter((w) => w < largest), largest];
  const transparent = meta.hasAlpha && !(await sharp(bytes).stats()).isOpaque;
  const formats: Format[] = ["avif", "webp", transparent ? "png" : "jpeg"];
  const base = src.replace(/\.[a-z]+$/, "");

  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(tmp, { recursive: true });
  try {
    // Decoded, turned upright and shrunk to the largest copy once; every copy is made from these pixels.
    const { data: pixels, info: px } = await sharp(bytes).autoOrient().resize({ width: largest }).raw().toBuffer({ resolveWithObject: true });
    const made: { format: Format; width: number; height: number; file: string; hash: string }[] = [];
    // One width at a time, its three formats at once: both cores busy, and memory held to three encoders.
    for (const width of widths) {
      made.push(
        ...(await Promise.all(
          formats.map(async (format) => {
          // No withMetadata()/keep*(): sharp writes no EXIF, XMP or IPTC unless asked.
          const { data, info } = await sharp(pixels, { raw: { width: px.width, height: px.height, channels: px.channels } })
            .resize({ width })
            .toFormat(format, ENCODE[format])
            .toBuffer({ resolveWithObject: true });
          const file = `${width}.${EXT[format]}`;
          writeFileSync(path.join(tmp, file), data);
          return { format, width, height: info.height, file, hash: createHash("sha256").update(data).digest("hex") };
          }),
        )),
      );
    }
    const top = made.find((m) => m.width === largest)!;
    // One hash for the folder, not one a file: a page names up to 18 copies of a photo, and every
    // hash in a name is bytes gzip cannot shrink (the home page's first-paint budget has little room).
    const all = createHash("sha256");
    for (const m of [...made].sort((a, b) => a.file.localeCompare(b.file))) all.update(`${m.file}:${m.hash}\n`);
    const entry: Entry = { folder: `${base}.${all.digest("hex").slice(0, 8)}`, width: largest, height: top.height, formats: formats.map((format) => ({ format, files: made.filter((m) => m.format === format).map(({ width, file }) => ({ width, file })) })) };
    writeFileSync(path.join(tmp, "entry.json"), JSON.stringify(entry));
    rmSync(dir, { recursive: true, force: true });
    renameSync(tmp, dir);
    return entry;
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
}
