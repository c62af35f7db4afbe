/**
 * One zod schema per file in content/, each in src/content/schema/ under the
 * file's name (the pieces several files share in common.ts). The TypeScript
 * types of the whole site are inferred from these, so a field exists in
 * exactly one place. Everything else imports the schemas from here.
 *
 * Messages are written for the person editing the YAML: what was expected and
 * what was found, never zod's internal codes.
 */
export { Image, Point, Seo, Stat, type ImageData } from "./schema/common.ts";
export { Hours, Site, type SiteData } from "./schema/site.ts";
export { Service, ServiceFormValue, ServicesFile, type ServiceData } from "./schema/services.ts";
export { Figure, School, Source, Suburb, SuburbsFile, type SuburbData } from "./schema/suburbs.ts";
export { Faq, FaqFile, type FaqData } from "./schema/faq.ts";
export { HomeFile, ServiceCard, Testimonial, type HomeData } from "./schema/home.ts";
export { AboutFile, type AboutData } from "./schema/about.ts";
export { ContactFile, type ContactData } from "./schema/contact.ts";
export { QuoteFile, type QuoteData } from "./schema/quote.ts";
export { EMAIL_PROVIDERS, LegalPageFile, PrivacyPageFile, type LegalPageData } from "./schema/legal.ts";
export { asPriceTable, PricingFile, type PricingData } from "./schema/pricing.ts";
export { BookingFile, isoDay, type BookingData } from "./schema/booking.ts";
