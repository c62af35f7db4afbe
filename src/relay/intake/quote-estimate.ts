/**
 * The relay's own estimate for a quote request and its check of the add-ons:
 * from the visitor's choices and the price table the site was built with
 * (decision 0061), never a figure the browser sent.
 */
import { ADD_ONS, addOnCounts, type QuoteDetails } from "../../shared/forms/quote-details.ts";
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
 * Add-ons the site never offers: neither in the fixed list nor in the price table. Refused as any unknown
 * value is.
 */
export function unknownAddOns(prices: PriceTable | undefined, kept: string): string[] {
  const known = new Set<string>([
    ...ADD_ONS.map((a) => a.id),
    ...(prices?.services.flatMap((s) => s.addOns.map((a) => a.id)) ?? []),
  ]);
  return Object.keys(addOnCounts(kept)).filter((id) => !known.has(id));
}
