/**
 * The breadcrumb trail of a page, as [name, path] pairs from Home. One source
 * for the trail a visitor sees in the banner and the BreadcrumbList that
 * search engines read, so the two never disagree.
 */
import type { ServiceData, SuburbData } from "../../content/schema.ts";
import { servicePath, suburbPath } from "../../shared/paths.ts";

export type Crumb = [name: string, path: string];

const HOME: Crumb = ["Home", "/"];

export const serviceTrail = (s: ServiceData): Crumb[] => [HOME, [s.name, servicePath(s)]];

/** Names the suburb with its postcode, as a searcher types it. */
export const suburbTrail = (s: SuburbData): Crumb[] => [
  HOME,
  [`Bond Cleaning ${s.name} ${s.postcode}`, suburbPath(s)],
];
