/**
 * Test photos as a phone takes them: 4000×3000 JPEGs of "photographic noise"
 * (smooth shapes, texture and grain at several scales, which compress about
 * as a real photo does; pure noise would not compress at all) carrying EXIF
 * with a GPS position and a camera serial number. For tests, `npm run bench`
 * and audits of a site with photos; never committed.
 */
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { loadContent } from "../build/content/load.ts";
import { imageUses, isSvg, type ImageUse } from "../content/images.ts";

const W = 4000;
const H = 3000;

/** Where the EXIF says the photo was taken: a Brisbane street the output must never reveal. */
const TEST_GPS = {
  GPSLatitudeRef: "S",
  GPSLatitude: "27/1 28/1 1234/100",
  GPSLongitudeRef: "E",
  GPSLongitude: "153/1 1/1 2345/100",
};

let field: Promise<Buffer> | undefined;

/**
 * One shared 4000×3000 RGB field: made once per process (about a second), tinted differently for each photo.
 */
function noiseField(): Promise<Buffer> {
  field ??= (async () => {
    let seed = 13;
    const random = () => {
      // mulberry32: the same photos on every run, so their sizes are repeatable.
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const octaves = [
      [8, 6, 0.5],
      [32, 24, 0.25],
      [128, 96, 0.15],
      [500, 375, 0.1],
    ] as const;
    const layers = await Promise.all(
      octaves.map(([w, h]) => {
        const small = Buffer.alloc(w * h * 3);
        for (let i = 0; i < small.length; i++) small[i] = random() * 256;
        return sharp(small, { raw: { width: w, height: h, channels: 3 } })
          .resize(W, H, { kernel: "cubic" })
          .raw()
          .toBuffer();
      }),
    );
    const px = Buffer.alloc(W * H * 3);
    for (let i = 0; i < px.length; i++) {
      let v = random() * 16 - 8;
      for (let k = 0; k < octaves.length; k++) v += layers[k][i] * octaves[k][2];
      px[i] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
    return px;
  })();
  return field;
}

/**
 * A phone photo's JPEG: 4000×3000 pixels as stored, tinted by `n` so each is
 * different, with EXIF GPS and serial. `orientation: 6` stores it sideways,
 * as a phone stores a portrait photo (upright it is 3000×4000).
 */
export async function testPhoto(
  n: number,
  { orientation = 1 }: { orientation?: number } = {},
): Promise<Buffer> {
  return (
    sharp(await noiseField(), { raw: { width: W, height: H, channels: 3 } })
      // A per-channel gain and offset: a tint of its own for each n, at a quarter of a hue rotation's time.
      .linear(
        [0.85 + (n % 4) * 0.05, 0.85 + ((n + 1) % 5) * 0.04, 0.85 + ((n + 2) % 3) * 0.07],
        [(n * 7) % 20, (n * 11) % 20, (n * 13) % 20],
      )
      .withExif({
        IFD0: { Make: "TestPhone", Model: "Test 15" },
        IFD2: { BodySerialNumber: "SN-0042-TEST" },
        IFD3: TEST_GPS,
      })
      .withMetadata({ orientation })
      .jpeg({ quality: 90 })
      .toBuffer()
  );
}

/** Whether EXIF bytes hold a GPS block (tag 0x8825 in IFD0, in either byte order). */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.indexOf("II*\0") >= 0 ? exif.indexOf("II*\0") : exif.indexOf("MM\0*");
  if (tiff < 0) return false;
  const le = exif[tiff] === 0x49;
  const u16 = (at: number) => (le ? exif.readUInt16LE(at) : exif.readUInt16BE(at));
  const u32 = (at: number) => (le ? exif.readUInt32LE(at) : exif.readUInt32BE(at));
  const ifd0 = tiff + u32(tiff + 4);
  for (let i = 0, n = u16(ifd0); i < n; i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

/**
 * Copies content/ to `dir` with test photos in place of the SVG illustrations
 * of the given files' image fields (all three by default: every image slot,
 * as imageUses() lists them). The first photo in a 56 px card slot (the home
 * page's first service card) is stored sideways (EXIF orientation 6): the
 * build's turning it upright is the same for every slot, and a card's one
 * small copy is quick to make.
 *
 * Every photo differs from every other by default, as on a real site. With
 * `shareHalf`, every half-width slot (the service pages, the home page's bond
 * intro and the about page) shows the same photo, the same bytes under each
 * page's own file name, as an owner might reuse one; the build makes it once.
 * Each page still has a photo of its own in every slot, and no page shows one
 * twice, and the build encodes one large photo instead of eight
 * (images.e2e.test.ts: the large copies of a photo are most of a cold build's time).
 */
export async function contentWithPhotos(
  dir: string,
  files: ImageUse["file"][] = ["services", "about", "home"],
  from = "content",
  { shareHalf = false } = {},
): Promise<string[]> {
  cpSync(from, dir, { recursive: true });
  const uses = imageUses(loadContent(from));
  const svgs = files.flatMap((file) => uses.filter((u) => u.file === file && isSvg(u.image.src)));
  const jpg = (svg: string) => svg.replace(/\.svg$/, ".jpg");
  const sideways = svgs.find((u) => u.slot === "icon");
  let n = 0;
  let shared: Buffer | undefined;
  for (const use of svgs) {
    const share = shareHalf && use.slot === "half";
    const photo = share && shared ? shared : await testPhoto(n++, { orientation: use === sideways ? 6 : 1 });
    if (share) shared = photo;
    writeFileSync(path.join(dir, "images", jpg(use.image.src)), photo);
  }
  for (const file of files) {
    const yaml = path.join(dir, `${file}.yaml`);
    let text = readFileSync(yaml, "utf8");
    for (const { image } of svgs.filter((u) => u.file === file))
      text = text.replace(`src: ${image.src}`, `src: ${jpg(image.src)}`);
    writeFileSync(yaml, text);
  }
  return svgs.map((u) => jpg(u.image.src));
}
