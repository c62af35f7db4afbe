/**
 * What the relay tells the owner beyond each notice, run every minute (the
 * Node relay's timer, the Worker's Cron Trigger):
 *
 * - a notice whose Undo's minute is up is edited to take the button away;
 * - a reminder, as a reply to its notice, with who, the number to ring, how
 *   long they have waited and the notice's buttons, for a lead still at no stage
 *   `reminderMinutes` after it was delivered; only while the business is open
 *   (content/site.yaml's hours, Brisbane time), so one that waits overnight is
 *   reminded at the next opening; once per lead;
 * - on Monday at opening, last week in figures (weekly.ts);
 * - a morning digest at opening time: the leads since the last digest by
 *   stage, the ones still waiting (each a link to its notice where the chat
 *   allows links), and how many messages were stopped as spam, with a button
 *   to see them (one message listing them) and release one. Nothing is sent
 *   when there is nothing to say. Marked sent only once Telegram has it, and
 *   sent by one run even when two overlap.
 */
import { LIMITS } from "../../shared/forms/fields.ts";
import { cutText } from "../../shared/text.ts";
import { brisbaneClock, TELEGRAM_MAX_TEXT } from "../telegram/notice.ts";
import { expireUndos } from "../telegram/notice-edit.ts";
import { weeklySummary } from "./weekly.ts";
import { sendOnce, type TelegramOptions } from "../telegram/client.ts";
import { bold, plain, render, value, type Piece } from "../telegram/markdown.ts";
import { brisbane, isOpen, nextOpenAt, openingAfterBusinessDays, type HoursLine } from "../leads/hours.ts";
import { STAGES, stageKeyboard, WAITING } from "../telegram/stages.ts";
import { phoneShown } from "../telegram/phone.ts";
import { dollars } from "../telegram/replies.ts";
import { OwnerNotes } from "../leads/owner-notes.ts";
import type { Lead } from "../leads/lead.ts";
import type { LeadStore } from "../leads/store.ts";

/** The last day a digest was sent (or had nothing to say), "2026-11-24": set only once Telegram has it. */
const DIGEST_SETTING = "digest-last-day";
/** Which run is sending today's digest (claimDigest). */
const DIGEST_CLAIM = "digest-sending";
/** When a run last came for the claim. */
const DIGEST_CLAIMED = "digest-claimed-at";
/** A claim this old belongs to a run that died: one send gives up after 30 seconds (ATTEMPT_TIMEOUT_MS). */
const CLAIM_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export interface OwnerOptions {
  store: LeadStore;
  telegram: TelegramOptions;
  hours: readonly HoursLine[];
  /** With EMAIL_DIGEST=on: records the day's digest (its Markdown) for the owner's email too (leads/emails.ts digestByEmail). */
  emailDigest?: (day: string, markdown: string) => Promise<void>;
  /** Minutes after delivery before a lead still waiting is reminded; 0: never. */
  reminderMinutes: number;
  /** Business days after Quoted before a lead not Booked or Lost is followed up once; 0: never. */
  followUpDays?: number;
  log: (message: string) => void;
}

/** One run of the reminders and the digest at `now`. */
export async function ownerTick(options: OwnerOptions, now: number): Promise<void> {
  await expireUndos(options.store, options.telegram, now, options.log);
  await remind(options, now);
  await followUp(options, now);
  await digest(options, now);
  await weeklySummary(options, now);
}

async function remind({ store, telegram, hours, reminderMinutes, log }: OwnerOptions, now: number): Promise<void> {
  if (!reminderMinutes || !isOpen(hours, now)) return;
  for (const lead of await store.owner.unremindedWaiting(now - reminderMinutes * 60_000)) {
    // Due at delivery + the wait, or at the next opening after that; put off with Later, at the time it was put off to.
    const due = nextOpenAt(hours, lead.snoozedUntil ?? lead.deliveredAt + reminderMinutes * 60_000);
    if (due === undefined || due > now || !(await store.owner.reminder(lead.id, now))) continue;
    const fields = (await store.get(lead.id))?.fields ?? null;
    const sent = await sendOnce(reminderText(fields, lead.receivedAt, now), telegram, "Markdown", {
      reply_parameters: { message_id: lead.noticeMessageId, allow_sending_without_reply: true },
      reply_markup: stageKeyboard(lead.id, { phone: fields?.phone, later: true }),
    });
    if (sent.kind === "sent") log(`relay: lead ${lead.id} reminded`);
    else {
      await store.owner.reminder(lead.id, null);
      log(`relay: could not remind the owner of lead ${lead.id} (${sent.reason}); trying again in a minute`);
    }
  }
}

/**
 * A lead at Quoted and not Booked or Lost `followUpDays` business days after the quote gets one
 * follow-up at that day's opening (or when Later put it off to), as a reply to its notice: half of
 * a cleaning business's work is won in the follow-up.
 */
async function followUp({ store, telegram, hours, followUpDays = 0, log }: OwnerOptions, now: number): Promise<void> {
  if (!followUpDays || !isOpen(hours, now)) return;
  // A cheap bound for the store: the follow-up's day is at least as many calendar days after the quote's day, so the quote was at least one fewer days before now.
  for (const lead of await store.owner.unfollowedQuoted(now - (followUpDays - 1) * DAY_MS)) {
    const due = lead.snoozedUntil ?? openingAfterBusinessDays(hours, lead.quotedAt, followUpDays);
    if (due === undefined || due > now || !(await store.owner.followUp(lead.id, now))) continue;
    const fields = (await store.get(lead.id))?.fields ?? null;
    const cents = await new OwnerNotes(store.sql).quote(lead.id);
    const sent = await sendOnce(followUpText(fields, lead.quotedAt, now, cents), telegram, "Markdown", {
      reply_parameters: { message_id: lead.noticeMessageId, allow_sending_without_reply: true },
      reply_markup: stageKeyboard(lead.id, { current: "quoted", phone: fields?.phone, later: true }),
    });
    if (sent.kind === "sent") log(`relay: lead ${lead.id} followed up`);
    else {
      await store.owner.followUp(lead.id, null);
      log(`relay: could not send the follow-up of lead ${lead.id} (${sent.reason}); trying again in a minute`);
    }
  }
}

/** "Follow up: Ann Lee, +61 412 345 678, quoted $380 at 10:05 am, 24 Nov, not booked yet. Ring them, then press Booked or Lost." */
export function followUpText(fields: Record<string, string> | null, quotedAt: number, now: number, cents: number | null = null): string {
  return whoToRing("Follow up:", fields, (ring) => `, quoted ${cents === null ? "" : `${dollars(cents)} at `}${brisbaneClock(quotedAt, now)}, not booked yet. ${ring}, then press Booked or Lost.`);
}

/**
 * A reminder the owner can act on from the lock screen: who, the number to ring, how long they have
 * waited ("Reminder: Ann Lee, +61 412 345 678, waiting 2 h 5 min (since 10:00 am). Ring them, then
 * press Called."), with the notice's buttons under it.
 */
export function reminderText(fields: Record<string, string> | null, receivedAt: number, now: number): string {
  return whoToRing("Reminder:", fields, (ring) => `, waiting ${waitedFor(now - receivedAt)} (since ${brisbaneClock(receivedAt, now)}). ${ring}, then press Called.`);
}

/** "<label> Ann Lee, +61 412 345 678<rest>": a message's first line, which a lock screen shows; `rest` is told how to reach them. */
function whoToRing(label: string, fields: Record<string, string> | null, rest: (ring: "Ring them" | "Email them") => string): string {
  const number = phoneShown(fields?.phone ?? "");
  return render([
    bold(label),
    plain(" "),
    value(cutText((fields?.name ?? "(erased)").replace(/\s+/g, " ").trim(), 64)),
    plain(", "),
    number ? value(number) : plain("no phone given"),
    plain(rest(number ? "Ring them" : "Email them")),
  ]).markdown;
}

/** "35 min", "2 h 5 min", "1 day 3 h": how long a lead has waited, as a glance reads it. */
export function waitedFor(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const [days, hours, mins] = [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60), minutes % 60];
  if (days) return `${days} ${days === 1 ? "day" : "days"}${hours ? ` ${hours} h` : ""}`;
  return hours ? `${hours} h${mins ? ` ${mins} min` : ""}` : `${mins} min`;
}

async function digest(options: OwnerOptions, now: number): Promise<void> {
  const { store, telegram, hours, log } = options;
  if (!isOpen(hours, now)) return;
  const today = brisbane(now);
  if (sentOn(await store.settings.read(DIGEST_SETTING), today.date)) return;
  const claim = await claimDigest(store, today.date, now);
  if (!claim) return;
  // Read again now the claim is ours: a run that held it before may have sent it since.
  const last = await store.settings.read(DIGEST_SETTING);
  if (sentOn(last, today.date)) return;
  // Since the day of the last digest (a closed Sunday's leads are in Monday's), or yesterday on the first.
  const from = last === undefined ? today.midnight - DAY_MS : Math.max(brisbane(Date.parse(`${last}T00:00:00+10:00`)).midnight, today.midnight - 7 * DAY_MS);
  const text = await digestText(store, telegram, from, today.midnight, now);
  if (!text) {
    await store.settings.advance(DIGEST_SETTING, today.date);
    return;
  }
  const spam = (await store.owner.receivedBetween(from, today.midnight)).filter((l) => l.status === "spam").length;
  const extra = spam ? { reply_markup: { inline_keyboard: [[{ text: spam === 1 ? "See it" : "See them", callback_data: `spam:${from}:${today.midnight}` }]] } } : {};
  const sent = await sendOnce(text, telegram, "Markdown", extra);
  if (sent.kind === "sent") {
    await store.settings.advance(DIGEST_SETTING, today.date);
    log(`relay: the morning digest was sent`);
    await digestByEmail(options, today.date, text);
  } else if (sent.kind === "message" || (sent.kind === "retry" && sent.uncertain)) {
    // Refused for what it says (the same text would be refused again), or no answer (it may have arrived): not again today.
    await store.settings.advance(DIGEST_SETTING, today.date);
    log(`relay: the morning digest ${sent.kind === "message" ? "was refused" : "may not have arrived"} (${sent.reason}); it is not sent again today`);
  } else {
    await store.settings.advance(DIGEST_CLAIM, `${claim} free`);
    log(`relay: the morning digest could not be sent (${sent.reason}); trying again in a minute`);
  }
}

/** The digest Telegram took, for the owner's email too (EMAIL_DIGEST=on); an email fault is logged, never the digest's. */
async function digestByEmail({ emailDigest, log }: OwnerOptions, day: string, markdown: string): Promise<void> {
  try {
    await emailDigest?.(day, markdown);
  } catch (error) {
    log(`relay: the morning digest could not be recorded for email: ${(error as Error).message}`);
  }
}

/** Whether the digest setting says today's digest is done. */
const sentOn = (last: string | undefined, date: string) => last !== undefined && last >= date;

/**
 * Takes the right to send `date`'s digest, so that of two runs that overlap (the Worker's cron, the
 * Node timer) one sends it: the claim's value, or undefined when another run holds it.
 *
 * LeadStore's only atomic step for settings is advanceSetting, which moves a value forward in text
 * order; two runs that propose the same value cannot both move it. So a claim is "<date> <try>", the
 * try numbered from the claim each run read: runs that read the same claim propose the same next
 * try, and one takes it. A run gives the claim back with "<date> <try> free" when Telegram did not
 * take the digest, for the next minute's run. A run that died holding it is outlived: each run
 * first writes when it came for the claim (DIGEST_CLAIMED, only ever later), and a claim that old
 * is taken over once CLAIM_MS has passed, far longer than one send may take.
 */
async function claimDigest(store: LeadStore, date: string, now: number): Promise<string | undefined> {
  const held = await store.settings.read(DIGEST_CLAIM);
  const [day, tried, free] = (held ?? "").split(" ");
  let next = 1;
  if (day === date) {
    if (!free) {
      const [claimedDay, claimedAt] = (await store.settings.read(DIGEST_CLAIMED))?.split(" ") ?? [];
      if (claimedDay === date && now - Number(claimedAt) < CLAIM_MS) return undefined;
    }
    next = Number(tried) + 1;
  }
  const claim = `${date} ${String(next).padStart(6, "0")}`;
  await store.settings.advance(DIGEST_CLAIMED, `${date} ${String(now).padStart(15, "0")}`);
  return (await store.settings.advance(DIGEST_CLAIM, claim)) ? claim : undefined;
}

/** The digest for leads received in [from, to), or undefined when there is nothing to say. */
export async function digestText(store: LeadStore, telegram: TelegramOptions, from: number, to: number, now: number): Promise<string | undefined> {
  const received = await store.owner.receivedBetween(from, to);
  const leads = received.filter((l) => l.status !== "spam" && l.status !== "unconfirmed");
  const spam = received.length - leads.length;
  // The same leads the counts are of, and older ones still waiting: none received since midnight, which today's notices show.
  const waiting = await store.owner.waiting(WAITING_LISTED + 1, to);
  if (!leads.length && !spam && !waiting.length) return undefined;
  const days = Math.round((to - from) / DAY_MS);
  const pieces: Piece[] = [bold(days <= 1 ? "Yesterday's leads" : `Leads of the last ${days} days`), plain("\n")];
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (!leads.length) pieces.push(plain("No new leads.\n"));
  else {
    pieces.push(plain(`${count(leads.filter((l) => l.form === "quote").length, "quote request", "quote requests")}, ${count(leads.filter((l) => l.form === "contact").length, "contact message", "contact messages")}\n`));
    const byStage = [WAITING, ...STAGES.map((s) => s.key)].map((key) => [key, leads.filter((l) => (l.stage ?? WAITING) === key).length] as const);
    pieces.push(plain(`${byStage.map(([key, n]) => `${key === WAITING ? "Waiting" : STAGES.find((s) => s.key === key)!.shown}: ${n}`).join(" · ")}\n`));
  }
  if (waiting.length) {
    const listed = waiting.slice(0, WAITING_LISTED);
    pieces.push(plain("\n"), bold(`Still waiting, oldest first (${waiting.length > WAITING_LISTED ? `the first ${WAITING_LISTED}; npm run leads -- list --stage waiting has the rest` : listed.length}):`), plain("\n"));
    for (const lead of listed) pieces.push(...waitingLine(lead, telegram, now));
  }
  if (spam) pieces.push(plain(`\nStopped as spam: ${count(spam, "message", "messages")}\n`));
  return render(pieces).markdown;
}

/** The most waiting leads the digest lists, so it stays well within one message. */
const WAITING_LISTED = 15;

/** "- Ann Lee, +61 412 345 678, quote, 9:00 am, 23 Nov": who to ring first, and a link to the notice where Telegram gives one. */
function waitingLine(lead: Lead, telegram: TelegramOptions, now: number): Piece[] {
  const link = noticeLink(telegram.chatId, lead.noticeMessageId);
  const phone = phoneShown(lead.fields?.phone ?? "");
  return [
    plain("- "),
    value(cutText((lead.fields?.name ?? "(erased)").replace(/\s+/g, " ").trim(), 64)),
    plain(", "),
    ...(phone ? [value(phone), plain(", ")] : []),
    plain(`${lead.form}, ${brisbaneClock(lead.receivedAt, now)}${link ? ` ${link}` : ""}\n`),
  ];
}

/** A link to a message in a supergroup or channel (chat ids -100…); private chats have none. */
export function noticeLink(chatId: string, messageId: number | null): string | undefined {
  const match = /^-100(\d+)$/.exec(chatId);
  return match && messageId !== null ? `https://t.me/c/${match[1]}/${messageId}` : undefined;
}

/**
 * The digest's "See them" button: the messages stopped as spam in [from, to), in one message, each
 * numbered, with a "Not spam: 1" button per message that sends it through as a lead. One message
 * however many were stopped: a bot may send about 20 messages a minute to one group
 * (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this), and a message
 * a piece would spend the leads' share on spam. Returns what happened, for the log.
 */
export async function showSpam(store: LeadStore, telegram: TelegramOptions, from: number, to: number): Promise<string> {
  const spam = (await store.owner.receivedBetween(from, to)).filter((l) => l.status === "spam" && l.fields);
  if (!spam.length) return "No message stopped as spam is left to see (released, or erased).";
  const { markdown, listed } = spamListing(spam);
  const buttons = listed.map((lead, i) => [{ text: `Not spam: ${i + 1}`, callback_data: `release:${lead.id}` }]);
  const sent = await sendOnce(markdown, telegram, "Markdown", { reply_markup: { inline_keyboard: buttons } });
  if (sent.kind !== "sent") return `Could not show them (${sent.reason}); ${SPAM_COMMAND} shows them too.`;
  return listed.length < spam.length ? `The first ${listed.length} of ${spam.length} shown; ${SPAM_COMMAND} shows the rest.` : `${spam.length} shown.`;
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
function spamListing(spam: Lead[]): { markdown: string; listed: Lead[] } {
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
      plain(`, ${brisbaneClock(lead.receivedAt)}\n`),
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
      plain(`Not spam: N below sends message N to you as a lead.${more ? `\n${more} more not shown: ${SPAM_COMMAND} lists them all.` : ""}`),
    ]);
  };
  let listed = spam.slice(0, 1);
  while (listed.length < Math.min(SPAM_LISTED, spam.length) && listing(spam.slice(0, listed.length + 1)).shown.length <= TELEGRAM_MAX_TEXT) listed = spam.slice(0, listed.length + 1);
  return { markdown: listing(listed).markdown, listed };
}

/** The owner says a stopped message is a person's: it goes out as a lead. */
export async function releaseSpam(store: LeadStore, id: string, now: number): Promise<string> {
  const lead = await store.get(id);
  if (!lead || lead.status !== "spam") return lead?.status === "pending" || lead?.status === "delivered" ? "Already released." : "This message is not in the store.";
  return (await store.requeue(id, now)) ? "Released: it arrives as a lead in a moment." : "Its details were erased; it cannot be sent.";
}
