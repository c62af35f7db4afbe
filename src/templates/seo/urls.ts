/**
 * Absolute addresses on the public site. Pages live at `<route>/index.html`, so
 * every canonical address ends in "/" exactly as the route does.
 */
import type { SiteData } from "../../content/content.ts";

/** site.yaml's url (or SITE_URL) without a trailing slash: "https://www.example.com.au". */
export const siteOrigin = (site: Pick<SiteData, "url">) => site.url.replace(/\/+$/, "");

/** "/about-us/" → "https://www.example.com.au/about-us/". */
export const absoluteUrl = (site: Pick<SiteData, "url">, path: string) => siteOrigin(site) + path;
