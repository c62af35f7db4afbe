/**
 * Sends a stored lead's notice parts to Telegram in order, from the first part
 * Telegram has not accepted, recording each accepted part at once so that no
 * part is ever sent twice on purpose. Used by the Node delivery loop and by
 * the Workers Queue consumer; they decide what to do with a part that failed.
 */
import { markNotice } from "../notice.ts";
import { sendOnce, type SendOutcome, type TelegramOptions } from "../telegram.ts";
import type { Lead, LeadStore } from "./store.ts";

export type PartsResult = { done: true } | { done: false; part: number; outcome: Exclude<SendOutcome, { kind: "sent" }> };

export async function sendParts(store: LeadStore, lead: Lead, telegram: TelegramOptions, now: () => number = Date.now): Promise<PartsResult> {
  const parts = lead.parts ?? [];
  for (let i = lead.partsSent; i < parts.length; i++) {
    const text = markNotice(parts[i], { receivedAt: lead.receivedAt, sentAt: now(), possibleRepeat: lead.uncertainPart === i });
    let outcome = await sendOnce(text, telegram);
    // Our escaping should make this impossible; if Telegram still cannot parse it, the owner gets it unformatted rather than not at all.
    if (outcome.kind === "message" && /can't parse entities/i.test(outcome.reason)) outcome = await sendOnce(text, telegram, null);
    if (outcome.kind !== "sent") return { done: false, part: i, outcome };
    await store.partSent(lead, i, now());
    lead = { ...lead, partsSent: i + 1, uncertainPart: null };
  }
  return { done: true };
}
