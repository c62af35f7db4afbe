/**
 * Sends a stored lead's notice parts to Telegram in order, from the first part
 * Telegram has not accepted. Before each part it writes down that the part is
 * being sent (store.sending), and records each accepted part at once: no part
 * is ever sent twice on purpose, and a part sent again after a crash or an
 * unanswered attempt says "(possible repeat)". The delivery policy (policy.ts)
 * decides what follows a part that failed.
 */
import { markNotice } from "../telegram/notice.ts";
import { parseLegacyMarkdown } from "../telegram/markdown.ts";
import { sendOnce, type SendOutcome, type TelegramOptions } from "../telegram/client.ts";
import type { Clock } from "../clock.ts";
import type { Lead } from "./lead.ts";
import type { LeadStore } from "./store.ts";

export type PartsResult =
  | { done: true }
  /** `wasUncertain`: this part had already been sent once without an answer (or before a crash). */
  | { done: false; part: number; wasUncertain: boolean; outcome: Exclude<SendOutcome, { kind: "sent" }> }
  /** The chat's slot was taken (leads/flood.ts): nothing was sent of `part`; it frees at `paced`. */
  | { done: false; part: number; paced: number };

/** The owner's buttons on a lead's notice (owner/stage-buttons.ts), put on its last part. */
export type NoticeButtons = (lead: Lead) => object;

export interface SendPartsOptions {
  buttons: NoticeButtons;
  /** The business's clock: a late notice says when its lead came. */
  clock: Clock;
  now?: () => number;
  /** Renews the sender's hold on the lead for each part's attempt (Workers): the time it runs out. */
  leaseUntil?: () => number;
  /** Takes the chat's slot for one message (leads/flood.ts takeSlot): true, or the time it frees. */
  pace?: () => Promise<true | number>;
}

export async function sendParts(
  store: LeadStore,
  lead: Lead,
  telegram: TelegramOptions,
  { buttons, clock, now = Date.now, leaseUntil, pace }: SendPartsOptions,
): Promise<PartsResult> {
  const parts = lead.parts ?? [];
  const alsoByEmail = await ownerCopySent(store, lead);
  for (let i = lead.partsSent; i < parts.length; i++) {
    const wasUncertain = lead.uncertainPart === i;
    // Each part is a message: it waits for the chat's slot, as any other does.
    const slot = pace ? await pace() : true;
    if (slot !== true) return { done: false, part: i, paced: slot };
    await store.sending(lead.id, i, leaseUntil?.());
    const text = markNotice(
      parts[i],
      {
        receivedAt: lead.receivedAt,
        sentAt: now(),
        possibleRepeat: wasUncertain,
        alsoByEmail,
        // Pending with a delivery time: a copy of a delivered lead, sent again (lookups.ts resendCopy).
        copyOf: lead.deliveredAt,
      },
      clock,
    );
    // The owner's buttons go on the last part, where a multi-part notice ends.
    const extra = i === parts.length - 1 ? { reply_markup: buttons(lead) } : {};
    let outcome = await sendOnce(text, telegram, "Markdown", extra);
    // Refused for its content (our escaping should make that impossible): the owner gets it as plain text,
    // every word the visitor typed, rather than not at all.
    const plain = outcome.kind === "message";
    if (plain) outcome = await sendOnce(plainText(text), telegram, null, extra);
    if (outcome.kind !== "sent") return { done: false, part: i, wasUncertain, outcome };
    // A plain notice keeps no Markdown to edit: a press then changes only its buttons.
    await store.partSent(lead, i, now(), {
      messageId: outcome.messageId,
      chatId: outcome.chatId,
      text: plain ? undefined : text,
    });
    // An earlier part is the lead's too: the owner's reply to it counts (the last part is the notice itself).
    if (i < parts.length - 1 && outcome.messageId !== undefined)
      await store.notes.sentAbout(lead.id, outcome.chatId, outcome.messageId, "notice-part", now());
    lead = { ...lead, partsSent: i + 1, uncertainPart: null };
  }
  return { done: true };
}

/**
 * What the owner would have read, without formatting: the Markdown's text, or the Markdown itself if it does
 * not parse.
 */
function plainText(markdown: string): string {
  const parsed = parseLegacyMarkdown(markdown);
  return "text" in parsed ? parsed.text : markdown;
}

/** Whether the owner already has this lead by email (leads/emails.ts): the notice then says so. */
async function ownerCopySent(store: LeadStore, lead: Lead): Promise<boolean> {
  return lead.partsSent < (lead.parts?.length ?? 0) && store.emails.ownerCopySent(lead.id);
}
