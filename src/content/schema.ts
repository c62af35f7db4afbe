/**
 * One zod schema per file in content/. The TypeScript types of the whole site
 * are inferred from these, so a field exists in exactly one place.
 *
 * Messages are written for the person editing the YAML: what was expected and
 * what was found, never zod's internal codes.
 */
import { z } from "zod";

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
export const Point = z.strictObject({ title: text, text });
/** An image that ships with the content: a file in content/images/. */
export const Image = z.strictObject({
  src: z.string().regex(/^[a-z0-9-]+\.(svg|png|jpe?g|webp|avif)$/, {
    error: (iss) => `expected a file name in content/images/ such as "bond-cleaning.svg", got ${JSON.stringify(iss.input)}`,
  }),
  alt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
/** Title and meta description of one page, written for a searcher. */
export const Seo = z.strictObject({
  title: text.max(70, { error: (iss) => `keep the title under 70 characters (it has ${String(iss.input).length})` }),
  description: text.max(170, { error: (iss) => `keep the description under 170 characters (it has ${String(iss.input).length})` }),
});

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
export const ServiceFormValue = z.enum([
  "bond-cleaning",
  "spring-cleaning",
  "office-cleaning",
  "oven-bbq-cleaning",
  "house-cleaning",
  "carpet-cleaning",
]);

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
/** A published figure with where it came from; the site never shows a figure without a source. */
export const Figure = z.strictObject({
  value: text,
  asOf: text,
  source: url,
  /** Set when the source's figure is not a median (e.g. an average). */
  measure: text.optional(),
});

export const School = z.strictObject({
  name: text,
  level: z.enum(["Primary", "Secondary", "Combined", "Tertiary"], {
    error: (iss) => `expected one of Primary, Secondary, Combined, Tertiary, got ${JSON.stringify(iss.input)}`,
  }),
  type: z.enum(["Government", "Private", "Public"], {
    error: (iss) => `expected one of Government, Private, Public, got ${JSON.stringify(iss.input)}`,
  }),
  /** The suburb the school is in, when it is outside this one. */
  suburb: text.optional(),
  source: url,
});

export const Suburb = z.strictObject({
  /** The route is /suburbs/{slug}: the lowercase name with spaces turned to hyphens. */
  slug,
  name: text,
  postcode,
  population: z.strictObject({ value: z.string().regex(/^\d{1,3}(,\d{3})*$/, {
    error: (iss) => `expected a number with thousands separators such as "11,891", got ${JSON.stringify(iss.input)}`,
  }), year: z.number().int(), source: url }).optional(),
  distanceFromCbdKm: z.number().positive().optional(),
  areaKm2: z.number().positive().optional(),
  /** Shown in the header's List of Suburbs. */
  header: z.boolean().default(true),
  /** Shown in the home page's suburbs grid. */
  homeGrid: z.boolean().default(false),
  seo: Seo,
  /** One or two sentences under the banner. */
  intro: text,
  /** The three numbered points of "Best bond cleaning in {suburb}". */
  points: z.array(Point).length(3, { error: "a suburb page has exactly 3 numbered points" }),
  /** The suburb description: paragraphs drawn from the suburb's own facts. */
  description: z.array(text).min(1),
  medianHousePrice: Figure.optional(),
  medianRent: Figure.optional(),
  medianUnitPrice: Figure.optional(),
  medianUnitRent: Figure.optional(),
  schools: z.array(School).default([]),
  /** Slugs of neighbouring suburbs that have their own page. */
  nearby: z.array(slug).default([]),
  /** Every page a fact on this suburb's page came from. */
  sources: z.array(url).min(1),
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
