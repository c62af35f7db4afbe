/**
 * The messages the spam check stopped, shown to the owner on the digest's button ("spam:FROM:TO"), and
 * one released as a lead with the button under it ("release:ID").
 */
import { LIMITS } from "../../shared/forms/fields.ts";
import { cutText } from "../../shared/text.ts";
import type { Clock } from "../clock.ts";
import { sendOnce, type TelegramOptions } from "../telegram/client.ts";
import { bold, plain, render, TELEGRAM_MAX_TEXT, value, type Piece } from "../telegram/markdown.ts";
import type { Lead } from "../leads/lead.ts";
import type { LeadStore } from "../leads/store.ts";
import { button } from "./buttons.ts";

/** The digest's "See them": the messages stopped as spam in [from, to). */
export const spamButton = button<{ from: number; to: number }>("spam", {
  write: ({ from, to }) => `${from}:${to}`,
  read(rest) {
    const m = /^(\d+):(\d+)$/.exec(rest);
    return m ? { from: Number(m[1]), to: Number(m[2]) } : undefined;
  },
  async handle({ store, telegram, hours, log, answer }, { from, to }) {
    await answer("Here they are.");
    const summary = await showSpam(store, telegram, hours.clock, from, to);
    log(`relay: the owner asked to see the spam: ${summary}`);
  },
});

/** "Not spam: N" under a message the listing shows: it goes out as a lead. */
export const releaseButton = button<string>("release", {
  write: (leadId) => leadId,
  read: (rest) => (rest === "" ? undefined : rest),
  async handle({ store, log, now, answer }, leadId) {
    const said = await releaseSpam(store, leadId, now());
    log(`relay: lead ${leadId}: ${said}`);
    await answer(said);
  },
});

/**
 * The digest's "See them" button: the messages stopped as spam in [from, to), in one message, each
 * numbered, with a "Not spam: 1" button per message that sends it through as a lead. One message
 * however many were stopped: a bot may send about 20 messages a minute to one group
 * (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this), and a message
 * a piece would spend the leads' share on spam. Returns what happened, for the log.
 */
export async function showSpam(
  store: LeadStore,
  telegram: TelegramOptions,
  clock: Clock,
  from: number,
  to: number,
): Promise<string> {
  const spam = (await store.owner.receivedBetween(from, to)).filter((l) => l.status === "spam" && l.fields);
  if (!spam.length) return "No message stopped as spam is left to see (released, or erased).";
  const { markdown, listed } = spamListing(spam, clock);
  const buttons = listed.map((lead, i) => [
    { text: `Not spam: ${i + 1}`, callback_data: releaseButton.data(lead.id) },
  ]);
  const sent = await sendOnce(markdown, telegram, "Markdown", { reply_markup: { inline_keyboard: buttons } });
  if (sent.kind !== "sent") return `Could not show them (${sent.reason}); ${SPAM_COMMAND} shows them too.`;
  return listed.length < spam.length
    ? `The first ${listed.length} of ${spam.length} shown; ${SPAM_COMMAND} shows the rest.`
    : `${spam.length} shown.`;
}

const SPAM_COMMAND = "npm run leads -- list --spam";
/** At most this many stopped messages in one listing (and as many buttons under it). */
export const SPAM_LISTED = 10;
/** How much of each stopped message the listing shows, on one line. */
const SPAM_PREVIEW = 200;

/**
 * The listing's Markdown: the first of `spam` (oldest first), as many as fit in one Telegram
 * message (4,096 characters after parsing) up to SPAM_LISTED, and how many more there are.
 */
function spamListing(spam: Lead[], clock: Clock): { markdown: string; listed: Lead[] } {
  const item = (lead: Lead, n: number): Piece[] => {
    const message = cutText((lead.fields?.message ?? "").replace(/\s+/g, " ").trim(), SPAM_PREVIEW);
    return [
      bold(`${n}.`),
      plain(" "),
      value(cutText(lead.fields?.name ?? "", LIMITS.name)),
      plain(" <"),
      value(cutText(lead.fields?.email ?? "", LIMITS.email)),
      plain(">, "),
      value(cutText(lead.spamReason ?? "no reason", SPAM_PREVIEW)),
      plain(`, ${clock.time(lead.receivedAt)}\n`),
      value(message || "(no message)"),
      plain("\n\n"),
    ];
  };
  const listing = (listed: Lead[]) => {
    const more = spam.length - listed.length;
    return render([
      bold("Stopped as spam"),
      plain(` (${more ? `the first ${listed.length} of ${spam.length}` : spam.length}, oldest first)\n\n`),
      ...listed.flatMap((lead, i) => item(lead, i + 1)),
      plain(
        `Not spam: N below sends message N to you as a lead.${more ? `\n${more} more not shown: ${SPAM_COMMAND} lists them all.` : ""}`,
      ),
    ]);
  };
  let listed = spam.slice(0, 1);
  while (
    listed.length < Math.min(SPAM_LISTED, spam.length) &&
    listing(spam.slice(0, listed.length + 1)).shown.length <= TELEGRAM_MAX_TEXT
  )
    listed = spam.slice(0, listed.length + 1);
  return { markdown: listing(listed).markdown, listed };
}

/** The owner says a stopped message is a person's: it goes out as a lead. */
export async function releaseSpam(store: LeadStore, id: string, now: number): Promise<string> {
  const lead = await store.get(id);
  if (!lead || lead.status !== "spam")
    return lead?.status === "pending" || lead?.status === "delivered"
      ? "Already released."
      : "This message is not in the store.";
  return (await store.requeue(id, now))
    ? "Released: it arrives as a lead in a moment."
    : "Its details were erased; it cannot be sent.";
}
