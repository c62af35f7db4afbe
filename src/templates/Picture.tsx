/**
 * A content image in its slot. A photo is a <picture>: AVIF, then WebP, each
 * with every width the build made and the slot's `sizes`, so a phone
 * downloads the copy its screen needs; then the JPEG (or PNG) <img>. An SVG is
 * an <img> of the file as it is.
 *
 * `lcp` marks the page's largest image in the first screenful: it loads at
 * once with high priority. Every other image loads lazily, when the visitor
 * scrolls near it. A <picture> gets no <link rel="preload"> (React adds none
 * inside one): a preload cannot say which source the browser will choose,
 * and fetches the fallback as well.
 */
import type { Content } from "../content/content.ts";
import { fallbackWidth, IMAGE_SLOTS, type SlotName } from "../content/images.ts";
import type { ImageData } from "../content/schema/common.ts";

export function Picture({
  content,
  image,
  slot,
  lcp = false,
  className,
}: {
  content: Content;
  image: ImageData;
  slot: SlotName;
  lcp?: boolean;
  className?: string;
}) {
  const file = content.images[image.src];
  if (!file)
    throw new Error(
      `no image data for ${image.src}: the build makes it (src/build/images.ts) before pages render`,
    );
  const loading = lcp
    ? { fetchPriority: "high" as const }
    : { loading: "lazy" as const, decoding: "async" as const };
  if (file.kind === "svg")
    return (
      <img
        src={file.src}
        alt={image.alt}
        width={file.width}
        height={file.height}
        {...loading}
        className={className}
      />
    );

  const { sizes, largest } = IMAGE_SLOTS[slot];
  // A slot with one width (the 56 px card) needs no width descriptors or sizes: there is nothing to choose.
  const single = IMAGE_SLOTS[slot].widths.length === 1;
  const srcSet = (files: { width: number; src: string }[]) =>
    single ? files[0].src : files.map((f) => `${f.src} ${f.width}w`).join(", ");
  const fallback = file.formats.at(-1)!;
  // One copy as wide as the slot is drawn, without a srcset, which would cost every page its markup.
  const width = fallbackWidth(
    fallback.files.map((c) => c.width),
    largest,
  );
  const src = fallback.files.find((f) => f.width === width)!.src;
  return (
    <picture>
      {file.formats.slice(0, -1).map((f) => (
        <source key={f.type} type={f.type} srcSet={srcSet(f.files)} sizes={single ? undefined : sizes} />
      ))}
      <img
        src={src}
        alt={image.alt}
        width={file.width}
        height={file.height}
        {...loading}
        className={className}
      />
    </picture>
  );
}
