/**
 * The breadcrumb trail of a page, as [name, path] pairs from Home. One source
 * for the trail a visitor sees in the banner and the BreadcrumbList that
 * search engines read, so the two never disagree.
 */
import type { Content, ServiceData, SuburbData } from "../../content/content.ts";
import { filledText, suburbValues } from "../placeholders.tsx";
import { servicePath, suburbPath } from "../../shared/paths.ts";

export type Crumb = [name: string, path: string];

const HOME: Crumb = ["Home", "/"];

export const serviceTrail = (s: ServiceData): Crumb[] => [HOME, [s.name, servicePath(s)]];

/** The suburb page's heading (suburb-pages.yaml's title), naming the suburb as a searcher types it. */
export const suburbTrail = (
  s: SuburbData,
  { site, suburbPages }: Pick<Content, "site" | "suburbPages">,
): Crumb[] => [HOME, [filledText(suburbPages.title, suburbValues(s, site.claims)), suburbPath(s)]];
