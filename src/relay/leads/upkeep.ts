/**
 * The lead store's daily upkeep, on both hosts (Node's timer, the Worker's
 * daily Cron Trigger): what visitors typed is erased from leads older than the
 * retention period, and used proofs older than any proof may be are forgotten.
 */
import { MAX_PROOF_AGE_MS } from "../spam.ts";
import type { LeadStore } from "./store.ts";

export async function dailyUpkeep(store: LeadStore, retentionDays: number, now: number, log: (message: string) => void): Promise<void> {
  const erased = await store.erase(retentionDays, now);
  if (erased) log(`relay: erased what visitors typed from ${erased} lead(s) older than ${retentionDays} days`);
  await store.forgetProofs(now - MAX_PROOF_AGE_MS);
}
