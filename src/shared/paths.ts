/**
 * The site's fixed paths, for the server's templates and the browser's
 * islands alike. The page list itself is content/routes.ts.
 */

export const ABOUT_PATH = "/about-us/";
export const CONTACT_PATH = "/contact-us/";
/**
 * The privacy policy and the terms: the footer, every form's collection notice and every "terms apply" link
 * to them.
 */
export const PRIVACY_PATH = "/privacy-policy/";
export const TERMS_PATH = "/terms/";
/**
 * The quote page (issue 42): every Get a Quote but the home page's own leads here; `?service=` preselects a
 * service.
 */
export const QUOTE_PATH = "/quote/";
export const quotePath = (service?: string) => (service ? `${QUOTE_PATH}?service=${service}` : QUOTE_PATH);
export const servicePath = (s: { slug: string }) => `/services/${s.slug}/`;
export const suburbPath = (s: { slug: string }) => `/suburbs/${s.slug}/`;

/**
 * The sections of the home page that header buttons scroll to, and the quote form in its hero ("quote"),
 * where other pages' Get a Quote leads.
 */
export type HomeSection = "home" | "quote" | "services" | "about" | "faq" | "suburbs" | "testimonials";
export const homeSection = (id: HomeSection) => `/#${id}`;

/** The desktop navigation's two lists: the server renders them, the NavMenu island opens them. */
export type NavList = "services" | "suburbs";
export const navListId = (id: NavList) => `nav-${id}-list`;
