/**
 * The quote page, /quote/ (issue 42): the quote request with the details the
 * owner needs to price the job, and, once the owner has written
 * content/pricing.yaml, an instant estimate from their prices (decision
 * 0061, 0064). Without that file no price appears here. Its words are
 * content/quote.yaml's.
 */
import type { Content } from "../../content/content.ts";
import { siteServices } from "../../content/services.ts";
import { quoteOffer } from "../../shared/forms/quote-details.ts";
import { emailProp } from "../email-prop.ts";
import { Island } from "../Island.tsx";
import { Banner, Icon, PhoneLink, Section } from "../../shared/ui.tsx";

export function QuotePage({ content, formAction }: { content: Content; formAction: string }) {
  const { site, pricing, quote } = content;
  return (
    <>
      <Banner title={quote.banner.title} description={quote.banner.description} />
      <Section labelledBy="quote-form-title">
        <div className="mx-auto grid max-w-3xl gap-6">
          <h2 id="quote-form-title" className="sr-only">
            Your quote request
          </h2>
          <p className="flex flex-wrap items-center gap-2 text-slate-700">
            <Icon name="phone" className="h-5 w-5 text-brand-700" />
            Rather talk? Call us on{" "}
            <PhoneLink
              phone={site.phone}
              className="inline-flex min-h-6 items-center font-semibold text-brand-800 hover:underline"
            />
          </p>
          <div className="rounded-2xl border border-slate-200 bg-white p-5 lift narrow:p-3 sm:p-8">
            <Island
              name="QuotePageForm"
              props={{
                action: formAction,
                offer: quoteOffer(siteServices(content), pricing),
                phone: site.phone,
                ...(pricing ? { prices: pricing } : {}),
                ...emailProp(content),
              }}
            />
          </div>
        </div>
      </Section>
    </>
  );
}
