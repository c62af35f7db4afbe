/**
 * Structured data (schema.org JSON-LD) for each route, built from the content
 * and the route list. Every indexable page describes the business; service
 * pages add a Service and a BreadcrumbList, suburb pages a BreadcrumbList.
 *
 * No FAQPage: since August 2023 Google shows FAQ rich results only for
 * well-known government and health sites, so for this business it was about
 * 320 bytes (gzip) of the home page's 14 KB first-paint budget for nothing a
 * searcher would see; the room now holds the home page's photos (decision 0020).
 *
 * No aggregateRating or review about the business itself: Google ignores such
 * self-serving stars (since 2019) and treats them as spam.
 */
import type { Content } from "../../content/content.ts";
import type { ServiceData, SiteData } from "../../content/content.ts";
import { abnDigits } from "../../content/abn.ts";
import { isIndexable, type Route } from "../../content/routes.ts";
import { internationalPhone } from "../../shared/phone.ts";
import { MANIFEST_ICONS, OG_IMAGE } from "./brand.ts";
import { serviceTrail, suburbTrail, type Crumb } from "./breadcrumbs.ts";
import { absoluteUrl } from "./urls.ts";

type Node = Record<string, unknown>;

/** The page's JSON-LD: one graph, or undefined for the 404. */
export function structuredData(route: Route, content: Content): Node | undefined {
  if (!isIndexable(route)) return undefined;
  const graph: Node[] = [business(content.site)];
  switch (route.kind) {
    case "service":
      graph.push(service(content, route.service, route.path));
      graph.push(breadcrumbs(content.site, serviceTrail(route.service)));
      break;
    case "suburb":
      graph.push(breadcrumbs(content.site, suburbTrail(route.suburb, content)));
      break;
  }
  return { "@context": "https://schema.org", "@graph": graph };
}

export const businessId = (site: SiteData) => absoluteUrl(site, "/#business");

function business(site: SiteData): Node {
  return {
    "@type": site.businessType,
    "@id": businessId(site),
    name: site.name,
    // The registered name and ABN, once site.yaml has them (schema.org legalName and taxID, the ABN as its 11
    // digits).
    ...(site.legalName && { legalName: site.legalName }),
    ...(site.abn && { taxID: abnDigits(site.abn) }),
    description: site.tagline,
    url: absoluteUrl(site, "/"),
    telephone: internationalPhone(site.phone),
    email: site.email,
    image: absoluteUrl(site, OG_IMAGE.path),
    logo: absoluteUrl(site, MANIFEST_ICONS[1].src),
    // A service-area business: it visits homes, so it publishes no street address or map pin.
    address: {
      "@type": "PostalAddress",
      addressLocality: site.location.locality,
      addressRegion: site.location.region,
      postalCode: site.location.postcode,
      addressCountry: site.location.country,
    },
    areaServed: { "@type": "City", name: site.location.locality },
    openingHoursSpecification: site.hours
      .filter((h) => h.opens && h.closes)
      .map((h) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: h.days,
        opens: h.opens,
        closes: h.closes,
      })),
    // The owner's own word on their prices, once site.yaml has it: never a level the site guessed.
    ...(site.priceRange && { priceRange: site.priceRange }),
  };
}

/**
 * Where the site publishes an image: an SVG at its copy in /images/, a photo at the largest copy of
 * its fallback format (JPEG, which every reader of structured data takes). The original of a photo
 * is not published (its camera data stays behind), so its name under /images/ would be a 404.
 */
function publishedImage(images: Content["images"], src: string): string {
  const file = images[src];
  if (!file) return `/images/${src}`;
  return file.kind === "svg" ? file.src : file.formats.at(-1)!.files.at(-1)!.src;
}

function service({ site, images }: Content, s: ServiceData, path: string): Node {
  return {
    "@type": "Service",
    "@id": absoluteUrl(site, `${path}#service`),
    name: s.name,
    serviceType: s.navLabel,
    description: s.seo.description,
    url: absoluteUrl(site, path),
    image: absoluteUrl(site, publishedImage(images, s.intro.image.src)),
    provider: { "@id": businessId(site) },
    areaServed: { "@type": "City", name: site.location.locality },
  };
}

function breadcrumbs(site: SiteData, trail: Crumb[]): Node {
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map(([name, path], i) => ({
      "@type": "ListItem",
      position: i + 1,
      name,
      item: absoluteUrl(site, path),
    })),
  };
}

/**
 * JSON for inside a <script> element: "<" is escaped so no string in the
 * content can close the element early.
 */
export const jsonForScript = (data: unknown) => JSON.stringify(data).replace(/</g, "\\u003c");
