/**
 * The quote page's details in the owner's notice: the service on a line of
 * its own, the job in one readable block ("House · 3 bed · 2 bath · 2 storeys
 * · move-out Fri 12 Dec, morning · add-ons: carpet ×3, oven"), and the
 * estimate the relay worked out from the owner's price table (never the
 * browser's). Nothing at all for a post without details (the home hero's).
 */
import { serviceName } from "../../shared/forms/fields.ts";
import {
  addOnCounts,
  addOnShort,
  type QuoteDetails,
  type SiteServices,
} from "../../shared/forms/quote-details.ts";
import { estimate } from "../../shared/pricing/estimate.ts";
import { noticeLine } from "../../shared/pricing/format.ts";
import { PROPERTY_TYPES, type EstimateChoices, type PriceTable } from "../../shared/pricing/table.ts";

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * "2026-12-12" as "Fri 12 Dec": written out, as the estimate's dates are, not left to Intl (runtimes differ).
 */
export function shortDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return `${DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

const plural = (n: string, one: string) => `${n} ${one}${n === "1" ? "" : "s"}`;

/** The chosen service's word for the day (services.yaml's noticeDay, "move-out"), else "preferred". */
const noticeDay = (site: SiteServices | undefined, service: string | undefined) =>
  site?.services.find((s) => s.value === service)?.noticeDay ?? "preferred";

/**
 * The job in one line, its parts joined by " · "; undefined when the visitor gave none. `site` gives the
 * add-ons' words and the chosen service's word for its day ("move-out").
 */
export function detailsBlock(d: Partial<QuoteDetails>, site?: SiteServices): string | undefined {
  const parts: string[] = [];
  const type = PROPERTY_TYPES.find((p) => p.value === d.propertyType);
  if (type) parts.push(type.label);
  if (d.bedrooms) parts.push(`${d.bedrooms} bed`);
  if (d.bathrooms) parts.push(`${d.bathrooms} bath`);
  if (d.storeys) parts.push(plural(d.storeys, "storey"));
  const time = d.timeWindow === "flexible" ? "flexible time" : d.timeWindow;
  if (d.date) parts.push(`${noticeDay(site, d.service)} ${shortDay(d.date)}${time ? `, ${time}` : ""}`);
  else if (time) parts.push(time);
  const addOns = Object.entries(addOnCounts(d.addOns ?? ""));
  if (addOns.length)
    parts.push(
      `add-ons: ${addOns.map(([id, n]) => (n > 1 ? `${addOnShort(site, id)} ×${n}` : addOnShort(site, id))).join(", ")}`,
    );
  return parts.length ? parts.join(" · ") : undefined;
}

/** What the estimate is asked: the visitor's choices as posted, counts as numbers. */
export function estimateChoices(d: Partial<QuoteDetails>): EstimateChoices {
  const count = (v: string | undefined) => (v ? Number(v) : undefined);
  return {
    service: d.service || undefined,
    propertyType: d.propertyType || undefined,
    bedrooms: count(d.bedrooms),
    bathrooms: count(d.bathrooms),
    storeys: count(d.storeys),
    addOns: addOnCounts(d.addOns ?? ""),
  };
}

/**
 * The notice's estimate line from the built table, or undefined without a table or without prices for the
 * service.
 */
export function estimateText(prices: PriceTable | undefined, d: Partial<QuoteDetails>): string | undefined {
  return prices && noticeLine(estimate(prices, estimateChoices(d)));
}

/** The notice's lines for the details: [label, text] pairs, in order. */
export function detailLines(
  d: Partial<QuoteDetails>,
  estimateLine: string | undefined,
  site?: SiteServices,
): [string, string][] {
  const service = d.service ? serviceName(site?.services ?? [], d.service) : undefined;
  const block = detailsBlock(d, site);
  return [
    ...(service ? [["Service", service] as [string, string]] : []),
    ...(block ? [["Details", block] as [string, string]] : []),
    ...(estimateLine ? [["Estimate", estimateLine] as [string, string]] : []),
  ];
}
