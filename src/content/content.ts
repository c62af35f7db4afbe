/**
 * The one registry of content files: each file in content/, its schema, whether the owner may leave it out,
 * and what only the build checks. Everything about a content file derives from its entry here: the build
 * loads and checks it (src/build/content/load.ts), writes its JSON Schema and the editor's mapping to it
 * (json-schema.ts), and names it in every problem; and `Content`, what the templates render, is inferred
 * from the schemas, so the two cannot drift. A new file is its YAML, its schema in schema/ and one line
 * here (decision 0088).
 */
import type * as z from "zod";
import type { ImageFile } from "./images.ts";
import { AddOnsFile } from "./schema/add-ons.ts";
import { AboutFile } from "./schema/about.ts";
import { BookingFile } from "./schema/booking.ts";
import { ContactFile } from "./schema/contact.ts";
import { FaqFile } from "./schema/faq.ts";
import { HomeFile } from "./schema/home.ts";
import { LegalPageFile, PrivacyPageFile } from "./schema/legal.ts";
import { PricingFile } from "./schema/pricing.ts";
import { QuoteFile } from "./schema/quote.ts";
import { ServicesFile } from "./schema/services.ts";
import { Site } from "./schema/site.ts";
import { SuburbPagesFile } from "./schema/suburb-pages.ts";
import { SuburbsFile } from "./schema/suburbs.ts";

interface ContentFile {
  /** Its name in content/. */
  file: string;
  schema: z.ZodType;
  /**
   * The file holds one list under this key (services.yaml's `services:`): `Content` gives the list itself.
   */
  list?: string;
  /** The owner may leave the file out; this is the example in docs/ they copy to start one. */
  example?: string;
  /** What the build checks that the file's JSON Schema cannot say: across entries, files and images. */
  buildChecks?: string;
}

const IMAGES_EXIST = "each image is a file in content/images/.";

export const CONTENT_FILES = {
  site: { file: "site.yaml", schema: Site, buildChecks: "the ABN's check digits." },
  services: {
    file: "services.yaml",
    schema: ServicesFile,
    list: "services",
    buildChecks: `each slug and formValue is used once; each add-on is one add-ons.yaml lists; ${IMAGES_EXIST}`,
  },
  addOns: {
    file: "add-ons.yaml",
    schema: AddOnsFile,
    list: "addOns",
    buildChecks: "each id is used once.",
  },
  suburbs: {
    file: "suburbs.yaml",
    schema: SuburbsFile,
    list: "suburbs",
    buildChecks:
      "each slug is the name in lowercase with hyphens and is used once; each `nearby` slug is another suburb in this file; each figure's and school's source is listed under `sources:`; no field still says FILL IN.",
  },
  suburbPages: {
    file: "suburb-pages.yaml",
    schema: SuburbPagesFile,
    buildChecks: "the offer's service is one services.yaml lists.",
  },
  faq: { file: "faq.yaml", schema: FaqFile, list: "faq" },
  home: { file: "home.yaml", schema: HomeFile, buildChecks: IMAGES_EXIST },
  about: { file: "about.yaml", schema: AboutFile, buildChecks: IMAGES_EXIST },
  contact: { file: "contact.yaml", schema: ContactFile },
  quote: { file: "quote.yaml", schema: QuoteFile },
  privacy: { file: "privacy.yaml", schema: PrivacyPageFile },
  terms: { file: "terms.yaml", schema: LegalPageFile },
  pricing: {
    file: "pricing.yaml",
    schema: PricingFile,
    // Without it no price appears anywhere: the owner's prices are the only source of a figure (decision 0061).
    example: "docs/pricing.example.yaml",
    buildChecks:
      "each service is one services.yaml lists, and each add-on one it offers; each service and add-on id is used once; byRooms or byPropertyType, not both; each price row is listed once and within callUsAbove; callUsAbove.total is above the minimum; amounts have at most 2 decimals.",
  },
  booking: {
    file: "booking.yaml",
    schema: BookingFile,
    buildChecks: "each blocked day is a day of the calendar (no 2027-02-30).",
  },
} as const satisfies Record<string, ContentFile>;

type Files = typeof CONTENT_FILES;
export type FileKey = keyof Files;
export const FILE_KEYS = Object.keys(CONTENT_FILES) as FileKey[];

/** The files the owner may leave out. */
export type OptionalKey = { [K in FileKey]: Files[K] extends { example: string } ? K : never }[FileKey];
export const isOptional = (key: FileKey): key is OptionalKey => "example" in CONTENT_FILES[key];

/** A file's value once its schema has checked it. */
export type FileValue<K extends FileKey> = z.output<Files[K]["schema"]>;
/** What `Content` holds of a file: its value, or the one list it holds. */
type Given<K extends FileKey> = Files[K] extends { list: infer L extends string }
  ? FileValue<K>[L & keyof FileValue<K>]
  : FileValue<K>;

export type Content = { [K in FileKey]: K extends OptionalKey ? Given<K> | undefined : Given<K> } & {
  /** Folder holding the content, so images can be copied from it. */
  dir: string;
  /**
   * What a page needs to show each image, by file name: SVGs from loading,
   * photos once the build has made their copies (src/build/images.ts).
   */
  images: Record<string, ImageFile>;
};

/** What `Content` gives of a file's checked value. */
export function given<K extends FileKey>(key: K, value: FileValue<K>): Given<K> {
  const entry: ContentFile = CONTENT_FILES[key];
  return (entry.list ? (value as Record<string, unknown>)[entry.list] : value) as Given<K>;
}

export type SiteData = Content["site"];
export type ServiceData = Content["services"][number];
export type AddOnData = Content["addOns"][number];
export type SuburbData = Content["suburbs"][number];
export type SuburbPagesData = Content["suburbPages"];
export type FaqData = Content["faq"][number];
export type HomeData = Content["home"];
export type AboutData = Content["about"];
export type LegalPageData = Content["terms"];
