/** content/suburbs.yaml: one page per suburb, every figure on it cited to its original publisher. */
import * as z from "zod";
import { NOT_ON_COPY_HOST } from "../copy-hosts.ts";
import { Point, postcode, Seo, slug, text } from "./common.ts";

const quoted = (input: unknown) => JSON.stringify(input);
/**
 * The page a figure is cited to: the original publisher's, over https, at its
 * domain name. Each rule is a pattern, so the JSON Schema the editor sees
 * refuses the same addresses (src/build/content/json-schema.ts).
 */
const sourceUrl = z
  .url({ error: (iss) => `expected a full web address starting with https://, got ${quoted(iss.input)}` })
  .regex(/^https:\/\//, {
    error: (iss) => `expected an https:// address, got ${quoted(iss.input)}`,
    abort: true,
  })
  // A browser reads a host whose last label is a number as an IPv4 address
  // (https://2130706433/, https://0x7f000001/, https://127.1/); "[" opens an IPv6 one.
  .regex(/^https:\/\/(?!\[|(?:[^/?#@:]*\.)?(?:0[xX][0-9a-fA-F]*|\d+)\.?(?:[:/?#]|$))/, {
    error: (iss) =>
      `${quoted(iss.input)} is a bare IP address, not a publisher's site: cite the page at its domain name`,
    abort: true,
  })
  .regex(/^https:\/\/[^/?#:@]+(?:[/?#]|$)/, {
    error: (iss) =>
      `${quoted(iss.input)} names a port or a user: cite the page at its usual address, like "https://en.wikipedia.org/wiki/Quokka"`,
    abort: true,
  })
  // Plain letters, digits, dots and hyphens only: a percent-escape or a look-alike
  // letter could spell a copy host or a number the checks above would not see.
  .regex(/^https:\/\/[a-zA-Z0-9.-]+(?:[/?#]|$)/, {
    error: (iss) =>
      `${quoted(iss.input)} has a site name with characters other than letters, digits, dots and hyphens: copy the address from the browser's address bar (an international name in its xn-- form)`,
    abort: true,
  })
  .regex(NOT_ON_COPY_HOST, {
    error: (iss) =>
      `${quoted(iss.input)} is on a site that copies other sites' pages (src/content/copy-hosts.ts): cite the original publisher's page`,
  })
  .describe("The original publisher's page (https, no copies or mirrors: see src/content/copy-hosts.ts).");
/** What a reader sees for a source: publisher, title or article, date where known. */
const citation = z
  .string({
    error: (iss) =>
      iss.input === undefined
        ? "every source needs a citation: the publisher, the title and the date where known"
        : undefined,
  })
  .trim()
  .min(1, { error: "must not be empty" })
  .describe(
    'The source as a reader sees it: publisher, title or article, date where known, e.g. "The Age, 28 April 2025: the article title".',
  );

/** One page listed under "Sources for the figures on this page". */
export const Source = z
  .strictObject({ citation, url: sourceUrl })
  .describe('One line under "Sources for the figures on this page": the citation, linked to the page.');

/** A published figure with where it came from; the site never shows a figure without a source. */
export const Figure = z
  .strictObject({
    value: text.describe('The figure as published, e.g. "$1.305 million".'),
    asOf: text.describe(
      'When and by whom it was measured, e.g. "Domain House Price Report, April 2025 (annual figure)".',
    ),
    source: sourceUrl,
    citation,
    measure: text
      .optional()
      .describe(
        "Set when the source's figure is not a median, e.g. \"average\"; shown in brackets after the figure's label.",
      ),
  })
  .describe(
    "A published figure and its source. Leave the whole field out when no reputable source publishes it: the page leaves that line out.",
  );

/** A Census figure: the value, the Census year, and the page it was read from. */
const censusFigure = (value: z.ZodString) =>
  z.strictObject({
    value,
    year: z.number().int().describe("The Census year, e.g. 2021."),
    source: sourceUrl,
    citation,
  });

export const School = z
  .strictObject({
    name: text.describe("The school's name as the school writes it."),
    level: z
      .enum(["Primary", "Secondary", "Combined", "Tertiary"], {
        error: (iss) =>
          `expected one of Primary, Secondary, Combined, Tertiary, got ${JSON.stringify(iss.input)}`,
      })
      .describe("Primary, Secondary, Combined (primary and secondary years in one school) or Tertiary."),
    type: z
      .enum(["Government", "Private", "Public"], {
        error: (iss) => `expected one of Government, Private, Public, got ${JSON.stringify(iss.input)}`,
      })
      .describe("Who runs it: Government (a state school), Private (independent or Catholic) or Public."),
    suburb: text.optional().describe("The suburb the school is in, when it is outside this one."),
    source: sourceUrl,
    citation,
  })
  .describe('One row of the "Schools in and near" table, with the page that says it is there.');

export const Suburb = z
  .strictObject({
    slug: slug.describe(
      'The route is /suburbs/{slug}: the name in lowercase with spaces as hyphens ("upper-kedron"). The build checks that it matches the name and is not used twice.',
    ),
    name: text.describe('The suburb\'s name as people write it, e.g. "Quokka Flats".'),
    postcode: postcode.describe('Four digits, e.g. "4055".'),
    population: censusFigure(
      z
        .string()
        .regex(/^\d{1,3}(,\d{3})*$/, {
          error: (iss) =>
            `expected a number with thousands separators such as "11,891", got ${JSON.stringify(iss.input)}`,
        })
        .describe('Residents, with thousands separators, e.g. "11,891".'),
    )
      .optional()
      .describe(
        "Residents at the Census, shown in the banner and under the Property prices box, with its source. Leave it out when no reputable source publishes it.",
      ),
    distanceFromCbdKm: z
      .number()
      .positive()
      .optional()
      .describe(
        "Kilometres from the city centre, shown in the banner by suburb-pages.yaml's distance, e.g. 6.2.",
      ),
    areaKm2: z
      .number()
      .positive()
      .optional()
      .describe(
        "Area in square kilometres, e.g. 2.8. Kept with the suburb's facts; the page shows it only where the description quotes it.",
      ),
    header: z
      .boolean()
      .default(true)
      .describe("true (the default) lists the suburb in the header's List of Suburbs; false leaves it out."),
    homeGrid: z
      .boolean()
      .default(false)
      .describe("true shows the suburb in the home page's suburbs grid; false (the default) leaves it out."),
    seo: Seo,
    intro: text.describe("One or two sentences under the banner."),
    points: z
      .array(Point)
      .length(3, { error: "a suburb page has exactly 3 numbered points" })
      .describe(
        'The three numbered points of "Best Bond Cleaning in {suburb}". Quote only figures that have a source on this entry.',
      ),
    description: z
      .array(text)
      .min(1)
      .describe(
        "The About {suburb} section: paragraphs drawn from the suburb's own facts, one list item per paragraph. Quote only figures that have a source on this entry.",
      ),
    medianHousePrice: Figure.optional().describe(
      "The median house price, in the Property prices box, with its source. Leave it out when no reputable source publishes one.",
    ),
    medianRent: Figure.optional().describe(
      "The median weekly house rent, in the Property prices box, with its source. Leave it out when no reputable source publishes one.",
    ),
    medianUnitPrice: Figure.optional().describe(
      "The median unit price, in the Property prices box, with its source. Leave it out when no reputable source publishes one.",
    ),
    medianUnitRent: Figure.optional().describe(
      "The median weekly unit rent, in the Property prices box, with its source. Leave it out when no reputable source publishes one.",
    ),
    censusMedianWeeklyRent: censusFigure(
      z
        .string()
        .regex(/^\$\d{1,3}(,\d{3})*$/, {
          error: (iss) =>
            `expected dollars as the ABS writes them, such as "$380", got ${JSON.stringify(iss.input)}`,
        })
        .describe('The median weekly rent in dollars, e.g. "$380".'),
    )
      .optional()
      .describe(
        "The median weekly rent at the Census, from the ABS QuickStats page for the suburb (https://abs.gov.au/census/find-census-data/quickstats/2021/SAL30064 is one suburb's; search the suburb's name there). Shown in the Property prices box as what renters paid then, not today's rent. Leave it out only when the ABS gives none.",
      ),
    schools: z
      .array(School)
      .default([])
      .describe('The "Schools in and near" table; a school outside the suburb names its suburb.'),
    nearby: z
      .array(slug)
      .default([])
      .describe(
        "Slugs of neighbouring suburbs that have their own page. Checked by the build, not by this schema: each must be the slug of another entry in this file.",
      ),
    sources: z
      .array(Source)
      .default([])
      .describe(
        "Every page a fact on this suburb's page came from, shown as \"Sources for the figures on this page\"; leave it out for a page that quotes no figure. Checked by the build, not by this schema: each figure's and school's source must be listed here.",
      ),
  })
  .describe("One suburb page, at /suburbs/{slug}.");
export const SuburbsFile = z.strictObject({
  suburbs: z
    .array(Suburb)
    .min(1)
    .describe(
      "The suburb pages, one entry each, each at /suburbs/{slug}; `npm run new-suburb` adds one. Every figure comes from a public page listed under the entry's sources (collected in src/content/suburb-facts.json): never invent one; leave a figure out and the page leaves that line out.",
    ),
});
