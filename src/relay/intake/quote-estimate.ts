/**
 * The relay's own estimate for a quote request and its check of the add-ons:
 * from the visitor's choices and the price table the site was built with
 * (decision 0061), never a figure the browser sent.
 */
import {
  ADD_ON_MOST,
  ADD_ON_PREFIX,
  type QuoteDetails,
  type QuoteOffer,
} from "../../shared/forms/quote-details.ts";
import { estimate } from "../../shared/pricing/estimate.ts";
import { noticeLine } from "../../shared/pricing/format.ts";
import type { PriceTable } from "../../shared/pricing/table.ts";
import { estimateChoices } from "../telegram/quote-details.ts";

/**
 * The notice's estimate line and, when it is a figure, its total in cents; empty without a table or prices
 * for the service.
 */
export function quoteEstimate(
  prices: PriceTable | undefined,
  d: Partial<QuoteDetails>,
): { line?: string; cents?: number } {
  if (!prices) return {};
  const result = estimate(prices, estimateChoices(d));
  return { line: noticeLine(result), cents: result?.kind === "price" ? result.totalCents : undefined };
}

/**
 * The add-ons the quote page offers for `service` and the most of each it takes (quoteOffer, which
 * draws the page, reads them from the site and its price table: a priced service's most is the
 * table's). No service chosen, or one the site does not offer: every add-on some service offers, up to
 * the largest most any of them takes.
 */
function offered(offer: QuoteOffer, prices: PriceTable | undefined, service: string): Map<string, number> {
  const forService = (value: string): [string, number][] => {
    const priced = prices?.services.find((s) => s.service === value);
    if (priced) return priced.addOns.map((a) => [a.id, a.max]);
    const ids = offer.services.find((s) => s.value === value)?.addOns ?? [];
    return offer.addOns.filter((a) => ids.includes(a.id)).map((a) => [a.id, a.max]);
  };
  if (offer.services.some((s) => s.value === service)) return new Map(forService(service));
  const most = new Map<string, number>();
  for (const { value } of offer.services)
    for (const [id, max] of forService(value)) most.set(id, Math.max(max, most.get(id) ?? 0));
  return most;
}

/**
 * The add-on fields (`addOn.ID`) of a quote post holding what the form does not offer, by name:
 * each chosen one must be one whole number (a tick box posts "1", a count its number; "" and "0"
 * are not chosen), no more than the form's most for it, of an add-on the chosen service offers.
 * So `addOn.carpet-steam=99` is not kept as "carpet ×99" beside an estimate for 6, and
 * `addOn.oven="1 walls:5"` is not read as two add-ons.
 */
export function refusedAddOns(
  offer: QuoteOffer,
  prices: PriceTable | undefined,
  fields: Record<string, unknown>,
  service: string,
): string[] {
  const most = offered(offer, prices, service);
  // A relay told nothing of the site's services takes any add-on, as it takes any service.
  const told = offer.services.length > 0;
  return Object.entries(fields)
    .filter(([name, value]) => {
      if (!name.startsWith(ADD_ON_PREFIX) || value === "" || value === "0" || value === 0) return false;
      const count = typeof value === "number" ? String(value) : value;
      const max = told ? most.get(name.slice(ADD_ON_PREFIX.length)) : ADD_ON_MOST;
      return (
        typeof count !== "string" || !/^\d{1,3}$/.test(count) || max === undefined || Number(count) > max
      );
    })
    .map(([name]) => name);
}
