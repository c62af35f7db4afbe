/**
 * One zod schema per file in content/. The TypeScript types of the whole site
 * are inferred from these, so a field exists in exactly one place.
 *
 * Messages are written for the person editing the YAML: what was expected and
 * what was found, never zod's internal codes.
 */
import { z } from "zod";
import { SERVICE_OPTIONS } from "../shared/forms/fields.ts";
import { NOT_ON_COPY_HOST } from "./copy-hosts.ts";

const text = z.string().trim().min(1, { error: "must not be empty" });
const url = z.url({ error: (iss) => `expected a full web address starting with https://, got ${JSON.stringify(iss.input)}` });
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
  error: (iss) => `expected lowercase words joined by hyphens (like "west-end"), got ${JSON.stringify(iss.input)}`,
});
const postcode = z.string().regex(/^\d{4}$/, {
  error: (iss) => `expected 4 digits, got ${JSON.stringify(iss.input)}`,
});
/** A phone number as people write it in Australia, e.g. "0491 570 156" or "(07) 5550 1234". */
const auPhone = z.string().regex(/^\(?0[2-478]\)?[\d ]{8,12}$/, {
  error: (iss) => `expected an Australian phone number such as "0491 570 156" or "(07) 5550 1234", got ${JSON.stringify(iss.input)}`,
});
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
  error: (iss) => `expected a 24-hour time such as "08:00", got ${JSON.stringify(iss.input)}`,
});

/** Section texts that many pages share, each with its hover help. */
const heading = text.describe("The section's heading.");
const sectionText = text.describe("The paragraph under the section's heading.");
const paragraphs = z.array(text).min(1).describe("The paragraphs, one list item per paragraph.");

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
const reasons = z.array(Point).min(3).describe("Three or more reasons, each a heading and a paragraph.");
/**
 * An image that ships with the content: a file in content/images/. Its size is
 * read from the file (a photo's pixels, an SVG's width and height or viewBox);
 * the build makes a photo's responsive copies (src/build/images.ts).
 */
export const Image = z.strictObject(
  {
    src: z.string().regex(/^[a-z0-9-]+\.(svg|png|jpe?g|webp|avif)$/, {
      error: (iss) => `expected a file name in content/images/ such as "bond-cleaning.jpg" (lowercase words joined by hyphens, ending .jpg, .jpeg, .png, .webp, .avif or .svg), got ${JSON.stringify(iss.input)}`,
    }).describe('The image\'s file name in content/images/, e.g. "bond-cleaning.jpg": lowercase words joined by hyphens, ending .jpg, .jpeg, .png, .webp, .avif or .svg. The build reads its size from the file and makes the smaller copies phones load.'),
    alt: z
      .string({ error: `is required: describe what the image shows for someone who cannot see it, or write alt: "" on purpose for a decorative image the text around it already explains` })
      .refine((alt) => alt === "" || alt.trim() !== "", { error: `is only spaces: describe the image, or write alt: "" on purpose for a decorative image` })
      .describe('What the image shows, in a sentence, for someone who cannot see it (read aloud by screen readers, and read by search engines). Write alt: "" only for a decorative image the text around it already explains.'),
  },
  {
    error: (iss) =>
      iss.code === "unrecognized_keys" && iss.keys.some((k) => k === "width" || k === "height")
        ? `remove ${iss.keys.map((k) => `"${k}"`).join(" and ")}: the build reads an image's size from the file itself`
        : undefined,
  },
).describe("An image from content/images/ and the words that stand in for it.");
/** Title and meta description of one page, written for a searcher. */
export const Seo = z.strictObject({
  title: text.max(70, { error: (iss) => `keep the title under 70 characters (it has ${String(iss.input).length})` }).describe("The page's title in search results and the browser tab, under 70 characters."),
  description: text.max(170, { error: (iss) => `keep the description under 170 characters (it has ${String(iss.input).length})` }).describe("The page's summary in search results, under 170 characters."),
}).describe("What a searcher sees of this page.");
/** The banner at the top of a service, about or contact page. */
const Banner = z
  .strictObject({
    title: text.describe("The page's main heading, in the banner at the top."),
    description: text.describe("The sentence or two under the main heading."),
  })
  .describe("The coloured banner at the top of the page.");

// ─── site.yaml ──────────────────────────────────────────────────────────────
const Day = z.enum(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
export const Hours = z.strictObject({
  label: text.describe('What the visitor reads for these days, e.g. "Mon-Fri".'),
  days: z.array(Day).min(1).describe("The days this line covers, e.g. [Monday, Tuesday, Wednesday, Thursday, Friday]."),
  opens: time.optional().describe('Opening time on these days, 24-hour, e.g. "08:00". Leave out opens and closes for days the business is closed: they show as Closed.'),
  closes: time.optional().describe('Closing time on these days, 24-hour, e.g. "18:00". Leave out opens and closes for days the business is closed.'),
}).describe("One line of opening hours: a label, its days and the times.");

export const Site = z.strictObject({
  name: text.describe('The business name, shown in the header, the footer and page titles, e.g. "Jacaranda Cleaning Co.".'),
  /**
   * schema.org has no cleaning type; HomeAndConstructionBusiness is "a
   * LocalBusiness that provides services around homes and buildings", the
   * closest fit.
   */
  businessType: z.enum(["HomeAndConstructionBusiness", "ProfessionalService", "LocalBusiness"], {
    error: (iss) => `expected HomeAndConstructionBusiness, ProfessionalService or LocalBusiness, got ${JSON.stringify(iss.input)}`,
  }).default("HomeAndConstructionBusiness").describe("What search engines read the business as (a schema.org type). There is no cleaning type; HomeAndConstructionBusiness (services around homes and buildings) is the closest fit."),
  url: url.describe('The public address of the site, e.g. "https://www.example.com", used for canonical links and the sitemap. The SITE_URL setting overrides it at build time.'),
  tagline: text.describe("One line saying what the business does: search engines, link previews and the installed web app read it as the business's description."),
  phone: auPhone.describe('The main phone number, as people dial it, e.g. "0491 570 156". Shown on every page as a tap-to-call link.'),
  landline: auPhone.describe('The second (landline) number shown on suburb pages, e.g. "(07) 5550 1234".'),
  email: z.email({ error: (iss) => `expected an email address, got ${JSON.stringify(iss.input)}` }).describe('The business email address, shown in the footer and on the contact page, e.g. "hello@example.com".'),
  location: strictLocation(),
  hours: z.array(Hours).min(1).describe("Opening hours, one line per group of days, shown in the footer and on the contact page. A day no line covers, or a line without times, shows as Closed."),
  priceRange: text.describe('How expensive the business is, for search engines: "$" (cheap) to "$$$$".'),
  copyrightYear: z.number().int().min(2000).max(2100).describe("The year in the footer's copyright line, e.g. 2024."),
  claims: z.strictObject({
    bondBackGuaranteeDays: z.number().int().positive().describe("Days after a bond clean in which anything the agent flags is re-cleaned free, e.g. 7 (the 7-day bond back guarantee on suburb pages)."),
    recleanWindowHours: z.number().int().positive().describe("Hours after a clean in which the customer can ask for a re-clean, e.g. 72."),
    firstCleanDiscountPercent: z.number().int().min(1).max(100).describe("The first-clean discount in percent, e.g. 10 for 10% off. Shown on suburb pages."),
    rating: z.number().min(0).max(5).describe("The average review rating out of 5, e.g. 4.9. Shown on the home page beside the review count."),
    reviewCount: text.describe('How many reviews the rating comes from, as it reads, e.g. "200+".'),
    happyClients: text.describe('How many clients the business has served, as it reads, e.g. "400+".'),
    serviceGuarantee: text.describe('The satisfaction guarantee, as it reads, e.g. "100%".'),
    cleaningExperts: z.number().int().positive().describe("How many cleaners work for the business, e.g. 30."),
    bondCleansCompleted: text.describe('How many bond cleans the business has done, as it reads, e.g. "300+".'),
    suburbsServed: text.describe('How many suburbs the business serves, as it reads, e.g. "25+".'),
    replyWithinHours: z.number().int().positive().describe("How soon an enquiry gets a reply, in hours, e.g. 24."),
  }).describe("The figures and promises the site quotes. Some page texts repeat them in words (services.yaml, faq.yaml): change those too when a figure changes."),
  footer: z.strictObject({ about: text.describe("The short paragraph about the business under its name in the footer of every page.") }).describe("The footer at the bottom of every page."),
});

function strictLocation() {
  return z.strictObject({
    locality: text.describe('The town or city the business is based in, e.g. "Brisbane".'),
    region: text.describe('The state, e.g. "QLD".'),
    postcode: postcode.describe('Four digits, e.g. "4000".'),
    country: z.literal("AU").describe('Always "AU" (Australia).'),
    display: text.describe("The location as the contact page shows it under Location, in a sentence."),
  }).describe("Where the business is based: the contact page shows `display`; search engines read the rest.");
}

// ─── services.yaml ──────────────────────────────────────────────────────────
// The contact form's options are the list the relay checks against (src/forms/fields.ts); a service here must be one of them.
export const ServiceFormValue = z.enum(SERVICE_OPTIONS.map((o) => o.value));

export const Service = z.strictObject({
  slug: slug.describe('The page\'s address is /services/{slug}: lowercase words joined by hyphens, e.g. "bond-cleaning-brisbane". Changing it moves the page. The build checks that no other service uses it.'),
  formValue: ServiceFormValue.describe("The contact form's Service Type option this page is about (the options are listed in src/forms/fields.ts). The build checks that no other service uses it."),
  name: text.describe('The full name, e.g. "Oven & BBQ Cleaning Brisbane"; also the contact form\'s option label for this service.'),
  navLabel: text.describe('The short name in menus, e.g. "Oven & BBQ Cleaning".'),
  seo: Seo,
  banner: Banner,
  intro: z.strictObject({ heading, paragraphs, image: Image }).describe("The first section under the banner: a heading and paragraphs, with an image beside them."),
  features: z.array(Point).length(3, { error: "a service page has exactly 3 feature cards" }).describe("The three feature cards under the intro, each a heading and a paragraph."),
  trustPoints: z.array(Point).length(4, { error: "a service page has exactly 4 trust points" }).describe("The four reasons to trust the business, in a row under the feature cards, each a heading and a short paragraph."),
  cta: z.strictObject({ heading, text: sectionText }).describe("The coloured band with the phone number and the GET A QUOTE button."),
  checklist: z.strictObject({
    heading,
    intro: text.describe("The sentence under the checklist's heading."),
    groups: z
      .array(
        z.strictObject({
          area: text.describe('The part of the home, the box\'s heading, e.g. "Kitchen".'),
          items: z.array(text).min(1).describe("The tasks done there, one list item per line with a tick."),
        }).describe("One box of the checklist: an area and its tasks."),
      )
      .min(1)
      .describe("The checklist's boxes, one per area of the home."),
  }).describe("The cleaning checklist: what the service covers, area by area."),
  stats: z.array(Stat).min(3).max(4).describe("Three or four figures in a row near the end of the page."),
  closing: z.strictObject({ heading, text: sectionText }).describe("The last section, above the final GET A QUOTE and Call buttons."),
}).describe("One service page, at /services/{slug}.");
export const ServicesFile = z.strictObject({
  services: z.array(Service).length(6, { error: "there are exactly 6 services" }).describe("The six service pages, one entry each."),
});

// ─── suburbs.yaml ───────────────────────────────────────────────────────────
const quoted = (input: unknown) => JSON.stringify(input);
/**
 * The page a figure is cited to: the original publisher's, over https, at its
 * domain name. Each rule is a pattern, so the JSON Schema the editor sees
 * refuses the same addresses (src/content/json-schema.ts).
 */
const sourceUrl = z
  .url({ error: (iss) => `expected a full web address starting with https://, got ${quoted(iss.input)}` })
  .regex(/^https:\/\//, { error: (iss) => `expected an https:// address, got ${quoted(iss.input)}`, abort: true })
  // A browser reads a host whose last label is a number as an IPv4 address
  // (https://2130706433/, https://0x7f000001/, https://127.1/); "[" opens an IPv6 one.
  .regex(/^https:\/\/(?!\[|(?:[^/?#@:]*\.)?(?:0[xX][0-9a-fA-F]*|\d+)\.?(?:[:/?#]|$))/, {
    error: (iss) => `${quoted(iss.input)} is a bare IP address, not a publisher's site: cite the page at its domain name`,
    abort: true,
  })
  .regex(/^https:\/\/[^/?#:@]+(?:[/?#]|$)/, {
    error: (iss) => `${quoted(iss.input)} names a port or a user: cite the page at its usual address, like "https://en.wikipedia.org/wiki/Annerley"`,
    abort: true,
  })
  // Plain letters, digits, dots and hyphens only: a percent-escape or a look-alike
  // letter could spell a copy host or a number the checks above would not see.
  .regex(/^https:\/\/[a-zA-Z0-9.-]+(?:[/?#]|$)/, {
    error: (iss) => `${quoted(iss.input)} has a site name with characters other than letters, digits, dots and hyphens: copy the address from the browser's address bar (an international name in its xn-- form)`,
    abort: true,
  })
  .regex(NOT_ON_COPY_HOST, {
    error: (iss) => `${quoted(iss.input)} is on a site that copies other sites' pages (src/content/copy-hosts.ts): cite the original publisher's page`,
  })
  .describe("The original publisher's page (https, no copies or mirrors: see src/content/copy-hosts.ts).");
/** What a reader sees for a source: publisher, title or article, date where known. */
const citation = z
  .string({ error: (iss) => (iss.input === undefined ? "every source needs a citation: the publisher, the title and the date where known" : undefined) })
  .trim()
  .min(1, { error: "must not be empty" })
  .describe('The source as a reader sees it: publisher, title or article, date where known, e.g. "The Age, 28 April 2025: Slice of Annerley history goes for $1.8 million at auction".');

/** One page listed under "Sources for the figures on this page". */
export const Source = z.strictObject({ citation, url: sourceUrl }).describe('One line under "Sources for the figures on this page": the citation, linked to the page.');

/** A published figure with where it came from; the site never shows a figure without a source. */
export const Figure = z.strictObject({
  value: text.describe('The figure as published, e.g. "$1.305 million".'),
  asOf: text.describe("When and by whom it was measured, e.g. \"Domain House Price Report, April 2025 (annual figure)\"."),
  source: sourceUrl,
  citation,
  measure: text.optional().describe('Set when the source\'s figure is not a median, e.g. "average"; shown in brackets after the figure\'s label.'),
}).describe("A published figure and its source. Leave the whole field out when no reputable source publishes it: the page leaves that line out.");

export const School = z.strictObject({
  name: text.describe("The school's name as the school writes it."),
  level: z.enum(["Primary", "Secondary", "Combined", "Tertiary"], {
    error: (iss) => `expected one of Primary, Secondary, Combined, Tertiary, got ${JSON.stringify(iss.input)}`,
  }).describe("Primary, Secondary, Combined (primary and secondary years in one school) or Tertiary."),
  type: z.enum(["Government", "Private", "Public"], {
    error: (iss) => `expected one of Government, Private, Public, got ${JSON.stringify(iss.input)}`,
  }).describe("Who runs it: Government (a state school), Private (independent or Catholic) or Public."),
  suburb: text.optional().describe("The suburb the school is in, when it is outside this one."),
  source: sourceUrl,
  citation,
}).describe('One row of the "Schools in and near" table, with the page that says it is there.');

export const Suburb = z.strictObject({
  slug: slug.describe('The route is /suburbs/{slug}: the name in lowercase with spaces as hyphens ("upper-kedron"). The build checks that it matches the name and is not used twice.'),
  name: text.describe('The suburb\'s name as people write it, e.g. "Upper Kedron".'),
  postcode: postcode.describe('Four digits, e.g. "4055".'),
  population: z.strictObject({ value: z.string().regex(/^\d{1,3}(,\d{3})*$/, {
    error: (iss) => `expected a number with thousands separators such as "11,891", got ${JSON.stringify(iss.input)}`,
  }).describe('Residents, with thousands separators, e.g. "11,891".'), year: z.number().int().describe("The Census year, e.g. 2021."), source: sourceUrl, citation }).optional().describe("Residents at the Census, shown in the banner and under the Property prices box, with its source. Leave it out when no reputable source publishes it."),
  distanceFromCbdKm: z.number().positive().optional().describe("Kilometres from the Brisbane CBD, shown in the banner, e.g. 6.2."),
  areaKm2: z.number().positive().optional().describe("Area in square kilometres, e.g. 2.8. Kept with the suburb's facts; the page shows it only where the description quotes it."),
  header: z.boolean().default(true).describe("true (the default) lists the suburb in the header's List of Suburbs; false leaves it out."),
  homeGrid: z.boolean().default(false).describe("true shows the suburb in the home page's suburbs grid; false (the default) leaves it out."),
  seo: Seo,
  intro: text.describe("One or two sentences under the banner."),
  points: z.array(Point).length(3, { error: "a suburb page has exactly 3 numbered points" }).describe('The three numbered points of "Best Bond Cleaning in {suburb}". Quote only figures that have a source on this entry.'),
  description: z.array(text).min(1).describe("The About {suburb} section: paragraphs drawn from the suburb's own facts, one list item per paragraph. Quote only figures that have a source on this entry."),
  medianHousePrice: Figure.optional().describe("The median house price, in the Property prices box, with its source. Leave it out when no reputable source publishes one."),
  medianRent: Figure.optional().describe("The median weekly house rent, in the Property prices box, with its source. Leave it out when no reputable source publishes one."),
  medianUnitPrice: Figure.optional().describe("The median unit price, in the Property prices box, with its source. Leave it out when no reputable source publishes one."),
  medianUnitRent: Figure.optional().describe("The median weekly unit rent, in the Property prices box, with its source. Leave it out when no reputable source publishes one."),
  schools: z.array(School).default([]).describe('The "Schools in and near" table; a school outside the suburb names its suburb.'),
  nearby: z.array(slug).default([]).describe("Slugs of neighbouring suburbs that have their own page. Checked by the build, not by this schema: each must be the slug of another entry in this file."),
  sources: z.array(Source).min(1).describe('Every page a fact on this suburb\'s page came from, shown as "Sources for the figures on this page". Checked by the build, not by this schema: each figure\'s and school\'s source must be listed here.'),
}).describe("One suburb page, at /suburbs/{slug}.");
export const SuburbsFile = z.strictObject({ suburbs: z.array(Suburb).min(1).describe("The suburb pages, one entry each; `npm run new-suburb` adds one.") });

// ─── faq.yaml ───────────────────────────────────────────────────────────────
export const Faq = z.strictObject({
  question: text.describe("The question, as a customer would ask it."),
  answer: text.describe("The answer, shown when the visitor opens the question."),
}).describe("One question of the home page's FAQ and its answer.");
export const FaqFile = z.strictObject({
  faq: z.array(Faq).length(10, { error: "the home page FAQ has exactly 10 questions" }).describe("The ten questions of the FAQ on the home page, in the order shown."),
});

// ─── home.yaml ──────────────────────────────────────────────────────────────
export const ServiceCard = z.strictObject({
  title: text.describe('The card\'s heading, e.g. "Residential".'),
  description: text.describe("The sentence or two under the card's heading."),
  features: z.array(text).min(1).describe("Short selling points, listed with ticks on the card."),
  image: Image,
}).describe("One card of the home page's services grid.");
export const Testimonial = z.strictObject({
  name: text.describe("The customer's name, as they agreed to have it shown."),
  role: text.describe('Who they are, shown under the name, e.g. "Tenant, Annerley".'),
  content: text.describe("What they said, shown in quotation marks."),
  rating: z.number().int().min(1).max(5).describe("Their rating in stars, 1 to 5."),
}).describe("One customer's review.");
export const HomeFile = z.strictObject({
  seo: Seo,
  hero: z.strictObject({
    eyebrow: text.describe("The small line above the main heading."),
    heading: text.describe("The home page's main heading."),
    text: text.describe("The paragraph under the main heading."),
    highlights: z.array(text).min(1).describe("Short selling points, listed with ticks under the paragraph."),
    formHeading: text.describe("The heading of the quote form beside the hero."),
    formText: text.describe("The line under the quote form's heading."),
  }).describe("The top of the home page, beside the quote form."),
  bondIntro: z.strictObject({
    heading,
    paragraphs,
    points: z.array(text).min(1).describe("Short points, listed with ticks after the paragraphs."),
    image: Image,
  }).describe("The bond cleaning section under the hero, with an image beside it."),
  services: z.strictObject({
    heading,
    text: sectionText,
    cards: z.array(ServiceCard).length(6, { error: "the home page has exactly 6 service cards" }).describe("The six service cards."),
  }).describe("The grid of service cards."),
  whyChooseUs: z.strictObject({
    heading,
    text: sectionText,
    reasons,
    stats: z.array(Stat).length(4).describe("The four figures in a row under the reasons."),
  }).describe('The "Why choose us" section.'),
  faq: z.strictObject({ heading, text: sectionText }).describe("The heading above the FAQ; the questions and answers are in faq.yaml."),
  suburbs: z.strictObject({ heading, text: sectionText }).describe("The heading above the suburbs grid; `homeGrid` in suburbs.yaml picks the suburbs shown."),
  testimonials: z.strictObject({
    heading,
    text: sectionText,
    items: z.array(Testimonial).length(3, { error: "the home page has exactly 3 testimonials" }).describe("The three customer reviews."),
  }).describe("The customer reviews section."),
});

// ─── about.yaml ─────────────────────────────────────────────────────────────
export const AboutFile = z.strictObject({
  seo: Seo,
  banner: Banner,
  story: z.strictObject({ heading, paragraphs, image: Image }).describe("The business's story under the banner, with an image beside it."),
  whyChooseUs: z.strictObject({
    heading,
    reasons,
  }).describe('The "Why choose us" section.'),
  vision: Point.describe("The Vision card, first of the three cards with Mission and Strategy."),
  mission: Point.describe("The Mission card, between Vision and Strategy."),
  strategy: Point.describe("The Strategy card, last of the three after Vision and Mission."),
  expertise: z.strictObject({
    heading,
    text: sectionText,
    stats: z.array(Stat).min(3).describe("Three or more figures in a row."),
    skills: z.array(text).min(1).describe("The skills listed under the figures, one per item."),
  }).describe("The expertise section: figures and a list of skills."),
  quote: z.strictObject({ heading, text: sectionText }).describe("The coloured closing band inviting a quote."),
});

// ─── contact.yaml ───────────────────────────────────────────────────────────
export const ContactFile = z.strictObject({
  seo: Seo,
  banner: Banner,
  emailNote: text.describe("The line under the email address on the contact page."),
  formHeading: text.describe("The heading of the contact form."),
  formText: text.describe("The line under the contact form's heading."),
});

export type SiteData = z.infer<typeof Site>;
export type ServiceData = z.infer<typeof Service>;
export type SuburbData = z.infer<typeof Suburb>;
export type FaqData = z.infer<typeof Faq>;
export type HomeData = z.infer<typeof HomeFile>;
export type AboutData = z.infer<typeof AboutFile>;
export type ContactData = z.infer<typeof ContactFile>;
export type ImageData = z.infer<typeof Image>;
