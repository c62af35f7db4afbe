/**
 * content/suburb-pages.yaml: the words every suburb page shares, with each suburb's own name, postcode
 * and distance, and site.yaml's claims, put in where a word in braces stands for them. What the
 * business does in each suburb is the owner's to say: a bond cleaner's "Bond Cleaning Annerley 4103"
 * is a window cleaner's "Window Cleaning Sandy Bay 7005".
 */
import * as z from "zod";
import { slug, text } from "./common.ts";

/** Each stand-in a suburb page's words may hold, and what it stands for (src/templates/placeholders.tsx). */
export const SUBURB_PLACEHOLDERS = {
  suburb: "the suburb's name",
  postcode: "its postcode",
  a: '"a" or "an", as the suburb\'s name needs it ("an Annerley rental")',
  km: "its distanceFromCbdKm",
  bondBackGuaranteeDays: "site.yaml's claims.bondBackGuaranteeDays",
  recleanWindowHours: "site.yaml's claims.recleanWindowHours",
  firstCleanDiscountPercent: "site.yaml's claims.firstCleanDiscountPercent",
} as const;
export type SuburbPlaceholder = keyof typeof SUBURB_PLACEHOLDERS;

/** "{suburb}" and the like: a word in braces. */
export const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

const known = Object.keys(SUBURB_PLACEHOLDERS).map((k) => `{${k}}`);

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

export const SuburbPagesFile = z.strictObject({
  title: words(
    'The page\'s main heading and its name in the breadcrumbs, e.g. "Bond Cleaning {suburb} {postcode}".',
  ),
  distance: words(
    "The banner's line for a suburb's distanceFromCbdKm, e.g. \"{km} km from the Brisbane CBD\".",
  )
    .optional()
    .describe(
      "The banner's line for a suburb's distanceFromCbdKm, e.g. \"{km} km from the Brisbane CBD\". Leave it out and no distance is shown.",
    ),
  pointsHeading: words(
    'The heading over the suburb\'s three numbered points, e.g. "Best Bond Cleaning in {suburb}".',
  ),
  schoolsNote: words(
    "The sentence under the heading of the schools table, on a page whose suburb lists schools.",
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
});
