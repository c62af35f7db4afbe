/**
 * The owner's notice for a post the intake keeps (telegram/notice.ts) and, for a quote request, the
 * relay's own estimate (quote-estimate.ts), which goes into the notice and into the quote's details.
 * What they read of the site, its clock, services and price table, is bound once (relay.ts), so
 * storing a post (keep.ts) hands over only the post.
 */
import type { FormKind } from "../../shared/forms/fields.ts";
import type { SiteServices } from "../../shared/forms/quote-details.ts";
import type { ContactBody, QuoteBody } from "../../shared/forms/schema.ts";
import type { PriceTable } from "../../shared/pricing/table.ts";
import type { Clock } from "../clock.ts";
import { contactNotices, quoteNotices } from "../telegram/notice.ts";
import { quoteEstimate } from "./quote-estimate.ts";

/** A kept post's notice, in parts, and the estimate for a quote request (empty for a contact). */
export type LeadNotice = (
  form: FormKind,
  body: QuoteBody & ContactBody,
  receivedAt: number,
  from: string | undefined,
) => { parts: string[]; estimate: ReturnType<typeof quoteEstimate> };

export function leadNotice(site: { clock: Clock; services?: SiteServices; prices?: PriceTable }): LeadNotice {
  return (form, body, receivedAt, from) => {
    const options = { clock: site.clock, from, site: site.services };
    if (form !== "quote") return { parts: contactNotices(body, new Date(receivedAt), options), estimate: {} };
    const estimate = quoteEstimate(site.prices, body);
    return { parts: quoteNotices(body, new Date(receivedAt), options, estimate.line), estimate };
  };
}
