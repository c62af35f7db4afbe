/**
 * A content image in its slot. A photo is a <picture>: AVIF, then WebP, then
 * the JPEG (or PNG) <img>, each with every width the build made and the
 * slot's `sizes`, so a phone downloads the copy its screen needs. An SVG is
 * an <img> of the file as it is.
 *
 * `lcp` marks the page's largest image in the first screenful: it loads at
 * once with high priority. Every other image loads lazily, when the visitor
 * scrolls near it. A <picture> gets no <link rel="preload"> (React adds none
 * inside one): a preload cannot say which source the browser will choose,
 * and fetches the fallback as well.
 */
import type { Content } from "../src/content/load.ts";
import { IMAGE_SLOTS, type SlotName } from "../src/content/images.ts";
import type { ImageData } from "../src/content/schema.ts";

export function Picture({ content, image, slot, lcp = false, className }: { content: Content; image: ImageData; slot: SlotName; lcp?: boolean; className?: string }) {
  const file = content.images[image.src];
  if (!file) throw new Error(`no image data for ${image.src}: the build makes it (src/build/images.ts) before pages render`);
  const loading = lcp ? { fetchPriority: "high" as const } : { loading: "lazy" as const, decoding: "async" as const };
  if (file.kind === "svg") return <img src={file.src} alt={image.alt} width={file.width} height={file.height} {...loading} className={className} />;

  const { sizes, largest } = IMAGE_SLOTS[slot];
  const srcSet = (files: { width: number; src: string }[]) => files.map((f) => `${f.src} ${f.width}w`).join(", ");
  const fallback = file.formats.at(-1)!;
  // For a browser that ignores srcset: the smallest copy as wide as the slot is drawn.
  const src = (fallback.files.find((f) => f.width >= largest) ?? fallback.files.at(-1)!).src;
  return (
    <picture>
      {file.formats.slice(0, -1).map((f) => (
        <source key={f.type} type={f.type} srcSet={srcSet(f.files)} sizes={sizes} />
      ))}
      <img src={src} srcSet={srcSet(fallback.files)} sizes={sizes} alt={image.alt} width={file.width} height={file.height} {...loading} className={className} />
    </picture>
  );
}
