/**
 * The one route list. It feeds the build, the navigation, the sitemap and the
 * browser tests: a page exists because it is here.
 *
 * Pages are written as `<path>/index.html`, so every path but "/" ends in a
 * slash; the server and static hosts answer the slash-less form too.
 */
import type { Content } from "./content.ts";
import type { ServiceData, SuburbData } from "./content.ts";
import {
  ABOUT_PATH,
  CONTACT_PATH,
  PRIVACY_PATH,
  QUOTE_PATH,
  servicePath,
  suburbPath,
  TERMS_PATH,
} from "../shared/paths.ts";

export type Route =
  | { kind: "home"; path: "/" }
  | { kind: "service"; path: string; service: ServiceData }
  | { kind: "about"; path: typeof ABOUT_PATH }
  | { kind: "contact"; path: typeof CONTACT_PATH }
  | { kind: "quote"; path: typeof QUOTE_PATH }
  | { kind: "suburb"; path: string; suburb: SuburbData }
  | { kind: "privacy"; path: typeof PRIVACY_PATH }
  | { kind: "terms"; path: typeof TERMS_PATH }
  | { kind: "notFound"; path: "/404.html" };

export type RouteKind = Route["kind"];

/**
 * Every page, in the order a visitor meets them, the two the footer's fine print links to, then the 404 page.
 */
export function routes(content: Content): Route[] {
  return [
    { kind: "home", path: "/" },
    ...content.services.map((service) => ({ kind: "service" as const, path: servicePath(service), service })),
    { kind: "about", path: ABOUT_PATH },
    { kind: "contact", path: CONTACT_PATH },
    { kind: "quote", path: QUOTE_PATH },
    ...content.suburbs.map((suburb) => ({ kind: "suburb" as const, path: suburbPath(suburb), suburb })),
    { kind: "privacy", path: PRIVACY_PATH },
    { kind: "terms", path: TERMS_PATH },
    { kind: "notFound", path: "/404.html" },
  ];
}

/** The first page of each kind, in route order: what the audit and screenshot scripts look at. */
export function onePerKind(content: Content): Route[] {
  const seen = new Set<RouteKind>();
  return routes(content).filter((r) => !seen.has(r.kind) && seen.add(r.kind));
}

/** The file a route is written to, relative to dist/. */
export function outputFile(route: Route): string {
  if (route.kind === "notFound") return "404.html";
  return route.path === "/" ? "index.html" : `${route.path.slice(1)}index.html`;
}

/** Pages that search engines should index (all but the 404). */
export const isIndexable = (route: Route) => route.kind !== "notFound";

/**
 * Pages that show phones the Call · Get a Quote bar once scrolled (src/templates/CallBar.tsx): the ones that
 * sell.
 */
export const hasCallBar = (route: Route) =>
  route.kind === "home" || route.kind === "service" || route.kind === "suburb";

/**
 * Once per suburb list, not once per page: with thousands of suburbs the header's filter on every page was a
 * build's largest cost after React.
 */
const perSuburbList = <T>(pick: (suburbs: Content["suburbs"]) => T) => {
  const cache = new WeakMap<Content["suburbs"], T>();
  return (content: Content): T => {
    let value = cache.get(content.suburbs);
    if (value === undefined) cache.set(content.suburbs, (value = pick(content.suburbs)));
    return value;
  };
};
export const headerSuburbs = perSuburbList((suburbs) => suburbs.filter((s) => s.header));
export const homeGridSuburbs = perSuburbList((suburbs) => suburbs.filter((s) => s.homeGrid));
