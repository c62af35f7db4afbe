/**
 * The files of content/images/ that are not content photos: SVGs, the brand's
 * icons and the favicon, copied into the site as they are. A photo the build
 * made copies of stays behind (its original would publish its EXIF), and so
 * does any other JPEG, PNG, WebP or AVIF that carries EXIF, XMP or IPTC data:
 * a phone photo dropped into the folder but not used yet would otherwise be
 * published with the GPS position of where it was taken.
 */
import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const RASTER = /\.(jpe?g|png|webp|avif)$/i;

/** Copies what may be published; answers a warning for each file left out for its metadata. */
export async function copyOtherImages(contentDir: string, outDir: string, photos: ReadonlySet<string>): Promise<string[]> {
  const from = path.join(contentDir, "images");
  const to = path.join(outDir, "images");
  mkdirSync(to, { recursive: true });
  const warnings: string[] = [];
  for (const name of readdirSync(from, { recursive: true, encoding: "utf8" })) {
    const file = path.join(from, name);
    if (photos.has(path.basename(name)) || !path.extname(name)) continue;
    if (RASTER.test(name)) {
      const meta = await sharp(file).metadata().catch(() => undefined);
      if (!meta || meta.exif || meta.xmp || meta.iptc) {
        warnings.push(`${path.relative(process.cwd(), file)} is not used by any page and ${meta ? "carries camera data (EXIF, XMP or IPTC)" : "cannot be read as an image"}: it is not published`);
        continue;
      }
    }
    mkdirSync(path.dirname(path.join(to, name)), { recursive: true });
    copyFileSync(file, path.join(to, name));
  }
  return warnings;
}
