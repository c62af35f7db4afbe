/**
 * Photos as the owner has them, made fit to serve: every raster `image:`
 * (JPEG, PNG, WebP, AVIF, any size, straight from a phone) becomes copies in
 * the widths its slots need (src/content/images.ts), as AVIF, WebP and a
 * JPEG fallback (PNG when the image has transparent pixels), upright (EXIF
 * orientation applied) and with no metadata (a phone's EXIF carries the GPS
 * position of where it was taken and the camera's serial number).
 *
 * Each photo's copies sit in a folder named by a hash of their bytes alone
 * (/assets/img/3f2a9c1b/1080.avif; the photo's name in it cost the home page
 * 45 bytes gzip it does not have), so /assets/ caches them for a
 * year. Making the copies takes seconds a photo, so they are kept in a cache
 * folder keyed by the source's bytes and the options: a rebuild copies what
 * is there and processes only new or changed photos.
 * docs/decisions/0020-build-time-images.md says why it works this way.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ContentError } from "./content/load.ts";
import { contentProblem } from "./content/locate.ts";
import { formatProblem, type ContentProblem } from "./content/problems.ts";
import { type Content } from "../content/content.ts";
import { IMAGE_SLOTS, imageUses, isSvg, type ImageFile, type ImageUse } from "../content/images.ts";
import { linkOrCopy } from "./photo-cache.ts";
import { SourceHashes } from "./source-hashes.mjs";
import { copiesKey, makeCopies, readEntry, TYPE, type Entry } from "./photo-copies.ts";

/**
 * Where processed photos are kept between builds (git-ignored); IMAGE_CACHE_DIR moves it. A CI host should
 * keep this folder.
 */
const DEFAULT_IMAGE_CACHE_DIR = ".cache/images";
/** Where the copies are served from, under /assets/ with the other content-hashed files. */
const PHOTO_DIR = "assets/img";

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
 * Where the photo step is, for a progress line: called before the first photo to make (done 0)
 * and after each one, with the seconds left once one photo's time is known. Photos taken from the
 * cache are not counted: they take milliseconds.
 */
export type PhotoProgress = (p: { done: number; total: number; src: string; secondsLeft?: number }) => void;

/** One photo the content shows: where its copies are kept, and the copies once read or made. */
interface Planned {
  src: string;
  uses: ImageUse[];
  file: string;
  widths: number[];
  drawn: number[];
  dir?: string;
  entry?: Entry;
  /** Why the photo could not be read or made. */
  error?: string;
}

/**
 * Makes (or takes from the cache) the copies of every photo the content
 * shows, writes them into `outDir`/assets/img, and records in
 * `content.images` what a page needs to show each one. A missing or
 * unreadable photo is a ContentError naming the file, line and field.
 */
export async function buildImages(
  content: Content,
  {
    outDir,
    cacheDir = process.env.IMAGE_CACHE_DIR || DEFAULT_IMAGE_CACHE_DIR,
    onPhoto,
  }: { outDir: string; cacheDir?: string; onPhoto?: PhotoProgress },
): Promise<ImageBuildResult> {
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
  const at = (use: ImageUse, message: string) =>
    contentProblem(content.dir, use.file, [...use.at, "src"], message);
  mkdirSync(path.join(outDir, PHOTO_DIR), { recursive: true });
  mkdirSync(cacheDir, { recursive: true });
  const sources = new SourceHashes(cacheDir);
  const planned = [...bySrc].map(([src, uses]) => plan(content.dir, src, uses, sources, cacheDir));
  result.processed = await makeMissing(planned, onPhoto);
  result.cached = planned.filter((p) => p.entry).length - result.processed;
  /** Folders already in `outDir`: the same photo under two names shares one, placed once. */
  const placed = new Set<string>();

  for (const { src, uses, file, dir, entry, error } of planned) {
    if (!entry || !dir) {
      problems.push(
        at(uses[0], `cannot read ${file} as an image (${error}): save it again as a JPEG, PNG, WebP or AVIF`),
      );
      continue;
    }
    if (!placed.has(entry.folder)) {
      // Placed again, each link would fail and fall back to copying the cache's file onto itself.
      placed.add(entry.folder);
      mkdirSync(path.join(outDir, PHOTO_DIR, entry.folder), { recursive: true });
      for (const f of entry.formats)
        for (const c of f.files)
          linkOrCopy(path.join(dir, c.file), path.join(outDir, PHOTO_DIR, entry.folder, c.file));
    }
    content.images[src] = {
      kind: "photo",
      width: entry.width,
      height: entry.height,
      formats: entry.formats.map((f) => ({
        type: TYPE[f.format],
        files: f.files.map((c) => ({ width: c.width, src: `/${PHOTO_DIR}/${entry.folder}/${c.file}` })),
      })),
    } satisfies ImageFile;
    result.warnings.push(...tooSmall(src, entry, uses, at));
  }
  sources.save();
  if (problems.length > 0) throw new ContentError(problems);
  return result;
}

/** A photo's widths and cache folder, and its copies when the cache has them. */
function plan(dir: string, src: string, uses: ImageUse[], sources: SourceHashes, cacheDir: string): Planned {
  const file = path.join(dir, "images", src);
  const widths = [...new Set(uses.flatMap((u) => IMAGE_SLOTS[u.slot].widths))].sort((a, b) => a - b);
  const drawn = [...new Set(uses.map((u) => IMAGE_SLOTS[u.slot].largest))].sort((a, b) => a - b);
  try {
    // The same photo under two names is one entry, and one folder.
    const entryDir = path.join(cacheDir, copiesKey(sources.hash(file), widths, drawn));
    return { src, uses, file, widths, drawn, dir: entryDir, entry: readEntry(entryDir) };
  } catch (error) {
    return { src, uses, file, widths, drawn, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Makes the copies the cache does not have, one photo at a time, saying where it is; how many it
 * made. The same photo under two names (the same cache folder) is made once, and counted once.
 */
async function makeMissing(planned: Planned[], onPhoto: PhotoProgress | undefined): Promise<number> {
  const byDir = new Map<string, Planned[]>();
  for (const p of planned.filter((p) => p.dir && !p.entry))
    byDir.set(p.dir!, [...(byDir.get(p.dir!) ?? []), p]);
  const missing = [...byDir.values()];
  const started = performance.now();
  let made = 0;
  for (const [i, same] of missing.entries()) {
    const { src, file, widths, drawn, dir } = same[0];
    if (i === 0) onPhoto?.({ done: 0, total: missing.length, src });
    try {
      const entry = await makeCopies(readFileSync(file), widths, drawn, dir!);
      for (const p of same) p.entry = entry;
      made++;
    } catch (error) {
      for (const p of same) p.error = error instanceof Error ? error.message : String(error);
    }
    const each = (performance.now() - started) / 1000 / (i + 1);
    onPhoto?.({ done: i + 1, total: missing.length, src, secondsLeft: each * (missing.length - i - 1) });
  }
  return made;
}

/** Each place a photo is drawn wider than it can look sharp: said, not stopped for. */
function tooSmall(
  src: string,
  entry: Entry,
  uses: ImageUse[],
  at: (use: ImageUse, message: string) => ContentProblem,
): string[] {
  const original = Math.max(...entry.formats[0].files.map((c) => c.width));
  return uses.flatMap((use) => {
    const slot = IMAGE_SLOTS[use.slot];
    const needed = Math.min(slot.largest * 3, Math.max(...slot.widths));
    return original < needed
      ? [
          formatProblem(
            at(
              use,
              `${src} is ${original} px wide; this place on the page is drawn up to ${slot.largest} px wide, which needs ${needed} px to look sharp on a 3× phone or tablet screen. A larger photo (straight from the phone) will look sharper.`,
            ),
          ),
        ]
      : [];
  });
}
