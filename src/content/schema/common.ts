/**
 * The pieces more than one content file's schema is made of: a text that
 * must not be empty, a slug, a postcode, a date, an image, a page's search result,
 * its banner.
 */
import * as z from "zod";

export const text = z.string().trim().min(1, { error: "must not be empty" });
export const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
  error: (iss) =>
    `expected lowercase words joined by hyphens (like "west-end"), got ${JSON.stringify(iss.input)}`,
});
export const postcode = z.string().regex(/^\d{4}$/, {
  error: (iss) => `expected 4 digits, got ${JSON.stringify(iss.input)}`,
});
/** A day as the pages write it, "24 November 2026". */
export const dayDate = z
  .string()
  .regex(
    /^([1-9]|[12]\d|3[01]) (January|February|March|April|May|June|July|August|September|October|November|December) 20\d\d$/,
    { error: (iss) => `expected a date such as "24 November 2026", got ${dateShown(iss.input)}` },
  );

/** A date as written, and as the pages write it when it was written 2026-12-31. */
function dateShown(input: unknown): string {
  const iso = typeof input === "string" && /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.trim());
  const day = iso && new Date(Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])));
  if (!day || day.getUTCDate() !== Number(iso[3])) return JSON.stringify(input);
  const month = day.toLocaleString("en-AU", { month: "long", timeZone: "UTC" });
  return `${JSON.stringify(input)}: write it "${day.getUTCDate()} ${month} ${day.getUTCFullYear()}"`;
}

/** Section texts that many pages share, each with its hover help. */
export const heading = text.describe("The section's heading.");
export const sectionText = text.describe("The paragraph under the section's heading.");
export const paragraphs = z.array(text).min(1).describe("The paragraphs, one list item per paragraph.");

/** A label and a figure, e.g. { value: "150+", label: "Happy Clients" }. */
export const Stat = z
  .strictObject({
    value: text.describe('The figure as it reads, e.g. "150+" or "100%".'),
    label: text.describe('What the figure counts, shown under it, e.g. "Happy Clients".'),
  })
  .describe("A figure and its label, shown in a row of figures.");
/** A short titled paragraph: feature cards, trust points, numbered points. */
export const Point = z
  .strictObject({ title: text.describe("A short heading."), text: text.describe("The paragraph under it.") })
  .describe("A short heading and the paragraph under it.");
/** The reasons of a "Why choose us" section (home and about pages). */
export const reasons = z
  .array(Point)
  .min(3)
  .describe("Three or more reasons, each a heading and a paragraph.");
/**
 * An image that ships with the content: a file in content/images/. Its size is
 * read from the file (a photo's pixels, an SVG's width and height or viewBox);
 * the build makes a photo's responsive copies (src/build/images.ts).
 *
 * The words standing in for it are `alt`, or `decorative: true` for a picture
 * the text around it already explains: a field of its own rather than an empty
 * `alt`, because the CMS at /admin/ leaves an empty field out of the file
 * (decision 0091), and a missing `alt` must stay a mistake the build names.
 * The CMS also writes a picked file's name with a "/" in front ("/bond-cleaning.jpg"),
 * which names the same file, and names an uploaded phone photo as its slug option makes it:
 * lowercase, keeping the underscores of "IMG_2041.JPG" ("img_2041.jpg").
 */
export const Image = z
  .strictObject(
    {
      src: z
        .string()
        .regex(/^\/?[a-z0-9_-]+\.(svg|png|jpe?g|webp|avif)$/, {
          error: (iss) =>
            `expected a file name in content/images/ such as "bond-cleaning.jpg" (lowercase words joined by hyphens or underscores, ending .jpg, .jpeg, .png, .webp, .avif or .svg), got ${JSON.stringify(iss.input)}`,
        })
        .describe(
          'The image\'s file name in content/images/, e.g. "bond-cleaning.jpg": lowercase words joined by hyphens (or underscores, as the editor keeps a phone\'s "IMG_2041.JPG": "img_2041.jpg"), ending .jpg, .jpeg, .png, .webp, .avif or .svg. The build reads its size from the file and makes the smaller copies phones load.',
        ),
      alt: z
        .string()
        .optional()
        .describe(
          "What the image shows, in a sentence, for someone who cannot see it (read aloud by screen readers, and read by search engines). Required unless the image is decorative.",
        ),
      decorative: z
        .boolean()
        .optional()
        .describe(
          "true for a decorative image the text around it already explains: screen readers pass it by, and it has no alt.",
        ),
    },
    {
      error: (iss) =>
        iss.code === "unrecognized_keys" && iss.keys.some((k) => k === "width" || k === "height")
          ? `remove ${iss.keys.map((k) => `"${k}"`).join(" and ")}: the build reads an image's size from the file itself`
          : undefined,
    },
  )
  .superRefine(({ alt, decorative }, ctx) => {
    const problem = altProblem(alt, decorative === true);
    if (problem) ctx.addIssue({ code: "custom", path: ["alt"], message: problem });
  })
  .transform(({ src, alt, decorative }) => ({
    src: src.replace(/^\//, ""),
    alt: decorative ? "" : (alt ?? ""),
  }))
  .describe("An image from content/images/ and the words that stand in for it.");

/** What is wrong with an image's words, in the editor's terms, if anything. */
function altProblem(alt: string | undefined, decorative: boolean): string | undefined {
  if (decorative)
    return alt?.trim()
      ? "a decorative image has no alt: remove alt, or remove decorative: true to describe the image"
      : undefined;
  if (alt === undefined)
    return "is required: describe what the image shows for someone who cannot see it, or write decorative: true for a decorative image the text around it already explains";
  if (alt === "") return 'write decorative: true instead of alt: "" for a decorative image';
  if (alt.trim() === "")
    return "is only spaces: describe the image, or write decorative: true for a decorative image";
  return undefined;
}
/** Title and meta description of one page, written for a searcher. */
export const Seo = z
  .strictObject({
    title: text
      .max(70, { error: (iss) => `keep the title under 70 characters (it has ${String(iss.input).length})` })
      .describe("The page's title in search results and the browser tab, under 70 characters."),
    description: text
      .max(170, {
        error: (iss) => `keep the description under 170 characters (it has ${String(iss.input).length})`,
      })
      .describe("The page's summary in search results, under 170 characters."),
  })
  .describe("What a searcher sees of this page.");
/** The banner at the top of a service, about or contact page. */
export const Banner = z
  .strictObject({
    title: text.describe("The page's main heading, in the banner at the top."),
    description: text.describe("The sentence or two under the main heading."),
  })
  .describe("The coloured banner at the top of the page.");
export type ImageData = z.infer<typeof Image>;
