/**
 * Where the content's images appear, and what a page needs to show each one.
 *
 * Every `image:` field fills a slot: a place in a template with a layout. The
 * slot's `sizes` is the width the layout gives the image at each viewport
 * (what the browser reads to choose a file), and its widths are the files the
 * build makes for a photo there: none wider than the slot's largest width at
 * 3× density, none wider than the photo itself.
 */
import type { AboutData, HomeData, ServiceData } from "./content.ts";
import type { ImageData } from "./schema/common.ts";

export interface ImageSlot {
  /** The `sizes` attribute: the image's width in the layout at each viewport. */
  sizes: string;
  /** The widest the slot is drawn, in CSS pixels, at any viewport. */
  largest: number;
  /** Pixel widths the build makes for a photo in this slot. */
  widths: number[];
}

export const IMAGE_SLOTS = {
  /**
   * Half of a Section's container beside text (service intro, about story,
   * home bond intro): the full width less the container's padding below
   * `lg` (1024 px; px-4, then px-6 from 640 px), then half of what is left
   * after px-8 and the 40 px gap, up to the container's 1152 px.
   * Widest at 1023 px: 1023 − 48 = 975 px.
   *
   * `sizes` says it in two parts, not the four that are exact (about 25
   * bytes gzip on the home page, which has no more to spare with photos):
   * from 1024 px, 524 px (exact from 1152 px; from 1024 px the image is
   * 460–523 px, and at 1× and 2× the browser picks the same copy either
   * way); below, the width less 48 px (exact from 640 px; a phone's image is
   * 16 px wider, so a 393–408 px phone at 3× takes the 1080 copy for an
   * image drawn 1083–1128 device pixels wide, 0.3–4 % short).
   */
  half: {
    sizes: "(min-width: 1024px) 524px, calc(100vw - 48px)",
    largest: 975,
    // 1080 covers a 390 px phone at 3× (358 px × 3 = 1074); 720 a 412 px phone at 1.75×.
    widths: [360, 720, 1080, 1440, 1920, 2560],
  },
  /**
   * A service card's 56 px square picture on the home page, cropped to fill
   * it (object-cover): one copy, sharp at 3×. A 4:3 photo covers a 168 px
   * square only when it is 224 px wide, so that is the copy (2 to 4 KB as
   * AVIF). Six cards with three widths each cost the home page more in
   * markup than the smaller copies saved.
   */
  icon: { sizes: "56px", largest: 56, widths: [224] },
} as const satisfies Record<string, ImageSlot>;

export type SlotName = keyof typeof IMAGE_SLOTS;

/**
 * The one copy the fallback format (JPEG, or PNG) has for a slot drawn up to
 * `drawn` px wide: the narrowest of `widths` that is at least that wide, else
 * the widest. The fallback is for a browser that shows neither AVIF nor WebP
 * (none sold since 2020), so it gets one copy and no srcset; the build makes
 * only the copies this picks, and the page names the same one.
 */
export const fallbackWidth = (widths: number[], drawn: number): number =>
  widths.find((w) => w >= drawn) ?? Math.max(...widths);

/** One `image:` field: which file of content/ holds it, where, and the slot it fills. */
export interface ImageUse {
  /** The content file's key, e.g. "services" for content/services.yaml. */
  file: "services" | "home" | "about";
  /** The path to the image field in that file, e.g. ["services", 0, "intro", "image"]. */
  at: (string | number)[];
  image: ImageData;
  slot: SlotName;
}

/** Every image field the templates show, with its slot. The templates pass the same slot to <Picture>. */
export function imageUses(data: { services: ServiceData[]; home: HomeData; about: AboutData }): ImageUse[] {
  return [
    ...data.services.map((s, i): ImageUse => ({
      file: "services",
      at: ["services", i, "intro", "image"],
      image: s.intro.image,
      slot: "half",
    })),
    { file: "home", at: ["bondIntro", "image"], image: data.home.bondIntro.image, slot: "half" },
    ...data.home.services.cards.map((c, i): ImageUse => ({
      file: "home",
      at: ["services", "cards", i, "image"],
      image: c.image,
      slot: "icon",
    })),
    { file: "about", at: ["story", "image"], image: data.about.story.image, slot: "half" },
  ];
}

export const isSvg = (src: string) => src.endsWith(".svg");

/** What a page needs to show one image file, by its name in content/images/. */
export type ImageFile =
  | {
      kind: "svg";
      /** Its address: SVGs are copied as they are into /images/. */
      src: string;
      width: number;
      height: number;
    }
  | {
      kind: "photo";
      /** The largest copy's size, which gives the <img> its aspect ratio. */
      width: number;
      height: number;
      /**
       * The copies in each format, narrowest first; the last format is the fallback (JPEG, or PNG for a
       * transparent image).
       */
      formats: {
        type: "image/avif" | "image/webp" | "image/jpeg" | "image/png";
        files: { width: number; src: string }[];
      }[];
    };

/**
 * An SVG's size, from its root element's width and height or else its
 * viewBox; undefined when it has neither.
 */
export function svgSize(svg: string): { width: number; height: number } | undefined {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!root) return undefined;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, "i").exec(root)?.[1];
  const px = (v: string | undefined) =>
    v && /^\s*\d+(\.\d+)?\s*(px)?\s*$/.test(v) ? parseFloat(v) : undefined;
  const width = px(attr("width"));
  const height = px(attr("height"));
  if (width && height) return { width, height };
  const box = attr("viewBox")
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box?.length === 4 && box[2] > 0 && box[3] > 0) return { width: box[2], height: box[3] };
  return undefined;
}
