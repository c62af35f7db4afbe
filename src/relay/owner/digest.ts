/**
 * The morning digest at opening time: the leads since the last digest by
 * stage, the ones still waiting (each a link to its notice where the chat
 * allows links), and how many messages were stopped as spam, with a button to
 * see them (spam-review.ts). Nothing is sent when there is nothing to say.
 * Marked sent only once Telegram has it, and sent by one run even when two overlap.
 */
import { noticeChat } from "./notice-edit.ts";
import { sendOnce, type TelegramOptions } from "../telegram/client.ts";
import {
  bold,
  nameInLine,
  plain,
  render,
  TELEGRAM_MAX_TEXT,
  value,
  type Piece,
} from "../telegram/markdown.ts";
import { addDays, type BusinessHours, type Clock } from "../clock.ts";
import { STAGES } from "../leads/stages.ts";
import { phoneInLine } from "../telegram/phone.ts";
import type { Lead } from "../leads/lead.ts";
import type { LeadStore } from "../leads/store.ts";
import { Sends } from "./pace.ts";
import { todaysJobs } from "./booking-tick.ts";
import { spamButton } from "./spam-review.ts";
import { WEEKLY_SETTING, weeklyText } from "./weekly.ts";
import { waitedFor } from "./reminder-text.ts";
import { formatDollars } from "../../shared/pricing/format.ts";

/** The last day a digest was sent (or had nothing to say), "2026-11-24": set only once Telegram has it. */
const DIGEST_SETTING = "digest-last-day";
/** Which run is sending today's digest (claimDigest). */
const DIGEST_CLAIM = "digest-sending";
/** When a run last came for the claim. */
const DIGEST_CLAIMED = "digest-claimed-at";
/** A claim this old belongs to a run that died: one send gives up after 30 seconds (ATTEMPT_TIMEOUT_MS). */
const CLAIM_MS = 5 * 60_000;
export const DAY_MS = 24 * 60 * 60_000;

/**
 * What the digest needs: the store, where to send, the business's hours (it goes at opening), and the log.
 */
export interface DigestOptions {
  store: LeadStore;
  telegram: TelegramOptions;
  /** The opening hours in the business's time zone. */
  hours: BusinessHours;
  /**
   * With EMAIL_DIGEST=on: records the day's digest (its Markdown) for the owner's email too (leads/emails.ts
   * digestByEmail).
   */
  emailDigest?: (day: string, markdown: string) => Promise<void>;
  log: (message: string) => void;
  /** Minutes after delivery before a waiting lead is reminded (0: never): one due at opening is folded in. */
  reminderMinutes?: number;
  /** Business days after Quoted before the follow-up (0: never): one due at opening is folded in. */
  followUpDays?: number;
}

/** `sends`: the tick's pace (pace.ts); with no room left the digest waits for the next tick, unclaimed. */
export async function digest(options: DigestOptions, now: number, sends = new Sends()): Promise<void> {
  const { store, telegram, hours, log } = options;
  if (!hours.isOpen(now) || !sends.room()) return;
  const { clock } = hours;
  const today = clock.local(now);
  if (sentOn(await store.settings.read(DIGEST_SETTING), today.date)) return;
  const claim = await claimDigest(store, today.date, now);
  if (!claim) return;
  // Read again now the claim is ours: a run that held it before may have sent it since.
  const last = await store.settings.read(DIGEST_SETTING);
  if (sentOn(last, today.date)) return;
  // Since the day of the last digest (a closed Sunday's leads are in Monday's), or yesterday on the first.
  const weekAgo = addDays(today.date, -7);
  const from = clock.at(last === undefined ? addDays(today.date, -1) : last > weekAgo ? last : weekAgo);
  const { text, due, week } = await morningText(options, now, today, from);
  if (!text) {
    await store.settings.advance(DIGEST_SETTING, today.date);
    return;
  }
  const spam = (await store.owner.receivedBetween(from, today.midnight)).filter(
    (l) => l.status === "spam",
  ).length;
  const extra = spam
    ? {
        reply_markup: {
          inline_keyboard: [
            [
              {
                text: spam === 1 ? "See it" : "See them",
                callback_data: spamButton.data({ from, to: today.midnight }),
              },
            ],
          ],
        },
      }
    : {};
  await sends.next();
  const sent = await sendOnce(text, telegram, "Markdown", extra);
  sends.heard(sent);
  if (sent.kind === "sent") {
    await store.settings.advance(DIGEST_SETTING, today.date);
    log(`relay: the morning digest was sent`);
    await fold(store, due, now, week !== undefined ? today.date : undefined);
    await digestByEmail(options, today.date, text);
  } else if (sent.kind === "message" || (sent.kind === "retry" && sent.uncertain)) {
    // Refused for what it says (the same text would be refused again), or no answer (it may have arrived):
    // not again today, nor the week's figures it carried.
    await store.settings.advance(DIGEST_SETTING, today.date);
    if (week !== undefined) await store.settings.advance(WEEKLY_SETTING, today.date);
    log(
      `relay: the morning digest ${sent.kind === "message" ? "was refused" : "may not have arrived"} (${sent.reason}); it is not sent again today`,
    );
  } else {
    await store.settings.advance(DIGEST_CLAIM, `${claim} free`);
    log(`relay: the morning digest could not be sent (${sent.reason}); trying again in a minute`);
  }
}

/**
 * The digest Telegram took, for the owner's email too (EMAIL_DIGEST=on); an email fault is logged, never the
 * digest's.
 */
async function digestByEmail(
  { emailDigest, log }: DigestOptions,
  day: string,
  markdown: string,
): Promise<void> {
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

/** What is due at opening, to fold into the morning message rather than send one by one. */
interface DueNow {
  /** Who is waiting, oldest first: every lead from before midnight, and those whose reminder is due. */
  waiting: Lead[];
  /** Of them, those whose reminder is due now: taken once the message is sent. */
  remind: string[];
  /** The quotes whose follow-up is due now, with the amount. */
  followUps: { lead: Lead; since: number; cents: number | null }[];
}

/** The most follow-ups the morning message lists (/leads has the rest); fewer when it would not fit. */
const FOLLOW_UPS_LISTED = 10;

/** The reminders and follow-ups due at `now`, as owner.ts would send them, for the morning message. */
async function dueNow(options: DigestOptions, now: number, midnight: number): Promise<DueNow> {
  const { store, hours, reminderMinutes = 0, followUpDays = 0 } = options;
  // Folded: what falls due at the day's opening (a lead of the night, one put off to this morning); one
  // that falls due later, even before a late morning message, comes on its own.
  const opening = Math.min(now, hours.nextOpenAt(midnight) ?? now);
  const remind = new Set<string>();
  if (reminderMinutes)
    for (const d of await store.owner.unremindedWaiting(now - reminderMinutes * 60_000)) {
      const due = hours.nextOpenAt(d.snoozedUntil ?? d.since + reminderMinutes * 60_000);
      if (due !== undefined && due <= opening) remind.add(d.id);
    }
  const waiting = (await store.owner.waiting(50, now)).filter(
    (l) => l.receivedAt < midnight || remind.has(l.id),
  );
  const followUps: DueNow["followUps"] = [];
  if (followUpDays)
    for (const d of await store.owner.unfollowedQuoted(now)) {
      const due = d.snoozedUntil ?? hours.openingAfterBusinessDays(d.since, followUpDays);
      const lead = due !== undefined && due <= opening ? await store.get(d.id) : undefined;
      if (lead) followUps.push({ lead, since: d.since, cents: await store.notes.quote(d.id) });
    }
  // Every reminder due at opening is folded, listed or not: the message says /leads has the rest.
  return { waiting, remind: [...remind], followUps };
}

/**
 * The morning message is out: the reminders and follow-ups it listed are taken, so none comes on its
 * own, and on Monday the week's figures it carried.
 */
async function fold(store: LeadStore, due: DueNow, now: number, weekly: string | undefined): Promise<void> {
  for (const id of due.remind) await store.owner.reminder(id, now);
  for (const { lead } of due.followUps) await store.owner.followUp(lead.id, now);
  if (weekly) await store.settings.advance(WEEKLY_SETTING, weekly);
}

/**
 * The morning message: the digest, with what is due at opening folded in, and on Monday the week's
 * figures; its lists shortened until it fits one message (TELEGRAM_MAX_TEXT, counted on the Markdown,
 * never shorter than what the owner is shown).
 */
async function morningText(
  options: DigestOptions,
  now: number,
  today: { date: string; day: string; midnight: number },
  from: number,
): Promise<{ text: string | undefined; due: DueNow; week: string | undefined }> {
  const { store, telegram, hours } = options;
  const due = await dueNow(options, now, today.midnight);
  const weekly = today.day === "Monday" && !sentOn(await store.settings.read(WEEKLY_SETTING), today.date);
  const week = weekly ? await weeklyText(store, hours, addDays(today.date, -7)) : undefined;
  const listed = { waiting: WAITING_LISTED, followUps: FOLLOW_UPS_LISTED };
  for (;;) {
    const morning = await digestText(store, telegram, hours.clock, from, today.midnight, now, due, listed);
    const text = morning && week ? `${morning}\n${week}` : (morning ?? week);
    if (!text || text.length <= TELEGRAM_MAX_TEXT || (listed.waiting <= 1 && listed.followUps <= 1))
      return { text, due, week };
    listed.waiting = Math.max(1, listed.waiting - 2);
    listed.followUps = Math.max(1, listed.followUps - 1);
  }
}

/** The digest for leads received in [from, to), or undefined when there is nothing to say. */
export async function digestText(
  store: LeadStore,
  telegram: TelegramOptions,
  clock: Clock,
  from: number,
  to: number,
  now: number,
  { waiting, followUps }: Pick<DueNow, "waiting" | "followUps">,
  listed = { waiting: WAITING_LISTED, followUps: FOLLOW_UPS_LISTED },
): Promise<string | undefined> {
  const received = await store.owner.receivedBetween(from, to);
  const leads = received.filter((l) => l.status !== "spam" && l.status !== "unconfirmed");
  const spam = received.length - leads.length;
  // The day's jobs open the morning's message (issue 51): the day the digest is for, `to`'s.
  const jobs = await todaysJobs(store, clock.local(to).date);
  if (!leads.length && !spam && !waiting.length && !jobs.length && !followUps.length) return undefined;
  const days = Math.round((to - from) / DAY_MS);
  const pieces: Piece[] = [
    ...jobs,
    bold(days <= 1 ? "Yesterday's leads" : `Leads of the last ${days} days`),
    plain("\n"),
  ];
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (!leads.length) pieces.push(plain("No new leads.\n"));
  else {
    pieces.push(
      plain(
        `${count(leads.filter((l) => l.form === "quote").length, "quote request", "quote requests")}, ${count(leads.filter((l) => l.form === "contact").length, "contact message", "contact messages")}\n`,
      ),
    );
    const byStage = [
      `Waiting: ${leads.filter((l) => l.stage === null).length}`,
      ...STAGES.map((s) => `${s.label}: ${leads.filter((l) => l.stage === s.key).length}`),
    ];
    pieces.push(plain(`${byStage.join(" · ")}\n`));
  }
  if (waiting.length) {
    const shown = waiting.slice(0, listed.waiting);
    pieces.push(
      plain("\n"),
      bold(
        `Still waiting, oldest first (${waiting.length > listed.waiting ? `the first ${listed.waiting}; /leads has the rest` : shown.length}):`,
      ),
      plain("\n"),
    );
    for (const lead of shown) pieces.push(...waitingLine(lead, telegram, clock, now));
  }
  if (followUps.length) {
    const more = followUps.length > listed.followUps;
    pieces.push(
      plain("\n"),
      bold(
        `Quotes to follow up (${more ? `${followUps.length}, the first ${listed.followUps}; /leads has the rest` : followUps.length}):`,
      ),
      plain("\n"),
    );
    for (const f of followUps.slice(0, listed.followUps))
      pieces.push(...followUpLine(f, telegram, clock, now));
  }
  if (spam) pieces.push(plain(`\nStopped as spam: ${count(spam, "message", "messages")}\n`));
  return render(pieces).markdown;
}

/**
 * The most waiting leads the morning message lists (/leads has the rest): fewer when it would not fit one
 * message (each line's name and phone are cut: nameInLine, phoneInLine).
 */
const WAITING_LISTED = 15;

/**
 * "- Ann Lee, +61 412 345 678, quote, waiting 2 days 11 h (since 9:00 pm, 23 Nov)": who to ring first,
 * how long they have waited, and a link to the notice where Telegram gives one.
 */
function waitingLine(lead: Lead, telegram: TelegramOptions, clock: Clock, now: number): Piece[] {
  const link = noticeLink(noticeChat(lead, telegram), lead.noticeMessageId);
  return [
    ...whoInLine(lead),
    plain(
      `${lead.form}, waiting ${waitedFor(now - lead.receivedAt)} (since ${clock.time(lead.receivedAt, now)})${link ? ` ${link}` : ""}\n`,
    ),
  ];
}

/** "- Ann Lee, +61 412 345 678, quoted $380 at 8:30 am, 24 Nov": a quote due for its follow-up. */
function followUpLine(
  { lead, since, cents }: DueNow["followUps"][number],
  telegram: TelegramOptions,
  clock: Clock,
  now: number,
): Piece[] {
  const link = noticeLink(noticeChat(lead, telegram), lead.noticeMessageId);
  return [
    ...whoInLine(lead),
    plain(
      `quoted ${cents === null ? "" : `${formatDollars(cents)} at `}${clock.time(since, now)}${link ? ` ${link}` : ""}\n`,
    ),
  ];
}

/** "- Ann Lee, +61 412 345 678, " */
function whoInLine(lead: Lead): Piece[] {
  const phone = phoneInLine(lead.fields?.phone ?? "");
  return [
    plain("- "),
    nameInLine(lead.fields?.name ?? "(erased)"),
    plain(", "),
    ...(phone ? [value(phone), plain(", ")] : []),
  ];
}

/** A link to a message in a supergroup or channel (chat ids -100…); private chats have none. */
export function noticeLink(chatId: string, messageId: number | null): string | undefined {
  const match = /^-100(\d+)$/.exec(chatId);
  return match && messageId !== null ? `https://t.me/c/${match[1]}/${messageId}` : undefined;
}
