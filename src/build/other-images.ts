/**
 * The files of content/images/ that are not content photos: SVGs, the brand's
 * icons and the favicon, copied into the site as they are. A photo the build
 * made copies of stays behind (its original would publish its EXIF), and so
 * does any other JPEG, PNG, WebP or AVIF that carries EXIF, XMP or IPTC data:
 * a phone photo dropped into the folder but not used yet would otherwise be
 * published with the GPS position of where it was taken. Only the file types a
 * page can show are copied at all: a phone's HEIC original, a TIFF scan, a RAW
 * file or a .DS_Store is left out with a warning, as its data cannot be checked.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { loadSharp } from "./photo-copies.ts";

const RASTER = /\.(jpe?g|png|webp|avif)$/i;
/**
 * What a page or a browser reads from images/: the rasters above (checked for camera data), vector icons and
 * the favicon.
 */
const PUBLISHED = /\.(jpe?g|png|webp|avif|svg|ico)$/i;
/**
 * Bytes every EXIF, XMP or IPTC block carries in these formats, compared in
 * lower case: JPEG's "Exif" and "Photoshop 3.0" segments, PNG's eXIf chunk and
 * "Raw profile type exif/iptc" text, WebP's EXIF chunk, AVIF's Exif item, and
 * XMP's namespace. A file without any of them has none of that data, so the
 * brand's icons are copied without loading sharp (photo-copies.ts: a build from the
 * cache never loads it); a file with one is asked of sharp.
 */
const METADATA_MARKS = ["exif", "iptc", "photoshop 3.0", "ns.adobe.com/xap/"];

/** Copies what may be published; answers a warning for each file left out for its metadata. */
export async function copyOtherImages(
  contentDir: string,
  outDir: string,
  photos: ReadonlySet<string>,
): Promise<string[]> {
  const from = path.join(contentDir, "images");
  const to = path.join(outDir, "images");
  mkdirSync(to, { recursive: true });
  const warnings: string[] = [];
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || photos.has(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (!PUBLISHED.test(entry.name)) {
      warnings.push(
        `${path.relative(process.cwd(), file)} is not a kind of file the site shows (JPEG, PNG, WebP, AVIF, SVG or ICO): it is not published; convert a photo to JPEG first`,
      );
      continue;
    }
    if (RASTER.test(entry.name)) {
      const why = await withheld(file);
      if (why) {
        warnings.push(
          `${path.relative(process.cwd(), file)} is not used by any page and ${why}: it is not published`,
        );
        continue;
      }
    }
    const target = path.join(to, path.relative(from, file));
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
  return warnings;
}

/** Why a raster file may not be published, or undefined when it may. */
async function withheld(file: string): Promise<string | undefined> {
  const bytes = readFileSync(file);
  const text = bytes.toString("latin1").toLowerCase();
  if (!METADATA_MARKS.some((mark) => text.includes(mark))) return undefined;
  const sharp = await loadSharp();
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => undefined);
  if (!meta) return "cannot be read as an image";
  return meta.exif || meta.xmp || meta.iptc ? "carries camera data (EXIF, XMP or IPTC)" : undefined;
}
