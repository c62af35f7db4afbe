/**
 * The instant estimate beside the quote page's choices, only on a site with
 * the owner's price table (decision 0061): the single total including GST as
 * the most prominent figure, its parts under it, the assumptions and a link
 * to the terms beside it; "call us" beyond the table's thresholds; until the
 * visitor has chosen what the prices depend on, what is still to choose. It
 * is a polite live region, so a screen reader hears each new figure.
 */
import type { EstimateChoices, PriceTable } from "../../shared/pricing/table.ts";
import type { MissingChoice } from "../../shared/pricing/estimate.ts";
import { TERMS_PATH } from "../../shared/paths.ts";
import { telHref } from "../../shared/phone.ts";
import { cn, textLinkClass } from "../../shared/ui.tsx";

export type EstimateCode = typeof import("../forms/estimate-code.ts");

const WORDS: Record<MissingChoice, string> = {
  propertyType: "the property type",
  bedrooms: "bedrooms",
  bathrooms: "bathrooms",
  storeys: "storeys",
};
const list = (words: string[]) =>
  words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;

export function EstimateBox({
  prices,
  choices,
  code,
  phone,
}: {
  prices: PriceTable;
  choices: EstimateChoices;
  code: EstimateCode | null;
  phone: string;
}) {
  const result = code?.estimate(prices, choices);
  return (
    <section
      aria-labelledby="estimate-title"
      className="rounded-xl border border-brand-200 bg-brand-50 p-5 text-ink"
    >
      <h3 id="estimate-title" className="text-lg font-bold">
        Instant estimate
      </h3>
      <div role="status" className="mt-2">
        {!result && (
          <p>
            {choices.service && code
              ? "No instant estimate for this service: we'll reply within 24 hours with a fixed quote."
              : "Choose a service and tell us about the home to see an estimate here."}
          </p>
        )}
        {/* The estimate is worked out in the browser; without script the relay still works out the owner's. */}
        <noscript>
          <p className="mt-1 text-sm text-slate-700">
            With JavaScript off no estimate shows here: send the form and we'll reply within 24 hours with a
            fixed quote.
          </p>
        </noscript>
        {result?.kind === "incomplete" && (
          <p>To see an estimate, choose {list(result.missing.map((m) => WORDS[m]))}.</p>
        )}
        {result?.kind === "call" && (
          <p>
            <strong>Please call us for a quote</strong> ({code!.callReasonText(result.reason)}):{" "}
            <a href={telHref(phone)} className={cn(textLinkClass, "whitespace-nowrap")}>
              {phone}
            </a>
          </p>
        )}
        {result?.kind === "price" && (
          <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:gap-8">
            <div>
              <p className="text-5xl font-extrabold tracking-tight text-brand-900" data-estimate-total="">
                {code!.formatDollars(result.totalCents)}
              </p>
              <p className="mt-1 font-semibold">total, GST included</p>
              <ul className="mt-3 text-sm text-slate-700">
                {result.lines.map((l, i) => (
                  <li key={i}>
                    {l.label}
                    {l.quantity !== undefined && l.quantity > 1 ? ` ×${l.quantity}` : ""}:{" "}
                    {code!.formatDollars(l.cents)}
                  </li>
                ))}
              </ul>
            </div>
            <div className="text-sm text-slate-700">
              {result.assumptions.length > 0 && (
                <>
                  <p className="font-semibold text-ink">This estimate assumes:</p>
                  <ul className="mb-2 mt-1 list-disc pl-5">
                    {result.assumptions.map((a) => (
                      <li key={a}>{a}</li>
                    ))}
                  </ul>
                </>
              )}
              <p>
                Prices reviewed {code!.shortDate(result.reviewed)}.{" "}
                <a href={TERMS_PATH} className={textLinkClass}>
                  Terms apply
                </a>
                .
              </p>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
