/**
 * The site's facts (site.ts) as the Worker's variables: `npm run relay:deploy`
 * sets them from content/ with each deployment (scripts/relay.ts), and the
 * Worker reads them back; nothing of the site is typed into relay/wrangler.toml
 * (decision 0058). The facts are one JSON, SITE_FACTS, continued in
 * SITE_FACTS_2, _3 … past one variable's size. A Worker deployed without them
 * (a bare `wrangler deploy`) counts no call tap, names no phone, and keeps the
 * default hours in UTC.
 */
import { HoursLines } from "../config.ts";
import type { BusinessFacts, SiteFacts } from "../site.ts";
import type { SiteServices } from "../../shared/forms/quote-details.ts";
import { SHADES, shadeKey, type BrandColours } from "../../shared/colours.ts";
import type { PriceTable } from "../../shared/pricing/table.ts";
import type { BookingRules } from "../booking/days.ts";
import { clockIn } from "../clock.ts";

export const FACTS_VAR = "SITE_FACTS";
/**
 * Cloudflare keeps a variable of at most 5 KB (https://developers.cloudflare.com/workers/platform/limits/); a
 * little under it.
 */
export const VAR_BYTES = 5_000;

const factsVar = (n: number) => (n === 1 ? FACTS_VAR : `${FACTS_VAR}_${n}`);

/** The variables `npm run relay:deploy` gives the Worker: the facts' JSON in pieces of at most VAR_BYTES. */
export function siteVars(facts: SiteFacts): Record<string, string> {
  const vars: Record<string, string> = {};
  let [piece, used, n] = ["", 0, 1];
  // Never cutting a character: a piece ends before one that would pass VAR_BYTES.
  for (const char of JSON.stringify(facts)) {
    const size = new TextEncoder().encode(char).length;
    if (used + size > VAR_BYTES) [vars[factsVar(n++)], piece, used] = [piece, "", 0];
    piece += char;
    used += size;
  }
  vars[factsVar(n)] = piece;
  return vars;
}

/**
 * The site's facts from the Worker's variables: each one missing or malformed is left out (site.ts then falls
 * back), and pieces that do not join into JSON are no facts at all.
 */
export function siteFromVars(env: Record<string, unknown>): Partial<SiteFacts> {
  let json = "";
  for (let n = 1; typeof env[factsVar(n)] === "string"; n++) json += env[factsVar(n)] as string;
  // Set under [vars] in wrangler.toml, the variable is already a value.
  const facts = (typeof env[FACTS_VAR] === "object" ? env[FACTS_VAR] : parsed(json)) as
    Record<string, unknown> | undefined;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  const hours = HoursLines.safeParse(facts?.hours);
  const pages = facts?.pages;
  const prices = facts?.prices as Partial<PriceTable> | undefined;
  return {
    phone: text(facts?.phone),
    landline: text(facts?.landline),
    hours: hours.success ? hours.data : undefined,
    timeZone: zone(facts?.timeZone),
    pages: Array.isArray(pages) && pages.every((p) => typeof p === "string") ? pages : undefined,
    // A table that is not whole is none: the notice then carries no estimate.
    prices:
      prices?.gstIncluded === true && typeof prices.reviewed === "string" && Array.isArray(prices.services)
        ? (prices as PriceTable)
        : undefined,
    // Services that are not whole are none: the relay then takes any service, and names it as posted.
    services: servicesOf(facts?.services),
    colours: isColours(facts?.colours) ? facts.colours : undefined,
    emailProvider:
      facts?.emailProvider === "resend" || facts?.emailProvider === "none" ? facts.emailProvider : undefined,
    business: isBusiness(facts?.business) ? facts.business : undefined,
    booking: bookingRules(facts?.booking),
  };
}

/** The business as site-facts.ts gives it: a name, an https address, the hours it replies within. */
function isBusiness(value: unknown): value is BusinessFacts {
  const b = value as Partial<BusinessFacts> | undefined;
  return (
    typeof b?.name === "string" &&
    b.name !== "" &&
    typeof b.url === "string" &&
    /^https:\/\//.test(b.url) &&
    Number.isInteger(b.replyWithinHours)
  );
}

/** Colours as site.yaml gives them: each shade a colour such as "#0f766e". */
function isColours(value: unknown): value is BrandColours {
  const hex = (v: unknown) => typeof v === "string" && /^#[0-9a-f]{6}$/i.test(v);
  const c = value as Partial<BrandColours> | undefined;
  return (
    !!c &&
    SHADES.brand.every((s) => hex(c.brand?.[shadeKey(s)])) &&
    SHADES.accent.every((s) => hex(c.accent?.[shadeKey(s)])) &&
    hex(c.highlight)
  );
}

function servicesOf(value: unknown): SiteServices | undefined {
  const site = value as Partial<SiteServices> | undefined;
  return site && Array.isArray(site.services) && Array.isArray(site.addOns)
    ? (site as SiteServices)
    : undefined;
}

/** A time zone the clock can keep (clock.ts), or undefined. */
function zone(value: unknown): string | undefined {
  try {
    return typeof value === "string" ? clockIn(value).timeZone : undefined;
  } catch {
    return undefined;
  }
}

function parsed(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** The booking rules as SITE_FACTS carries them; undefined (the defaults) when any is missing or odd. */
function bookingRules(value: unknown): BookingRules | undefined {
  const r = value as Partial<Record<keyof BookingRules, unknown>> | undefined;
  const whole = (v: unknown) => Number.isSafeInteger(v) && (v as number) > 0;
  if (!r || !whole(r.quoteValidDays) || !whole(r.jobsPerDay) || !whole(r.noticeDays) || !whole(r.weeksAhead))
    return undefined;
  const blocked = Array.isArray(r.blockedDays) ? r.blockedDays.filter((d) => typeof d === "string") : [];
  return {
    quoteValidDays: r.quoteValidDays as number,
    jobsPerDay: r.jobsPerDay as number,
    noticeDays: r.noticeDays as number,
    weeksAhead: r.weeksAhead as number,
    blockedDays: blocked,
  };
}
