/**
 * What the relay tells the owner beyond each notice, run every minute (the
 * Node relay's timer, the Worker's Cron Trigger):
 *
 * - the owner's commands set for the owner's chat, once (commands.ts);
 * - a notice whose Undo's minute is up is edited to take the button away;
 * - the messages about a lead erased at its visitor's request are edited to say
 *   so (erased-notices.ts);
 * - at opening, one morning message first (digest.ts): the day's jobs, who is
 *   waiting, the quotes due for follow-up, the leads since the last one by
 *   stage, spam stopped, and on Monday last week in figures (weekly.ts); the
 *   reminders and follow-ups due then are folded into it, not sent one by one;
 * - a reminder, as a reply to its notice, with who, the number to ring, how
 *   long they have waited and the notice's buttons, for a lead still at no stage
 *   `reminderMinutes` after it was delivered; only while the business is open
 *   (content/site.yaml's hours, in its timeZone), so one that waits overnight is
 *   reminded at the next opening (in the morning message); once per lead;
 * - a follow-up of a quote not yet booked; a stale lead's second reminder, then
 *   the offer to close it (stale.ts);
 * - the booking's steps (booking-tick.ts).
 *
 * A reminder's and a follow-up's message ids are kept (lead_messages), so the owner's reply to one
 * counts for its lead as a reply to the notice does (replies.ts). What one run sends is paced
 * (pace.ts): at most PER_TICK messages, a second apart; the rest goes at the next minute's run.
 */
import { eraseNotices } from "./erased-notices.ts";
import { expireUndos, noticeChat } from "./notice-edit.ts";
import { weeklySummary } from "./weekly.ts";
import { sendOnce, type TelegramOptions } from "../telegram/client.ts";
import type { Lead } from "../leads/lead.ts";
import type { LeadStore } from "../leads/store.ts";
import { stageKeyboard, type NoticeKeyboard } from "./stage-buttons.ts";
import { DAY_MS, digest, type DigestOptions } from "./digest.ts";
import { followUpText, reminderText } from "./reminder-text.ts";
import { Sends, type PaceOptions } from "./pace.ts";
import { bookingTick } from "./booking-tick.ts";
import type { BookingOwner } from "./booking-owner.ts";
import { staleLeads, type StaleOptions } from "./stale.ts";
import { commandsInPlace } from "./commands.ts";

export interface OwnerOptions extends DigestOptions, StaleOptions {
  /** Minutes after delivery before a lead still waiting is reminded; 0: never. */
  reminderMinutes: number;
  /** Whether the owner's commands are read (updates come in): their menu is set for the owner's chat. */
  commands?: boolean;
  /** How the run's messages are paced (pace.ts); its defaults are Telegram's. */
  pace?: PaceOptions;
  /** The booking's features (issue 51): acceptances told, owed emails recorded, tomorrow's reminders. */
  booking?: BookingOwner;
  now?: () => number;
}

/**
 * One run of the reminders and the digest at `now`: at most PER_TICK messages (pace.ts), the rest at the next
 * run.
 */
export async function ownerTick(options: OwnerOptions, now: number): Promise<void> {
  const sends = new Sends(options.pace);
  const editing = { ...options, clock: options.hours.clock };
  if (options.commands) await commandsInPlace(options);
  await expireUndos(editing, now);
  await eraseNotices(editing, now, sends);
  // The morning message first, with the reminders and follow-ups due at opening folded into it.
  await digest(options, now, sends);
  await remind(options, now, sends);
  await followUp(options, now, sends);
  await staleLeads(options, now, sends, (id, kind, message) =>
    sendAbout(options, now, sends, id, kind, message),
  );
  if (options.booking) {
    const { store, telegram, log, booking } = options;
    await bookingTick({ store, telegram, log, booking, now: options.now ?? (() => now) }, now, sends);
  }
  await weeklySummary(options, now, sends);
}

async function remind(options: OwnerOptions, now: number, sends: Sends): Promise<void> {
  const { store, hours, reminderMinutes } = options;
  if (!reminderMinutes || !hours.isOpen(now)) return;
  for (const lead of await store.owner.unremindedWaiting(now - reminderMinutes * 60_000)) {
    // Out of room this run: the rest are still untaken, for the next.
    if (!sends.room()) return;
    // Due at delivery + the wait, or at the next opening after that; put off with Later, at the time it was
    // put off to.
    const due = hours.nextOpenAt(lead.snoozedUntil ?? lead.since + reminderMinutes * 60_000);
    if (due === undefined || due > now || !(await store.owner.reminder(lead.id, now))) continue;
    await sendAbout(options, now, sends, lead.id, "reminder", (fields) => ({
      text: reminderText(fields, lead.receivedAt, now, hours.clock),
      keyboard: { phone: fields?.phone, later: true },
    }));
  }
}

/**
 * A lead at Quoted and not Booked or Lost `followUpDays` business days after the quote gets one
 * follow-up at that day's opening (or when Later put it off to), as a reply to its notice: half of
 * a cleaning business's work is won in the follow-up.
 */
async function followUp(options: OwnerOptions, now: number, sends: Sends): Promise<void> {
  const { store, hours, followUpDays = 0 } = options;
  if (!followUpDays || !hours.isOpen(now)) return;
  // A cheap bound for the store: the follow-up's day is at least as many calendar days after the quote's day,
  // so the quote was at least one fewer days before now (less an hour, for a day daylight saving shortens).
  for (const lead of await store.owner.unfollowedQuoted(now - (followUpDays - 1) * DAY_MS + 3_600_000)) {
    if (!sends.room()) return;
    const due = lead.snoozedUntil ?? hours.openingAfterBusinessDays(lead.since, followUpDays);
    if (due === undefined || due > now || !(await store.owner.followUp(lead.id, now))) continue;
    const cents = await store.notes.quote(lead.id);
    await sendAbout(options, now, sends, lead.id, "follow-up", (fields) => ({
      text: followUpText(fields, lead.since, now, hours.clock, cents),
      keyboard: { current: "quoted", phone: fields?.phone, later: true },
    }));
  }
}

const SENT_ABOUT = {
  reminder: {
    done: "reminded",
    failed: (id: string) => `could not remind the owner of lead ${id}`,
    giveBack: (store: LeadStore, id: string) => store.owner.reminder(id, null),
  },
  "follow-up": {
    done: "followed up",
    failed: (id: string) => `could not send the follow-up of lead ${id}`,
    giveBack: (store: LeadStore, id: string) => store.owner.followUp(id, null),
  },
  nudge: {
    done: "reminded a second time",
    failed: (id: string) => `could not send the second reminder of lead ${id}`,
    giveBack: (store: LeadStore, id: string) => store.owner.staleStep("nudge", id, null),
  },
  stale: {
    done: "offered to close as Lost (No answer)",
    failed: (id: string) => `could not offer to close lead ${id}`,
    giveBack: (store: LeadStore, id: string) => store.owner.staleStep("offer", id, null),
  },
};

/** How a message about a lead is sent (sendAbout), for the steps in files of their own (stale.ts). */
export type SendAbout = (
  leadId: string,
  kind: keyof typeof SENT_ABOUT,
  message: (fields: Record<string, string> | null) => { text: string; markup: NoticeKeyboard },
) => Promise<void>;

/**
 * A reminder or follow-up the run has taken in the store: sent at the run's pace, with the stage
 * buttons, as a reply to the lead's notice where it can be; kept (lead_messages) once Telegram has
 * it, so a reply to it counts for the lead, or given back for the next minute's run when not.
 */
async function sendAbout(
  { store, telegram, log }: OwnerOptions,
  now: number,
  sends: Sends,
  leadId: string,
  kind: keyof typeof SENT_ABOUT,
  message: (
    fields: Record<string, string> | null,
  ) =>
    | { text: string; keyboard: Parameters<typeof stageKeyboard>[1] }
    | { text: string; markup: NoticeKeyboard },
): Promise<void> {
  const lead = await store.get(leadId);
  const made = message(lead?.fields ?? null);
  await sends.next();
  const sent = await sendOnce(made.text, telegram, "Markdown", {
    ...replyToNotice(lead, telegram),
    reply_markup: "markup" in made ? made.markup : stageKeyboard(leadId, made.keyboard),
  });
  sends.heard(sent);
  const words = SENT_ABOUT[kind];
  if (sent.kind === "sent") {
    log(`relay: lead ${leadId} ${words.done}`);
    if (sent.messageId !== undefined)
      await store.notes.sentAbout(leadId, sent.chatId, sent.messageId, kind, now);
  } else {
    await words.giveBack(store, leadId);
    log(`relay: ${words.failed(leadId)} (${sent.reason}); trying again in a minute`);
  }
}

/**
 * A reminder or follow-up answers the lead's notice when the notice is in the chat it goes to. One
 * left in a group that became a supergroup is not: a message id names a message only in its own
 * chat, and the same id in the supergroup may be another lead's notice.
 */
function replyToNotice(
  lead: Lead | undefined,
  telegram: TelegramOptions,
): { reply_parameters?: { message_id: number; allow_sending_without_reply: true } } {
  if (!lead || lead.noticeMessageId === null || noticeChat(lead, telegram) !== telegram.chatId) return {};
  return { reply_parameters: { message_id: lead.noticeMessageId, allow_sending_without_reply: true } };
}
