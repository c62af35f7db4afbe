/**
 * Where a lead came from: the page its form was sent from, the first page of
 * the visit, where the visit came from, and the campaign tags on its first
 * address. The browser keeps them in sessionStorage until a form is sent
 * (src/browser/forms/attribution.ts) and posts them with the form; the relay
 * keeps them with the lead and shows them in one line of the notice. Nothing
 * about the person: no cookie, no address, no full referrer, only its host's
 * name or kind. Shared by the browser (names, the source's words) and the
 * relay (the check).
 */
import { cutText, oneLine } from "../text.ts";

/** The fields a form posts beside what the visitor typed. */
export const ATTRIBUTION_FIELDS = [
  "page",
  "landing",
  "landingName",
  "source",
  "utm_source",
  "utm_medium",
  "utm_campaign",
] as const;
export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];
export type Attribution = Partial<Record<AttributionField, string>>;

/** Longest value kept per field: a path, a page's name, a host, a tag. */
export const ATTRIBUTION_MAX = 200;

const SEARCH: [RegExp, string][] = [
  [/(^|\.)google\./, "Google search"],
  [/(^|\.)bing\.com$/, "Bing search"],
  [/(^|\.)duckduckgo\.com$/, "DuckDuckGo search"],
  [/(^|\.)search\.yahoo\.com$|(^|\.)yahoo\.com$/, "Yahoo search"],
  [/(^|\.)ecosia\.org$/, "Ecosia search"],
  [/(^|\.)search\.brave\.com$/, "Brave search"],
];
const SOCIAL: [RegExp, string][] = [
  [/(^|\.)facebook\.com$|(^|\.)fb\.com$|^l\.facebook\.com$/, "Facebook"],
  [/(^|\.)instagram\.com$/, "Instagram"],
  [/(^|\.)linkedin\.com$|^lnkd\.in$/, "LinkedIn"],
  [/(^|\.)t\.co$|(^|\.)twitter\.com$|(^|\.)x\.com$/, "X (Twitter)"],
  [/(^|\.)reddit\.com$/, "Reddit"],
  [/(^|\.)youtube\.com$/, "YouTube"],
  [/(^|\.)tiktok\.com$/, "TikTok"],
  [/(^|\.)nextdoor\.com(\.au)?$/, "Nextdoor"],
];

/**
 * Where a visit came from, in words, from the referrer's host only: a search engine by name, a
 * social site, another site's host, or "direct" (no referrer, or this site itself).
 */
export function sourceOf(referrerHost: string, ownHost: string): string {
  const host = referrerHost.toLowerCase().replace(/^www\./, "");
  if (!host || host === ownHost.toLowerCase().replace(/^www\./, "")) return "direct";
  for (const [pattern, name] of [...SEARCH, ...SOCIAL]) if (pattern.test(host)) return name;
  return host;
}

/**
 * One line of well-formed text, at most ATTRIBUTION_MAX UTF-16 units, cut by code point: what the relay keeps
 * of a posted value.
 */
export function attributionValue(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const clean = cutText(oneLine(value).trim(), ATTRIBUTION_MAX);
  return clean === "" ? undefined : clean;
}

/** The attribution fields of a post, each kept only if it makes sense (paths start with one /). */
export function attributionOf(fields: Record<string, unknown>): Attribution {
  const out: Attribution = {};
  for (const name of ATTRIBUTION_FIELDS) {
    const value = attributionValue(fields[name]);
    if (value === undefined) continue;
    if ((name === "page" || name === "landing") && !/^\/(?![/\\])/.test(value)) continue;
    out[name] = value;
  }
  return out;
}

/**
 * The notice's line: the visit's first page, where the visit came from, its campaign tags, and the
 * page the form was sent from when that is another, e.g. "Bond Cleaning Quokka Flats page · Google
 * search · utm gbp · sent from /"; undefined with nothing known.
 */
export function attributionLine(a: Attribution): string | undefined {
  const landing = a.landingName ? `${a.landingName} page` : a.landing;
  const utm = [a.utm_source, a.utm_medium, a.utm_campaign].filter(Boolean).join(" / ");
  const sentFrom = a.page && (a.page !== a.landing || !landing) ? `sent from ${a.page}` : undefined;
  const parts = [landing, a.source, utm ? `utm ${utm}` : undefined, sentFrom].filter(Boolean);
  return parts.length ? parts.join(" · ") : undefined;
}
