/**
 * The site's facts (site.ts) as the Worker's variables: `npm run relay:deploy`
 * sets them from content/ with each deployment (scripts/relay.ts), and the
 * Worker reads them back; nothing of the site is typed into relay/wrangler.toml
 * (decision 0058). SITE_FACTS holds the numbers and the opening hours as JSON;
 * the pages are SITE_PAGES, continued in SITE_PAGES_2, _3 … past one
 * variable's size. A Worker deployed without them (a bare `wrangler deploy`)
 * counts no call tap, names no phone and keeps the default hours.
 */
import { HoursLines } from "../config.ts";
import type { SiteFacts } from "../site.ts";
import type { PriceTable } from "../../shared/pricing/table.ts";
import type { BookingRules } from "../booking/days.ts";

export const FACTS_VAR = "SITE_FACTS";
export const PAGES_VAR = "SITE_PAGES";
/**
 * The owner's price table as JSON, cut into SITE_PRICES, SITE_PRICES_2 … each under VAR_BYTES; absent without
 * one.
 */
export const PRICES_VAR = "SITE_PRICES";
/**
 * Cloudflare keeps a variable of at most 5 KB (https://developers.cloudflare.com/workers/platform/limits/); a
 * little under it.
 */
export const VAR_BYTES = 5_000;

const pagesVar = (n: number) => (n === 1 ? PAGES_VAR : `${PAGES_VAR}_${n}`);
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** The variables `npm run relay:deploy` gives the Worker for this site, none over VAR_BYTES. */
export function siteVars({
  phone,
  landline,
  hours,
  pages,
  prices,
  emailProvider,
  booking,
}: SiteFacts): Record<string, string> {
  const vars: Record<string, string> = {
    [FACTS_VAR]: JSON.stringify({ phone, landline, hours, emailProvider, booking }),
    ...(prices ? pricesVars(prices) : {}),
  };
  let chunk: string[] = [];
  // "[" now; each page adds its JSON and then a comma or the closing "]".
  let used = 1;
  let n = 1;
  const flush = () => {
    vars[pagesVar(n++)] = JSON.stringify(chunk);
    [chunk, used] = [[], 1];
  };
  for (const page of pages) {
    const size = utf8Bytes(JSON.stringify(page)) + 1;
    if (chunk.length && used + size > VAR_BYTES) flush();
    chunk.push(page);
    used += size;
  }
  flush();
  return vars;
}

/**
 * The site's facts from the Worker's variables: each one missing or malformed is left out (site.ts then falls
 * back).
 */
export function siteFromVars(env: Record<string, unknown>): Partial<SiteFacts> {
  const facts = parsed(env[FACTS_VAR]) as
    | { phone?: unknown; landline?: unknown; hours?: unknown; emailProvider?: unknown; booking?: unknown }
    | undefined;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  const hours = HoursLines.safeParse(facts?.hours);
  let pages: string[] | undefined = [];
  for (let n = 1; env[pagesVar(n)] !== undefined && pages; n++) {
    const chunk = parsed(env[pagesVar(n)]);
    pages =
      Array.isArray(chunk) && chunk.every((page) => typeof page === "string")
        ? [...pages, ...chunk]
        : undefined;
  }
  const emailProvider =
    facts?.emailProvider === "resend" || facts?.emailProvider === "none" ? facts.emailProvider : undefined;
  return {
    phone: text(facts?.phone),
    landline: text(facts?.landline),
    hours: hours.success ? hours.data : undefined,
    pages,
    prices: pricesFromVars(env),
    emailProvider,
    booking: bookingRules(facts?.booking),
  };
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

const pricesVar = (n: number) => (n === 1 ? PRICES_VAR : `${PRICES_VAR}_${n}`);

/** The table's JSON in pieces of at most VAR_BYTES, never cutting a character. */
export function pricesVars(prices: PriceTable): Record<string, string> {
  const vars: Record<string, string> = {};
  let [piece, used, n] = ["", 0, 1];
  for (const char of JSON.stringify(prices)) {
    const size = utf8Bytes(char);
    if (used + size > VAR_BYTES) [vars[pricesVar(n++)], piece, used] = [piece, "", 0];
    piece += char;
    used += size;
  }
  vars[pricesVar(n)] = piece;
  return vars;
}

/**
 * The table from its pieces; undefined when there is none or it is not whole (the notice then carries no
 * estimate).
 */
function pricesFromVars(env: Record<string, unknown>): PriceTable | undefined {
  let json = "";
  for (let n = 1; typeof env[pricesVar(n)] === "string"; n++) json += env[pricesVar(n)] as string;
  if (json === "") return undefined;
  const table = parsed(json) as Partial<PriceTable> | undefined;
  return table &&
    table.gstIncluded === true &&
    typeof table.reviewed === "string" &&
    Array.isArray(table.services)
    ? (table as PriceTable)
    : undefined;
}

/**
 * A variable's JSON, as a variable set with --var holds it (or already a value, as [vars] in wrangler.toml
 * can give it).
 */
function parsed(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
