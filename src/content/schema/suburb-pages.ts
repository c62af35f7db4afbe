/**
 * content/suburb-pages.yaml: the words every suburb page shares, with each suburb's own name, postcode
 * and distance, and site.yaml's claims, put in where a word in braces stands for them. What the
 * business does in each suburb is the owner's to say: a bond cleaner's "Bond Cleaning {suburb} {postcode}"
 * is a window cleaner's "Window Cleaning {suburb} {postcode}".
 */
import * as z from "zod";
import { slug, text } from "./common.ts";

/** Each stand-in a suburb page's words may hold, and what it stands for (src/templates/placeholders.tsx). */
export const SUBURB_PLACEHOLDERS = {
  suburb: "the suburb's name",
  postcode: "its postcode",
  a: '"a" or "an", as the suburb\'s name needs it ("an Elm Grove rental")',
  km: "its distanceFromCbdKm",
  bondBackGuaranteeDays: "site.yaml's claims.bondBackGuaranteeDays",
  recleanWindowHours: "site.yaml's claims.recleanWindowHours",
  firstCleanDiscountPercent: "site.yaml's claims.firstCleanDiscountPercent",
} as const;
export type SuburbPlaceholder = keyof typeof SUBURB_PLACEHOLDERS;

/** "{suburb}" and the like: a word in braces. */
export const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

const known = Object.keys(SUBURB_PLACEHOLDERS).map((k) => `{${k}}`);

/** `words` with each stand-in's value put in, in order, and the text between (an absent value is ""). */
export function standInPieces(
  words: string,
  values: Partial<Record<SuburbPlaceholder, string>>,
): { text: string; value: boolean }[] {
  return words
    .split(PLACEHOLDER)
    .map((text, i) =>
      // split() with a capturing group puts each stand-in's name at an odd index.
      i % 2 === 1 ? { text: values[text as SuburbPlaceholder] ?? "", value: true } : { text, value: false },
    )
    .filter((p) => p.text !== "");
}

/** `words` as one string, each stand-in's value put in: "Bond Cleaning {suburb}" → "Bond Cleaning Quokka Flats". */
export const fillStandIns = (words: string, values: Partial<Record<SuburbPlaceholder, string>>) =>
  standInPieces(words, values)
    .map((p) => p.text)
    .join("");

/** A text that may hold stand-ins, each one of SUBURB_PLACEHOLDERS. */
const words = (example: string) =>
  text
    .refine((value) => [...value.matchAll(PLACEHOLDER)].every(([, name]) => name in SUBURB_PLACEHOLDERS), {
      error: (iss) => {
        const unknown = [...String(iss.input).matchAll(PLACEHOLDER)]
          .map(([found, name]) => (name in SUBURB_PLACEHOLDERS ? undefined : found))
          .filter(Boolean);
        return `${unknown.join(", ")} stands for nothing: write one of ${known.join(", ")}`;
      },
    })
    .describe(example);

export const SuburbPagesFile = z
  .strictObject({
    title: words(
      'The page\'s main heading and its name in the breadcrumbs, e.g. "Bond Cleaning {suburb} {postcode}".',
    ),
    distance: words(
      "The banner's line for a suburb's distanceFromCbdKm, e.g. \"{km} km from the city centre\".",
    )
      .optional()
      .describe(
        "The banner's line for a suburb's distanceFromCbdKm, e.g. \"{km} km from the city centre\". Leave it out and no distance is shown.",
      ),
    pointsHeading: words(
      'The heading over the suburb\'s three numbered points, e.g. "Best Bond Cleaning in {suburb}".',
    ),
    schoolsNote: words(
      "The sentence under the heading of the schools table, on a page whose suburb lists schools.",
    )
      .optional()
      .describe(
        "The sentence under the heading of the schools table, on a page whose suburb lists schools; without it, the table alone.",
      ),
    offer: z
      .strictObject({
        heading: words('The band\'s heading, e.g. "End of Lease Cleaning in {suburb}".'),
        text: words(
          'The paragraph under it, e.g. "Moving out of {a} {suburb} rental? … with a {bondBackGuaranteeDays}-day bond back guarantee (terms apply)."',
        ),
        service: slug.describe(
          "The formValue of the service (services.yaml) its Get a Free Quote button chooses on the quote page. Checked by the build, not by this schema: it is a service's.",
        ),
      })
      .describe("The dark band with the first-clean discount, both phone numbers and the quote button."),
    nearbyLink: words('Each link to a neighbouring suburb\'s page, e.g. "Bond cleaning {suburb}".'),
  })
  .describe(
    `The words every suburb page shares (suburbs.yaml holds each suburb's own). A word in braces stands for one of the suburb's own or a figure: ${Object.entries(
      SUBURB_PLACEHOLDERS,
    )
      .map(([name, what]) => `{${name}} ${what}`)
      .join(", ")}.`,
  );
