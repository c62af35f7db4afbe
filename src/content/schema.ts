/**
 * One zod schema per file in content/. The TypeScript types of the whole site
 * are inferred from these, so a field exists in exactly one place.
 *
 * Messages are written for the person editing the YAML: what was expected and
 * what was found, never zod's internal codes.
 */
import { z } from "zod";
import { SERVICE_OPTIONS } from "../forms/fields.ts";
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

/** A label and a figure, e.g. { value: "150+", label: "Happy Clients" }. */
export const Stat = z.strictObject({ value: text, label: text });
/** A short titled paragraph: feature cards, trust points, numbered points. */
export const Point = z.strictObject({ title: text.describe("A short heading."), text: text.describe("The paragraph under it.") });
/**
 * An image that ships with the content: a file in content/images/. Its size is
 * read from the file (a photo's pixels, an SVG's width and height or viewBox);
 * the build makes a photo's responsive copies (src/build/images.ts).
 */
export const Image = z.strictObject(
  {
    src: z.string().regex(/^[a-z0-9-]+\.(svg|png|jpe?g|webp|avif)$/, {
      error: (iss) => `expected a file name in content/images/ such as "bond-cleaning.jpg" (lowercase words joined by hyphens, ending .jpg, .jpeg, .png, .webp, .avif or .svg), got ${JSON.stringify(iss.input)}`,
    }),
    alt: z
      .string({ error: `is required: describe what the image shows for someone who cannot see it, or write alt: "" on purpose for a decorative image the text around it already explains` })
      .refine((alt) => alt === "" || alt.trim() !== "", { error: `is only spaces: describe the image, or write alt: "" on purpose for a decorative image` }),
  },
  {
    error: (iss) =>
      iss.code === "unrecognized_keys" && iss.keys.some((k) => k === "width" || k === "height")
        ? `remove ${iss.keys.map((k) => `"${k}"`).join(" and ")}: the build reads an image's size from the file itself`
        : undefined,
  },
);
/** Title and meta description of one page, written for a searcher. */
export const Seo = z.strictObject({
  title: text.max(70, { error: (iss) => `keep the title under 70 characters (it has ${String(iss.input).length})` }).describe("The page's title in search results and the browser tab, under 70 characters."),
  description: text.max(170, { error: (iss) => `keep the description under 170 characters (it has ${String(iss.input).length})` }).describe("The page's summary in search results, under 170 characters."),
}).describe("What a searcher sees of this page.");

// ─── site.yaml ──────────────────────────────────────────────────────────────
const Day = z.enum(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
export const Hours = z.strictObject({
  /** What the visitor reads, e.g. "Mon-Fri". */
  label: text,
  days: z.array(Day).min(1),
  /** Omit opens and closes for a day the business is closed. */
  opens: time.optional(),
  closes: time.optional(),
});

export const Site = z.strictObject({
  name: text,
  /**
   * The schema.org type the search engines read the business as. schema.org has
   * no cleaning type; HomeAndConstructionBusiness is "a LocalBusiness that
   * provides services around homes and buildings", the closest fit.
   */
  businessType: z.enum(["HomeAndConstructionBusiness", "ProfessionalService", "LocalBusiness"], {
    error: (iss) => `expected HomeAndConstructionBusiness, ProfessionalService or LocalBusiness, got ${JSON.stringify(iss.input)}`,
  }).default("HomeAndConstructionBusiness"),
  /** The public address of the site, used for canonical links and the sitemap. SITE_URL overrides it at build. */
  url,
  tagline: text,
  phone: auPhone,
  /** The second landline shown on suburb pages. */
  landline: auPhone,
  email: z.email({ error: (iss) => `expected an email address, got ${JSON.stringify(iss.input)}` }),
  location: strictLocation(),
  hours: z.array(Hours).min(1),
  priceRange: text,
  copyrightYear: z.number().int().min(2000).max(2100),
  claims: z.strictObject({
    bondBackGuaranteeDays: z.number().int().positive(),
    recleanWindowHours: z.number().int().positive(),
    firstCleanDiscountPercent: z.number().int().min(1).max(100),
    rating: z.number().min(0).max(5),
    reviewCount: text,
    happyClients: text,
    serviceGuarantee: text,
    cleaningExperts: z.number().int().positive(),
    bondCleansCompleted: text,
    suburbsServed: text,
    replyWithinHours: z.number().int().positive(),
  }),
  footer: z.strictObject({ about: text }),
});

function strictLocation() {
  return z.strictObject({
    locality: text,
    region: text,
    postcode,
    country: z.literal("AU"),
    /** Shown on the contact page under Location. */
    display: text,
  });
}

// ─── services.yaml ──────────────────────────────────────────────────────────
// The contact form's options are the list the relay checks against (src/forms/fields.ts); a service here must be one of them.
export const ServiceFormValue = z.enum(SERVICE_OPTIONS.map((o) => o.value));

export const Service = z.strictObject({
  /** The route is /services/{slug}. */
  slug,
  /** The value the contact form's Service Type select sends for this service. */
  formValue: ServiceFormValue,
  /** Full name, also the contact form option label, e.g. "Oven & BBQ Cleaning Brisbane". */
  name: text,
  /** Short name for menus, e.g. "Oven & BBQ Cleaning". */
  navLabel: text,
  seo: Seo,
  banner: z.strictObject({ title: text, description: text }),
  intro: z.strictObject({ heading: text, paragraphs: z.array(text).min(1), image: Image }),
  features: z.array(Point).length(3, { error: "a service page has exactly 3 feature cards" }),
  trustPoints: z.array(Point).length(4, { error: "a service page has exactly 4 trust points" }),
  cta: z.strictObject({ heading: text, text }),
  checklist: z.strictObject({
    heading: text,
    intro: text,
    groups: z.array(z.strictObject({ area: text, items: z.array(text).min(1) })).min(1),
  }),
  stats: z.array(Stat).min(3).max(4),
  closing: z.strictObject({ heading: text, text }),
});
export const ServicesFile = z.strictObject({ services: z.array(Service).length(6, { error: "there are exactly 6 services" }) });

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
  .regex(/^https:\/\/(?!\[|\d{1,3}(?:\.\d{1,3}){3}(?:[:/?#]|$))/, {
    error: (iss) => `${quoted(iss.input)} is a bare IP address, not a publisher's site: cite the page at its domain name`,
    abort: true,
  })
  .regex(/^https:\/\/[^/?#:@]+(?:[/?#]|$)/, {
    error: (iss) => `${quoted(iss.input)} names a port or a user: cite the page at its usual address, like "https://en.wikipedia.org/wiki/Annerley"`,
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
export const Source = z.strictObject({ citation, url: sourceUrl });

/** A published figure with where it came from; the site never shows a figure without a source. */
export const Figure = z.strictObject({
  value: text.describe('The figure as published, e.g. "$1.305 million".'),
  asOf: text.describe("When and by whom it was measured, e.g. \"Domain House Price Report, April 2025 (annual figure)\"."),
  source: sourceUrl,
  citation,
  /** Set when the source's figure is not a median (e.g. an average). */
  measure: text.optional().describe("Set when the source's figure is not a median (e.g. an average)."),
}).describe("A published figure and its source. Leave the whole field out when no reputable source publishes it: the page leaves that line out.");

export const School = z.strictObject({
  name: text.describe("The school's name as it writes it."),
  level: z.enum(["Primary", "Secondary", "Combined", "Tertiary"], {
    error: (iss) => `expected one of Primary, Secondary, Combined, Tertiary, got ${JSON.stringify(iss.input)}`,
  }).describe("Combined: primary and secondary years in one school."),
  type: z.enum(["Government", "Private", "Public"], {
    error: (iss) => `expected one of Government, Private, Public, got ${JSON.stringify(iss.input)}`,
  }).describe("Who runs it: Government (a state school), Private (independent or Catholic) or Public."),
  /** The suburb the school is in, when it is outside this one. */
  suburb: text.optional().describe("The suburb the school is in, when it is outside this one."),
  source: sourceUrl,
  citation,
});

export const Suburb = z.strictObject({
  /** The route is /suburbs/{slug}: the lowercase name with spaces turned to hyphens. */
  slug: slug.describe('The route is /suburbs/{slug}: the name in lowercase with spaces as hyphens ("upper-kedron"). The build checks that it matches the name and is not used twice.'),
  name: text.describe('The suburb\'s name as people write it, e.g. "Upper Kedron".'),
  postcode: postcode.describe('Four digits, e.g. "4055".'),
  population: z.strictObject({ value: z.string().regex(/^\d{1,3}(,\d{3})*$/, {
    error: (iss) => `expected a number with thousands separators such as "11,891", got ${JSON.stringify(iss.input)}`,
  }).describe('Residents, with thousands separators, e.g. "11,891".'), year: z.number().int().describe("The Census year, e.g. 2021."), source: sourceUrl, citation }).optional().describe("Residents at the Census, with its source."),
  distanceFromCbdKm: z.number().positive().optional().describe("Kilometres from the Brisbane CBD, e.g. 6.2."),
  areaKm2: z.number().positive().optional().describe("Area in square kilometres, e.g. 2.8."),
  /** Shown in the header's List of Suburbs. */
  header: z.boolean().default(true).describe("Shown in the header's List of Suburbs."),
  /** Shown in the home page's suburbs grid. */
  homeGrid: z.boolean().default(false).describe("Shown in the home page's suburbs grid."),
  seo: Seo,
  /** One or two sentences under the banner. */
  intro: text.describe("One or two sentences under the banner."),
  /** The three numbered points of "Best bond cleaning in {suburb}". */
  points: z.array(Point).length(3, { error: "a suburb page has exactly 3 numbered points" }).describe('The three numbered points of "Best Bond Cleaning in {suburb}". Quote only figures that have a source on this entry.'),
  /** The suburb description: paragraphs drawn from the suburb's own facts. */
  description: z.array(text).min(1).describe("The suburb description: paragraphs drawn from the suburb's own facts. Quote only figures that have a source on this entry."),
  medianHousePrice: Figure.optional(),
  medianRent: Figure.optional(),
  medianUnitPrice: Figure.optional(),
  medianUnitRent: Figure.optional(),
  schools: z.array(School).default([]).describe('The "Schools in and near" table; a school outside the suburb names its suburb.'),
  /** Slugs of neighbouring suburbs that have their own page. */
  nearby: z.array(slug).default([]).describe("Slugs of neighbouring suburbs that have their own page. Checked by the build, not by this schema: each must be the slug of another entry in this file."),
  /** Every page a fact on this suburb's page came from. */
  sources: z.array(Source).min(1).describe('Every page a fact on this suburb\'s page came from, shown as "Sources for the figures on this page". Checked by the build, not by this schema: each figure\'s and school\'s source must be listed here.'),
});
export const SuburbsFile = z.strictObject({ suburbs: z.array(Suburb).min(1) });

// ─── faq.yaml ───────────────────────────────────────────────────────────────
export const Faq = z.strictObject({ question: text, answer: text });
export const FaqFile = z.strictObject({ faq: z.array(Faq).length(10, { error: "the home page FAQ has exactly 10 questions" }) });

// ─── home.yaml ──────────────────────────────────────────────────────────────
export const ServiceCard = z.strictObject({ title: text, description: text, features: z.array(text).min(1), image: Image });
export const Testimonial = z.strictObject({
  name: text,
  role: text,
  content: text,
  rating: z.number().int().min(1).max(5),
});
export const HomeFile = z.strictObject({
  seo: Seo,
  hero: z.strictObject({ eyebrow: text, heading: text, text, highlights: z.array(text).min(1), formHeading: text, formText: text }),
  bondIntro: z.strictObject({ heading: text, paragraphs: z.array(text).min(1), points: z.array(text).min(1), image: Image }),
  services: z.strictObject({ heading: text, text, cards: z.array(ServiceCard).length(6, { error: "the home page has exactly 6 service cards" }) }),
  whyChooseUs: z.strictObject({ heading: text, text, reasons: z.array(Point).min(3), stats: z.array(Stat).length(4) }),
  faq: z.strictObject({ heading: text, text }),
  suburbs: z.strictObject({ heading: text, text }),
  testimonials: z.strictObject({ heading: text, text, items: z.array(Testimonial).length(3, { error: "the home page has exactly 3 testimonials" }) }),
});

// ─── about.yaml ─────────────────────────────────────────────────────────────
export const AboutFile = z.strictObject({
  seo: Seo,
  banner: z.strictObject({ title: text, description: text }),
  story: z.strictObject({ heading: text, paragraphs: z.array(text).min(1), image: Image }),
  whyChooseUs: z.strictObject({ heading: text, reasons: z.array(Point).min(3) }),
  vision: Point,
  mission: Point,
  strategy: Point,
  expertise: z.strictObject({ heading: text, text, stats: z.array(Stat).min(3), skills: z.array(text).min(1) }),
  quote: z.strictObject({ heading: text, text }),
});

// ─── contact.yaml ───────────────────────────────────────────────────────────
export const ContactFile = z.strictObject({
  seo: Seo,
  banner: z.strictObject({ title: text, description: text }),
  emailNote: text,
  formHeading: text,
  formText: text,
});

export type SiteData = z.infer<typeof Site>;
export type ServiceData = z.infer<typeof Service>;
export type SuburbData = z.infer<typeof Suburb>;
export type FaqData = z.infer<typeof Faq>;
export type HomeData = z.infer<typeof HomeFile>;
export type AboutData = z.infer<typeof AboutFile>;
export type ContactData = z.infer<typeof ContactFile>;
export type ImageData = z.infer<typeof Image>;
