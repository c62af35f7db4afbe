/**
 * What a booking link stands for now (decision 0093): the signature says the
 * relay wrote it; the store says whether it still works. A link works while
 * its quote is the lead's latest sent, not past its expiry, and the lead is
 * neither erased nor Lost or Not a job. Once accepted it shows the acceptance,
 * however often it is opened again.
 */
import type { Lead } from "../leads/lead.ts";
import type { Quote } from "../leads/quotes.ts";
import type { LeadStore } from "../leads/store.ts";
import type { QuoteRef } from "./link.ts";

export type Standing =
  | { kind: "unknown" }
  | { kind: "superseded" }
  | { kind: "closed" }
  | { kind: "expired"; lead: Lead; quote: Quote }
  | { kind: "accepted"; lead: Lead; quote: Quote }
  | { kind: "open"; lead: Lead; quote: Quote };

export async function standing(store: LeadStore, ref: QuoteRef | undefined, now: number): Promise<Standing> {
  if (!ref) return { kind: "unknown" };
  const [lead, quote, latest] = await Promise.all([
    store.get(ref.leadId),
    store.quotes.get(ref.leadId, ref.seq),
    store.quotes.latestSent(ref.leadId),
  ]);
  // A lead erased (on request, or after the retention period) keeps no quote a stranger could read.
  if (!lead || !quote || quote.sentAt === null || lead.erasedAt !== null || !lead.fields)
    return { kind: "unknown" };
  if (latest && latest.seq !== quote.seq) return { kind: "superseded" };
  // A lead the owner marked Lost or Not a job is closed, an acceptance or a booking of it too.
  if (lead.stage === "lost" || lead.stage === "not-a-job" || quote.releasedAt !== null)
    return { kind: "closed" };
  if (quote.acceptedAt !== null) return { kind: "accepted", lead, quote };
  if (quote.expiresAt === null || now >= quote.expiresAt) return { kind: "expired", lead, quote };
  return { kind: "open", lead, quote };
}
