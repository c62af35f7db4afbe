/**
 * content/services.yaml: one page per service, and everything else a service is on the site: its name
 * in the menus, the forms' choice and the owner's notice, the add-ons the quote page offers with it,
 * and whether the quote page asks about the property (decision 0088).
 */
import * as z from "zod";
import { Banner, heading, Image, paragraphs, Point, sectionText, Seo, slug, Stat, text } from "./common.ts";

export const Service = z
  .strictObject({
    slug: slug.describe(
      'The page\'s address is /services/{slug}: lowercase words joined by hyphens, e.g. "window-cleaning-newcastle". Changing it moves the page. The build checks that no other service uses it.',
    ),
    formValue: slug.describe(
      'What the forms post for this service, and what pricing.yaml and the relay\'s records name it by: lowercase words joined by hyphens, e.g. "bond-cleaning". `?service=` in a link to the quote or contact page chooses it. Changing it leaves old leads naming the old value (shown as it is). The build checks that no other service uses it.',
    ),
    name: text.describe(
      "The service's full name, e.g. \"Window Cleaning Newcastle\": in the Services menu, the footer, the forms' Service choice, the owner's notice and what search engines read.",
    ),
    guarantee: z
      .enum(["bond-back", "re-clean", "walk-through"], {
        error: (iss) => `expected bond-back, re-clean or walk-through, got ${JSON.stringify(iss.input)}`,
      })
      .describe(
        "Which promise comes with this service, as the terms page (/terms/) states it: bond-back (the bond back guarantee: anything on the checklist the property manager raises within site.yaml's bondBackGuaranteeDays is cleaned again free), re-clean (anything on the checklist missed is cleaned again free if the customer says so within recleanWindowHours), or walk-through (no re-clean: a walk-through with the customer before the cleaners leave). The page's own words about it must say the same.",
      ),
    navLabel: text.describe(
      'A short name, e.g. "Oven & BBQ Cleaning": the kind of service search engines read (schema.org serviceType).',
    ),
    addOns: z
      .array(slug)
      .default([])
      .describe(
        "The add-ons the quote page offers with this service: ids from add-ons.yaml, listed there in the order the page shows them. Leave it out for none. Checked by the build, not by this schema: each is an add-on add-ons.yaml lists.",
      ),
    propertyDetails: z
      .boolean()
      .default(true)
      .describe(
        "true (the default): the quote page asks about the property for this service (its type, bedrooms, bathrooms and storeys); false leaves those out once the visitor chooses it.",
      ),
    noticeDay: text
      .optional()
      .describe(
        'The owner\'s notice\'s word for the day the visitor chose, e.g. "move-out" (the notice reads "move-out Fri 12 Dec"); without it, "preferred".',
      ),
    seo: Seo,
    banner: Banner,
    intro: z
      .strictObject({ heading, paragraphs, image: Image })
      .describe("The first section under the banner: a heading and paragraphs, with an image beside them."),
    features: z
      .array(Point)
      .length(3, { error: "a service page has exactly 3 feature cards" })
      .describe("The three feature cards under the intro, each a heading and a paragraph."),
    trustPoints: z
      .array(Point)
      .length(4, { error: "a service page has exactly 4 trust points" })
      .describe(
        "The four reasons to trust the business, in a row under the feature cards, each a heading and a short paragraph.",
      ),
    cta: z
      .strictObject({ heading, text: sectionText })
      .describe("The coloured band with the phone number and the GET A QUOTE button."),
    checklist: z
      .strictObject({
        heading,
        intro: text.describe("The sentence under the checklist's heading."),
        groups: z
          .array(
            z
              .strictObject({
                area: text.describe('The part of the home, the box\'s heading, e.g. "Kitchen".'),
                items: z
                  .array(text)
                  .min(1)
                  .describe("The tasks done there, one list item per line with a tick."),
              })
              .describe("One box of the checklist: an area and its tasks."),
          )
          .min(1)
          .describe("The checklist's boxes, one per area of the home."),
      })
      .describe("The cleaning checklist: what the service covers, area by area."),
    stats: z.array(Stat).min(3).max(4).describe("Three or four figures in a row near the end of the page."),
    closing: z
      .strictObject({ heading, text: sectionText })
      .describe("The last section, above the final GET A QUOTE and Call buttons."),
  })
  .describe("One service: its page, at /services/{slug}, and its place in the forms.");
export const ServicesFile = z.strictObject({
  services: z
    .array(Service)
    .min(1)
    .describe(
      "The services, one entry each, in the order the menus list them. Each is its page (at /services/{slug}) and everything else the service is on the site: its name in the menus, the footer, the forms and the owner's notice, the add-ons (add-ons.yaml) the quote page offers with it. Add an entry and the service is everywhere; remove one and it is gone everywhere (old leads keep the formValue they came with). Figures and promises (guarantee days, re-clean window, discount, ratings) repeat the claims of site.yaml: when one changes there, change it here too.",
    ),
});
