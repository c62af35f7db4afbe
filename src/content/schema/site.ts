/** content/site.yaml: the business, its numbers, hours and claims, shown on every page. */
import * as z from "zod";
import { abnChecks, abnDigits } from "../abn.ts";
import { postcode, text } from "./common.ts";
import { hoursLineProblem } from "../../shared/hours.ts";
import { SHADES, shadeKey } from "../../shared/colours.ts";

/**
 * The site's public address: https, the host, no path. Every link on the site starts with / (it
 * sits at the root of its domain, docs/deploying.md), so a path would be wrong in every canonical
 * link; and http or another scheme would name an address browsers mark unsafe.
 */
const url = z.string().regex(/^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?\/?$/i, {
  error: (iss) =>
    `expected the site's address such as "https://www.example.com.au" (https://, the host, no path), got ${JSON.stringify(iss.input)}`,
});
/** A phone number as people write it in Australia, e.g. "0491 570 157" or "(02) 5550 0100". */
const auPhone = z.string().regex(/^\(?0[2-478]\)?[\d ]{8,12}$/, {
  error: (iss) =>
    `expected an Australian phone number such as "0491 570 157" or "(02) 5550 0100", got ${JSON.stringify(iss.input)}`,
});
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
  error: (iss) => `expected a 24-hour time such as "08:00", got ${JSON.stringify(iss.input)}`,
});

/**
 * An ABN as people write it: 11 digits, together or grouped 2, 3, 3, 3. The
 * pattern reaches the editor's JSON Schema; the check digits (src/content/abn.ts)
 * are a refinement, so only the build checks them.
 */
const ABN_FORMAT = /^\d{2} ?\d{3} ?\d{3} ?\d{3}$/;
const abn = z
  .string()
  .regex(ABN_FORMAT, {
    error: (iss) =>
      `expected the 11-digit ABN, written together or in groups of 2, 3, 3 and 3 digits, got ${JSON.stringify(iss.input)}`,
  })
  // One message per mistake: the check digits are only worth checking once there are 11 digits.
  .refine((value) => !ABN_FORMAT.test(value) || abnChecks(abnDigits(value)), {
    error: (iss) =>
      `${JSON.stringify(iss.input)} is not a valid ABN: its first two digits do not match the other nine (the ATO's check). Copy it again from ABN Lookup (abr.business.gov.au)`,
  });

/** A colour as "#0f766e": six hexadecimal digits. */
const colour = z.string().regex(/^#[0-9a-f]{6}$/i, {
  error: (iss) =>
    `expected a colour such as "#0f766e" (# and six hexadecimal digits), got ${JSON.stringify(iss.input)}`,
});
/**
 * Each shade of a colour the stylesheet draws with (SHADES: the templates' classes bg-brand-700 and the
 * like): the owner gives each, the build writes them into the stylesheet (src/build/brand.ts).
 */
const shades = (name: keyof typeof SHADES, what: string) =>
  z
    .strictObject(
      Object.fromEntries(
        SHADES[name].map((shade) => [
          shadeKey(shade),
          colour.describe(`The ${name} colour at shade ${shade} (shade50 lightest).`),
        ]),
      ) as Record<`shade${(typeof SHADES)[typeof name][number]}`, typeof colour>,
    )
    .describe(what);

export const Colours = z
  .strictObject({
    brand: shades(
      "brand",
      "The main colour, each shade the pages use, lightest (shade50) to darkest (shade950): the banners and the dark bands (shade800 to shade950), links and ticks (shade700, shade800), light backgrounds (shade50, shade100). Tailwind's teal is shade50: #f0fdfa … shade950: #042f2e. Its shade700 is also the browser's theme colour. Keep text on it readable: the build does not check contrast, `npm test` does (axe).",
    ),
    accent: shades(
      "accent",
      "The colour of calls to action (the GET A QUOTE buttons, the call button) and keyboard focus, used sparingly: shade600 to shade800, with shade50 and shade100 for light backgrounds.",
    ),
    highlight: colour.describe(
      "A bright touch on dark backgrounds: the stars, the ticks in the home page's first screen and its badges.",
    ),
  })
  .describe(
    "The brand's colours: every page is drawn in them. The logo is content/images/icon.svg, also the favicon: run npm run brand-images after changing it.",
  );

const Day = z.enum(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
export const Hours = z
  .strictObject({
    label: text.describe('What the visitor reads for these days, e.g. "Mon-Fri".'),
    days: z
      .array(Day)
      .min(1)
      .describe("The days this line covers, e.g. [Monday, Tuesday, Wednesday, Thursday, Friday]."),
    opens: time
      .optional()
      .describe(
        'Opening time on these days, 24-hour, e.g. "08:00". Leave out opens and closes for days the business is closed: they show as Closed.',
      ),
    closes: time
      .optional()
      .describe(
        'Closing time on these days, 24-hour, e.g. "18:00". Leave out opens and closes for days the business is closed.',
      ),
  })
  .superRefine((h, ctx) => {
    const problem = hoursLineProblem(h);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  })
  .describe("One line of opening hours: a label, its days and the times.");

export const Site = z.strictObject({
  name: text.describe(
    'The business name, shown in the header, the footer and page titles, e.g. "Sunny Side Cleaning Co.".',
  ),
  /**
   * schema.org has no cleaning type; HomeAndConstructionBusiness is "a
   * LocalBusiness that provides services around homes and buildings", the
   * closest fit.
   */
  businessType: z
    .enum(["HomeAndConstructionBusiness", "ProfessionalService", "LocalBusiness"], {
      error: (iss) =>
        `expected HomeAndConstructionBusiness, ProfessionalService or LocalBusiness, got ${JSON.stringify(iss.input)}`,
    })
    .default("HomeAndConstructionBusiness")
    .describe(
      "What search engines read the business as (a schema.org type). There is no cleaning type; HomeAndConstructionBusiness (services around homes and buildings) is the closest fit.",
    ),
  url: url.describe(
    'The public address of the site, e.g. "https://www.example.com.au", used for canonical links and the sitemap. The SITE_URL setting overrides it at build time.',
  ),
  legalName: text
    .optional()
    .describe(
      'The business\'s legal name, as registered (e.g. "Jacaranda Cleaning Pty Ltd"), if it differs from `name`. Shown in the footer, the privacy policy and the terms, and read by search engines. Leave it out until you have it.',
    ),
  abn: abn
    .optional()
    .describe(
      "The business's ABN as ABN Lookup (abr.business.gov.au) shows it: 11 digits, together or in groups of 2, 3, 3 and 3. Shown in the footer, the privacy policy and the terms. The build checks its check digits. Leave it out until you have it.",
    ),
  tagline: text.describe(
    "One line saying what the business does: search engines, link previews and the installed web app read it as the business's description.",
  ),
  phone: auPhone.describe(
    'The main phone number, as people dial it, e.g. "0491 570 157". Shown on every page as a tap-to-call link.',
  ),
  landline: auPhone.describe('The second (landline) number shown on suburb pages, e.g. "(02) 5550 0100".'),
  email: z
    .email({ error: (iss) => `expected an email address, got ${JSON.stringify(iss.input)}` })
    .describe(
      'The business email address, shown in the footer and on the contact page, e.g. "hello@example.com".',
    ),
  location: strictLocation(),
  hours: z
    .array(Hours)
    .min(1)
    .superRefine((lines, ctx) => {
      const first = new Map<string, number>();
      lines.forEach((line, i) =>
        line.days.forEach((day, j) => {
          if (first.has(day))
            ctx.addIssue({
              code: "custom",
              path: [i, "days", j],
              message: `${day} is in hours[${first.get(day)}] already: give each day one line`,
            });
          else first.set(day, i);
        }),
      );
    })
    .describe(
      "Opening hours, one line per group of days, shown in the footer and on the contact page. A day no line covers, or a line without times, shows as Closed.",
    ),
  timeZone: z
    .string()
    .refine(isTimeZone, {
      error: (iss) =>
        `expected a time zone as the IANA names it, such as "Australia/Perth" or "Australia/Sydney", got ${JSON.stringify(iss.input)}`,
    })
    .describe(
      'The time zone the opening hours are in, as the IANA names it, e.g. "Australia/Perth": the owner\'s reminders, the morning digest and the reports keep it, daylight saving included.',
    ),
  priceRange: text
    .optional()
    .describe(
      'How expensive the business is, for search engines: "$" (cheap) to "$$$$", or a range such as "$200-$600". The owner\'s word: left out until they give it.',
    ),
  copyrightYear: z
    .number()
    .int()
    .min(2000)
    .max(2100)
    .describe("The year in the footer's copyright line, e.g. 2024."),
  claims: z
    .strictObject({
      bondBackGuaranteeDays: z
        .number()
        .int()
        .positive()
        .describe(
          "The bond back guarantee's days: how long after a bond clean the property manager may raise anything on its checklist, to have it cleaned again free, e.g. 7. The terms page (/terms/) states it. Needed once a service's guarantee is bond-back (services.yaml); leave it out otherwise.",
        )
        .optional(),
      recleanWindowHours: z
        .number()
        .int()
        .positive()
        .describe(
          "How many hours the customer has to ask for a free re-clean: after the clean (house, office, oven and BBQ, carpet), or after hearing from the property manager (the bond back guarantee), e.g. 72. The terms page (/terms/) states it.",
        ),
      firstCleanDiscountPercent: z
        .number()
        .int()
        .min(1)
        .max(100)
        .describe("The first-clean discount in percent, e.g. 10 for 10% off. Shown on suburb pages."),
      rating: z
        .number()
        .min(0)
        .max(5)
        .describe(
          "The average review rating out of 5, e.g. 4.9. Shown on the home page beside the review count.",
        ),
      reviewCount: text.describe('How many reviews the rating comes from, as it reads, e.g. "200+".'),
      happyClients: text
        .optional()
        .describe('How many clients the business has served, as it reads, e.g. "400+".'),
      serviceGuarantee: text.describe('The satisfaction guarantee, as it reads, e.g. "100%".'),
      cleaningExperts: z
        .number()
        .int()
        .positive()
        .optional()
        .describe("How many cleaners work for the business, e.g. 30."),
      bondCleansCompleted: text
        .optional()
        .describe('How many bond cleans the business has done, as it reads, e.g. "300+".'),
      suburbsServed: text
        .optional()
        .describe('How many suburbs the business serves, as it reads, e.g. "25+".'),
      beatsAWrittenQuote: z
        .boolean()
        .optional()
        .describe(
          "true: the business beats any written quote from another business for the same job, a promise the terms page (/terms/) states. Leave it out if it does not: the build then refuses a page that says it does.",
        ),
      replyWithinHours: z
        .number()
        .int()
        .positive()
        .describe("How soon an enquiry gets a reply, in hours, e.g. 24."),
    })
    .describe(
      "The figures and promises the site quotes. Some page texts repeat them in words (services.yaml, faq.yaml): change those too when a figure changes. Where the specification gives two readings (150+ and 400+ happy clients; a 7-day bond back guarantee beside a 72-hour re-clean window), both are kept: the terms page (/terms/) states the promises as one statement built from these figures, the guarantee's days being how long the agent has to raise an issue and the re-clean hours how long the customer has to tell us.",
    ),
  colours: Colours,
  footer: z
    .strictObject({
      about: text.describe(
        "The short paragraph about the business under its name in the footer of every page.",
      ),
      suburbsLink: text.describe(
        "The footer's link to the home page's list of suburbs, in the business's words, e.g. \"Suburbs We Clean\".",
      ),
    })
    .describe("The footer at the bottom of every page."),
});

function strictLocation() {
  return z
    .strictObject({
      locality: text.describe('The town or city the business is based in, e.g. "Newcastle".'),
      region: text.describe('The state, e.g. "QLD".'),
      postcode: postcode.describe('Four digits, e.g. "4000".'),
      country: z.literal("AU").describe('Always "AU" (Australia).'),
      display: text.describe("The location as the contact page shows it under Location, in a sentence."),
    })
    .describe("Where the business is based: the contact page shows `display`; search engines read the rest.");
}

/** Whether Intl knows `zone` ("Australia/Perth"), as the relay's clock reads it (src/relay/clock.ts). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-AU", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
