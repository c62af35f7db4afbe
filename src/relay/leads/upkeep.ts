/**
 * The lead store's daily upkeep, on both hosts (Node's timer, the Worker's
 * daily Cron Trigger): what visitors typed is erased from leads older than the
 * retention period, and so are the call taps of days before it and the
 * addresses emails went to; used proofs
 * older than any proof may be are forgotten, and so are Telegram updates
 * handled longer ago than Telegram keeps an update.
 */
import { MAX_PROOF_AGE_MS, UPDATE_MEMORY_MS } from "./memory.ts";
import { DAY_MS, type LeadStore } from "./store.ts";
import type { Clock } from "../clock.ts";
import { eraseQuoteDetails } from "./quote-details-store.ts";

export async function dailyUpkeep(
  store: LeadStore,
  retentionDays: number,
  now: number,
  log: (message: string) => void,
  clock: Clock,
): Promise<void> {
  const erased = await store.erase(retentionDays, now);
  if (erased)
    log(`relay: erased what visitors typed from ${erased} lead(s) older than ${retentionDays} days`);
  await eraseQuoteDetails(store.sql);
  await store.proofs.forget(now - MAX_PROOF_AGE_MS);
  await store.updates.forget(now - UPDATE_MEMORY_MS);
  await store.forgetCallTaps(clock.local(now - retentionDays * DAY_MS).date);
  await store.notes.forgetErased();
  await store.emails.erase(now - retentionDays * DAY_MS);
}
