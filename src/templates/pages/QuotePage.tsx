/**
 * The quote page, /quote/ (issue 42): the quote request with the details the
 * owner needs to price the job, and, once the owner has written
 * content/pricing.yaml, an instant estimate from their prices (decision
 * 0061, 0064). Without that file no price appears here.
 */
import type { Content } from "../../content/content.ts";
import { addOnOffer } from "../../shared/forms/quote-details.ts";
import { Island } from "../Island.tsx";
import { Banner, Icon, PhoneLink, Section } from "../../shared/ui.tsx";

/** The page's words: its title and summary for searchers, its heading and the line under it. */
export const QUOTE_PAGE = {
  title: (name: string) => `Get a Free Quote | ${name}`,
  description: "Ask for a fixed quote for bond, spring, house, office, oven or carpet cleaning in Brisbane: tell us about the home and we reply within 24 hours.",
  heading: "Get a Free Quote",
  intro: "Tell us about the job and we'll reply within 24 hours with a fixed quote. Only your name and email are needed; the more you tell us, the fewer questions we ask later.",
};

export function QuotePage({ content, formAction }: { content: Content; formAction: string }) {
  const { site, pricing } = content;
  return (
    <>
      <Banner title={QUOTE_PAGE.heading} description={QUOTE_PAGE.intro} />
      <Section labelledBy="quote-form-title">
        <div className="mx-auto grid max-w-3xl gap-6">
          <h2 id="quote-form-title" className="sr-only">Your quote request</h2>
          <p className="flex flex-wrap items-center gap-2 text-slate-700">
            <Icon name="phone" className="h-5 w-5 text-brand-700" />
            Rather talk? Call us on <PhoneLink phone={site.phone} className="inline-flex min-h-6 items-center font-semibold text-brand-800 hover:underline" />
          </p>
          <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
            <Island name="QuotePageForm" props={{ action: formAction, offer: addOnOffer(pricing), phone: site.phone, ...(pricing ? { prices: pricing } : {}) }} />
          </div>
        </div>
      </Section>
    </>
  );
}
