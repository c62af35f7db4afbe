/**
 * content/services.yaml: the six service pages.
 *
 * A service's value and name are defined once, as the contact form's option
 * (SERVICE_OPTIONS, the contact form's fixed list): the relay and the form
 * cannot read YAML, so the page takes its name from its `formValue`'s option
 * rather than the file repeating it.
 */
import * as z from "zod";
import { SERVICE_OPTIONS } from "../../shared/forms/fields.ts";
import { Banner, heading, Image, paragraphs, Point, sectionText, Seo, slug, Stat, text } from "./common.ts";

/** The contact form's options are the list the relay checks against; a service here must be one of them. */
export const ServiceFormValue = z.enum(SERVICE_OPTIONS.map((o) => o.value));

type ServiceOption = (typeof SERVICE_OPTIONS)[number];
const NAMES = Object.fromEntries(SERVICE_OPTIONS.map((o) => [o.value, o.label])) as Record<
  ServiceOption["value"],
  ServiceOption["label"]
>;
const optionList = SERVICE_OPTIONS.map((o) => `${o.value} (${JSON.stringify(o.label)})`).join(", ");

export const Service = z
  .strictObject(
    {
      slug: slug.describe(
        'The page\'s address is /services/{slug}: lowercase words joined by hyphens, e.g. "bond-cleaning-brisbane". Changing it moves the page. The build checks that no other service uses it.',
      ),
      formValue: ServiceFormValue.describe(
        `The contact form's Service Type option this page is about, which also gives the page its name (in the footer, the Services menu and what search engines read): ${optionList}. The options and their names are set in src/shared/forms/fields.ts. The build checks that no other service uses it.`,
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
    },
    {
      error: (iss) =>
        iss.code === "unrecognized_keys" && iss.keys.length === 1 && iss.keys[0] === "name"
          ? `remove "name": a service's name is its formValue's label in the contact form (src/shared/forms/fields.ts)`
          : undefined,
    },
  )
  .describe("One service page, at /services/{slug}.")
  .transform((service) => ({ ...service, name: NAMES[service.formValue] }));
export const ServicesFile = z.strictObject({
  services: z
    .array(Service)
    .length(6, { error: "there are exactly 6 services" })
    .describe(
      "The six service pages, one entry each, each at /services/{slug}. A page's name (\"Bond Cleaning Brisbane\") is its formValue's option in the contact form, so it is not written here. Figures and promises (guarantee days, re-clean window, discount, ratings) repeat the claims of site.yaml: when one changes there, change it here too.",
    ),
});

export type ServiceData = z.infer<typeof Service>;
