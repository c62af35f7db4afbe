/**
 * What the build reads from content/: one schema per file, and the `Content`
 * the templates render, inferred from those schemas so the two cannot drift.
 */
import type * as z from "zod";
import type { ImageFile } from "./images.ts";
import * as S from "./schema.ts";

/** Each content file's key, its name in content/, and its schema. */
export const FILES = {
  site: ["site.yaml", S.Site],
  services: ["services.yaml", S.ServicesFile],
  suburbs: ["suburbs.yaml", S.SuburbsFile],
  faq: ["faq.yaml", S.FaqFile],
  home: ["home.yaml", S.HomeFile],
  about: ["about.yaml", S.AboutFile],
  contact: ["contact.yaml", S.ContactFile],
  quote: ["quote.yaml", S.QuoteFile],
  privacy: ["privacy.yaml", S.PrivacyPageFile],
  terms: ["terms.yaml", S.LegalPageFile],
  pricing: ["pricing.yaml", S.PricingFile],
  booking: ["booking.yaml", S.BookingFile],
} as const;

export type FileKey = keyof typeof FILES;

/**
 * The files content/ may leave out, each with the example in docs/ the owner
 * copies to start one. Without pricing.yaml no price appears anywhere: the
 * owner's prices are the only source of a figure (decision 0061).
 */
export const OPTIONAL_FILES = { pricing: "docs/pricing.example.yaml" } as const satisfies Partial<
  Record<FileKey, string>
>;
export type OptionalKey = keyof typeof OPTIONAL_FILES;
export const isOptional = (key: FileKey): key is OptionalKey => key in OPTIONAL_FILES;

/** A file's value once its schema has checked it. */
export type FileValue<K extends FileKey> = z.output<(typeof FILES)[K][1]>;
/**
 * What `Content` holds of a file: a file that holds one list under its own key (services.yaml's `services:`)
 * gives the list.
 */
type Unwrapped<K extends FileKey> = FileValue<K> extends Record<K, infer List> ? List : FileValue<K>;

export type Content = { [K in FileKey]: K extends OptionalKey ? Unwrapped<K> | undefined : Unwrapped<K> } & {
  /** Folder holding the content, so images can be copied from it. */
  dir: string;
  /**
   * What a page needs to show each image, by file name: SVGs from loading,
   * photos once the build has made their copies (src/build/images.ts).
   */
  images: Record<string, ImageFile>;
};
