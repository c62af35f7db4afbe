/**
 * The owner's day replayed through a relay's real doors, on either host (issue 41): forms posted
 * over HTTP, presses and replies as Telegram updates from the stand-in (long polling on Node, the
 * webhook on the Worker), and the relay's minute tick at each moment the clock is moved to. After
 * every step `agree` reads what the owner could read (each notice as the chat shows it now, the
 * reminders, follow-ups, digests and summaries sent, `npm run leads -- show` for each lead, and
 * `npm run leads -- report --json`) and the store, and asserts they tell one story.
 *
 * The checks are structural, derived from the store, not pinned strings: the notice is read for its
 * stage line and its ticked buttons only, so a change in how it renders its history leaves them
 * standing (the exact text is owner-day.transcript.txt's test's business).
 *
 * The day (Brisbane time; the site's hours: Monday to Friday 8 am to 6 pm, Saturday 9 to 4):
 * Monday 9 pm a quote request (Ann) while closed; Tuesday at opening one morning message with her
 * reminder folded in, Called pressed on the notice, Quoted, a reply "$380"; 10 am a contact message (Bob) in hours, the
 * owner's finger slipping (Not a job, Booked, Called) and Undo within the minute, a reply with an
 * amount and one with a note; 2 pm a quote request (Cara) left alone, reminded at 2:30, put off with
 * Later (tomorrow morning), in Wednesday's morning message and Called from her reminder;
 * Friday's morning message with Ann's follow-up (three business days after the quote) and her
 * amount, Lost, then why (Price, the second row); Monday at opening the weekly summary.
 */
import { expect } from "vitest";
import { leadsArgs } from "../../../scripts/leads/args.ts";
import { output } from "../../../scripts/leads/output.ts";
import { report } from "../../../scripts/leads/report.ts";
import { show } from "../../../scripts/leads/show.ts";
import { capturedIo } from "../../../scripts/script-io.ts";
import { formatDollars } from "../../shared/pricing/format.ts";
import type { LeadStore } from "../leads/store.ts";
import type { MonthReport } from "../owner/report.ts";
import {
  LOST_REASONS,
  reasonLabel,
  STAGES,
  stageLabel,
  type LostReason,
  type Press,
  type Stage,
} from "../leads/stages.ts";
import { UNDO_MS } from "../owner/stage-buttons.ts";
import type { ChatMessage, ReplyMarkup, StandIn } from "./telegram-stand-in.ts";
import { CLOCK, FACTS, ZONE_VARS } from "./business.ts";

/** The site's hours (content/site.yaml), as BUSINESS_HOURS: the Worker is given them so. */
export const OWNER_DAY_HOURS = JSON.stringify([
  { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
  { days: ["Saturday"], opens: "09:00", closes: "16:00" },
  { days: ["Sunday"] },
]);
/** Where the forms are posted from (ALLOWED_ORIGINS). */
export const OWNER_DAY_ORIGIN = "https://www.example.com";
/**
 * The relay's settings the day needs beyond the stand-in's: its hours, a reminder after 30 minutes, a
 * follow-up after 3 business days.
 */
export const OWNER_DAY_ENV = {
  ...ZONE_VARS,
  BUSINESS_HOURS: OWNER_DAY_HOURS,
  ALLOWED_ORIGINS: OWNER_DAY_ORIGIN,
  LEAD_REMINDER_MINUTES: "30",
  LEAD_FOLLOW_UP_DAYS: "3",
};

/** A Brisbane wall-clock time ("2026-11-23T21:00" or with seconds) as milliseconds. */
export const brisbaneAt = (local: string) => Date.parse(`${local}${local.length === 16 ? ":00" : ""}+10:00`);

/** What a host gives the day: its doors, its clock and its store. */
export interface OwnerDayHost {
  tg: StandIn;
  /** Moves the relay's clock to this time (never back). */
  moveTo(time: number): void;
  /** Posts a form to the relay over HTTP as a browser would. */
  post(form: "quote" | "contact", body: Record<string, string>): Promise<Response>;
  /**
   * Resolves once the relay has sent every notice it owes at its clock (a bounded wait that says what it
   * waited for).
   */
  delivered(what: string): Promise<void>;
  /**
   * Resolves once the relay has handled every update the stand-in has made (polling: the poller is idle;
   * webhook: at once).
   */
  handled(): Promise<void>;
  /**
   * The relay's minute tick at its clock: the Undos' minute, reminders, follow-ups, digest, weekly summary.
   */
  tick(): Promise<void>;
  /**
   * The relay's store as it is now, read as the owner's script reads it (on workerd, a copy of D1 taken now).
   */
  store(): Promise<LeadStore>;
}

interface Lead {
  /** The form's submissionId, which the relay takes as the lead's id. */
  id: string;
  form: "quote" | "contact";
  name: string;
  phone: string;
}
const ANN: Lead = {
  id: "0a000000-0000-4000-8000-000000000001",
  form: "quote",
  name: "Ann Lee",
  phone: "0412 345 678",
};
const BOB: Lead = {
  id: "0b000000-0000-4000-8000-000000000002",
  form: "contact",
  name: "Bob Chan",
  phone: "0423 456 789",
};
const CARA: Lead = {
  id: "0c000000-0000-4000-8000-000000000003",
  form: "quote",
  name: "Cara Diaz",
  phone: "0434 567 890",
};
const LEADS = [ANN, BOB, CARA];

type Where = "notice" | "reminder" | "follow-up";
type Action =
  | { post: Lead; body: Record<string, string> }
  | { press: Lead; on: Where; button: string }
  | { reply: Lead; text: string }
  | { tick: true };

interface Step {
  /** Brisbane wall-clock time. */
  at: string;
  what: string;
  /** What the step does after the relay's tick at `at` (the minute timer runs whatever the owner does). */
  action: Action;
  /**
   * Where each named lead stands after the step, by the story (the store must say so; agree checks the rest
   * against the store).
   */
  stages?: [Lead, Stage | null, LostReason?][];
  /** The first words of each message the relay sends during the step, in order (edits aside). */
  sent?: RegExp[];
}

const quote = (lead: Lead, message: string, address: string) => ({
  post: lead,
  body: {
    name: lead.name,
    email: `${lead.name.split(" ")[0].toLowerCase()}@example.com`,
    phone: lead.phone,
    address,
    message,
    submissionId: lead.id,
  },
});

export const OWNER_DAY: Step[] = [
  {
    at: "2026-11-23T21:00",
    what: "Monday 9 pm, closed: Ann's quote request",
    action: quote(ANN, "Bond clean, 2 bedrooms, keys back 3 Dec.", "12 Jacaranda St, Annerley"),
    stages: [[ANN, null]],
    sent: [/^New Quote Request: Ann Lee,/],
  },
  {
    at: "2026-11-23T21:40",
    what: "Monday 9:40 pm: no reminder while closed",
    action: { tick: true },
    sent: [],
  },
  {
    at: "2026-11-24T08:00",
    what: "Tuesday 8 am, opening: one morning message, Ann's reminder folded into it",
    action: { tick: true },
    sent: [/^Yesterday's leads/],
  },
  {
    at: "2026-11-24T08:10",
    what: "Called, pressed on the notice the morning message links",
    action: { press: ANN, on: "notice", button: "Called" },
    stages: [[ANN, "called"]],
  },
  {
    at: "2026-11-24T08:30",
    what: "Quoted, on the notice",
    action: { press: ANN, on: "notice", button: "Quoted" },
    stages: [[ANN, "quoted"]],
  },
  {
    at: "2026-11-24T08:31",
    what: "A reply to Ann's notice: $380",
    action: { reply: ANN, text: "$380" },
    sent: [/^Quote recorded for Ann Lee: \$380\./],
  },
  {
    at: "2026-11-24T10:00",
    what: "Tuesday 10 am, open: Bob's contact message",
    action: {
      post: BOB,
      body: {
        name: BOB.name,
        email: "bob@example.com",
        phone: BOB.phone,
        service: "",
        message: "End of lease clean next week?",
        submissionId: BOB.id,
      },
    },
    stages: [[BOB, null]],
    sent: [/^New Contact Form Submission: Bob Chan,/],
  },
  {
    at: "2026-11-24T10:05:00",
    what: "A slip: Not a job",
    action: { press: BOB, on: "notice", button: "Not a job" },
    stages: [[BOB, "not-a-job"]],
  },
  {
    at: "2026-11-24T10:05:10",
    what: "Booked, meant",
    action: { press: BOB, on: "notice", button: "Booked" },
    stages: [[BOB, "booked"]],
  },
  {
    at: "2026-11-24T10:05:20",
    what: "Another slip: Called",
    action: { press: BOB, on: "notice", button: "Called" },
    stages: [[BOB, "called"]],
  },
  {
    at: "2026-11-24T10:05:40",
    what: "Undo within the minute: back to Booked",
    action: { press: BOB, on: "notice", button: "Undo" },
    stages: [[BOB, "booked"]],
  },
  { at: "2026-11-24T10:07", what: "The Undo's minute is up (it was used)", action: { tick: true }, sent: [] },
  {
    at: "2026-11-24T10:10",
    what: "A reply to Bob's notice with an amount",
    action: { reply: BOB, text: "$260" },
    sent: [/^Quote recorded for Bob Chan: \$260\./],
  },
  {
    at: "2026-11-24T10:11",
    what: "A reply to Bob's notice with a note",
    action: { reply: BOB, text: "wants Saturday morning, key under the mat" },
    sent: [/^Note added to Bob Chan's lead\./],
  },
  {
    at: "2026-11-24T14:00",
    what: "Tuesday 2 pm: Cara's quote request",
    action: quote(CARA, "Oven and windows, 3 bedrooms.", "3 Poinciana Ave, Yeronga"),
    stages: [[CARA, null]],
    sent: [/^New Quote Request: Cara Diaz,/],
  },
  { at: "2026-11-24T14:29", what: "Not yet half an hour", action: { tick: true }, sent: [] },
  {
    at: "2026-11-24T14:30",
    what: "Cara untouched for 30 minutes: her reminder",
    action: { tick: true },
    sent: [/^Reminder: Cara Diaz,/],
  },
  {
    at: "2026-11-24T14:35",
    what: "Later (tomorrow morning), on her reminder",
    action: { press: CARA, on: "reminder", button: "Later (tomorrow morning)" },
    stages: [[CARA, null]],
    sent: [],
  },
  { at: "2026-11-24T17:59", what: "Not before the morning", action: { tick: true }, sent: [] },
  {
    at: "2026-11-25T08:00",
    what: "Wednesday 8 am: the morning message, Cara's reminder put off to it folded in",
    action: { tick: true },
    sent: [/^Yesterday's leads/],
  },
  {
    at: "2026-11-25T08:15",
    what: "Called, pressed on her reminder of yesterday",
    action: { press: CARA, on: "reminder", button: "Called" },
    stages: [[CARA, "called"]],
  },
  {
    at: "2026-11-26T08:00",
    what: "Thursday 8 am: two business days after Ann's quote, no follow-up yet",
    action: { tick: true },
    sent: [],
  },
  {
    at: "2026-11-27T08:00",
    what: "Friday 8 am: the morning message with Ann's follow-up, three business days after the quote, with her amount",
    action: { tick: true },
    sent: [/^Yesterday's leads\nNo new leads\.\n\nQuotes to follow up \(1\):\n- Ann Lee, .*quoted \$380 at /],
  },
  { at: "2026-11-27T10:05", what: "No follow-up of its own", action: { tick: true }, sent: [] },
  {
    at: "2026-11-27T10:10",
    what: "Lost",
    action: { press: ANN, on: "notice", button: "Lost" },
    stages: [[ANN, "lost"]],
  },
  {
    at: "2026-11-27T10:11",
    what: "Why: Price, on the second row",
    action: { press: ANN, on: "notice", button: "Price" },
    stages: [[ANN, "lost", "price"]],
  },
  // The minute timer runs every minute; a relay stopped for more than a day after a press would leave its
  // Undo showing (StageStore.showingUndo looks back a day).
  { at: "2026-11-27T10:12", what: "The Undo's minute is up", action: { tick: true }, sent: [] },
  {
    at: "2026-11-30T08:00",
    what: "Monday 8 am: the weekly summary",
    action: { tick: true },
    sent: [/^Last week \(23 Nov to 29 Nov\)/],
  },
];

/**
 * Replays the day on a host, checking after every step that the chat, the store, `leads show` and the report
 * agree.
 */
export async function replayOwnerDay(host: OwnerDayHost): Promise<void> {
  const { tg } = host;
  const seen = { messages: 0 };
  for (const step of OWNER_DAY) {
    const now = brisbaneAt(step.at);
    host.moveTo(now);
    const before = tg.delivered.length;
    await host.tick();
    await act(host, step.action, now);
    const sent = tg.delivered.slice(before).map((d) => d.shown);
    if (step.sent)
      expect(
        sent.map((s) => step.sent!.findIndex((r) => r.test(s))),
        `${step.what}: the messages sent were\n${sent.join("\n---\n")}`,
      ).toEqual(step.sent.map((_, i) => i));
    for (const [lead, stage, reason] of step.stages ?? []) {
      const row = await leadRow(await host.store(), lead.id);
      expect(
        [row?.stage ?? null, row?.lost_reason ?? undefined],
        `${step.what}: ${lead.name}'s stage in the store`,
      ).toEqual([stage, reason]);
    }
    await agree(host, now, step.what, seen);
  }
}

/** One step's doing, at `now` on the relay's clock: every time the store keeps for it is `now`. */
async function act(host: OwnerDayHost, action: Action, now: number): Promise<void> {
  const { tg } = host;
  if ("post" in action) {
    const res = await host.post(action.post.form, action.body);
    expect(res.status, `the ${action.post.form} form's post`).toBe(200);
    await res.arrayBuffer();
    await host.delivered(`${action.post.name}'s notice`);
    const row = await leadRow(await host.store(), action.post.id);
    expect(
      [num(row?.received_at ?? null), num(row?.delivered_at ?? null)],
      `${action.post.name}: received and delivered on the relay's clock`,
    ).toEqual([now, now]);
  } else if ("press" in action) {
    const message = messageOf(
      tg,
      await noticeId(await host.store(), action.press),
      action.on,
      action.press.name,
    );
    const button = message.replyMarkup?.inline_keyboard
      .flat()
      .find((b) => b.text === action.button || b.text === `✓ ${action.button}`);
    if (!button?.callback_data)
      throw new Error(
        `no ${action.button} button on ${action.press.name}'s ${action.on}: ${buttonTexts(message).join(", ")}`,
      );
    const presses = tg.answers.length;
    await tg.press(message.messageId, button.callback_data);
    await host.handled();
    expect(tg.answers.length, `${action.button}: the press is answered`).toBe(presses + 1);
    const store = await host.store();
    if (!action.button.startsWith("Later"))
      expect(
        (await store.stages.presses(action.press.id)).at(-1)?.at,
        `${action.button}: kept at the relay's clock`,
      ).toBe(now);
    else {
      // Put off to the time the store keeps, which the answer names.
      const until = num((await leadRow(store, action.press.id))?.snoozed_until ?? null);
      expect(until, `${action.press.name}: put off`).not.toBeNull();
      expect(tg.answers.at(-1)?.text).toBe(`Later: reminded again at ${CLOCK.time(until!)}.`);
    }
  } else if ("reply" in action) {
    await tg.reply(await noticeId(await host.store(), action.reply), action.text);
    await host.handled();
  }
}

async function noticeId(store: LeadStore, lead: Lead): Promise<number> {
  const id = (await store.get(lead.id))?.noticeMessageId;
  if (!id) throw new Error(`${lead.name}'s lead has no notice in the store`);
  return id;
}

/** The lead's notice, or its latest reminder or follow-up (a reply to the notice). */
function messageOf(tg: StandIn, notice: number, on: Where, name: string): ChatMessage {
  if (on === "notice") return tg.messages.get(notice)!;
  const prefix = on === "reminder" ? "Reminder:" : "Follow up:";
  const found = [...tg.messages.values()]
    .filter((m) => m.replyTo === notice && m.shown.startsWith(`${prefix} ${name},`))
    .at(-1);
  if (!found) throw new Error(`no ${on} of ${name}'s lead in the chat`);
  return found;
}

const buttonTexts = (m: { replyMarkup?: ReplyMarkup }) =>
  (m.replyMarkup?.inline_keyboard ?? []).flat().map((b) => b.text);

interface LeadRow {
  id: string;
  stage: Stage | null;
  lost_reason: LostReason | null;
  quote_cents: number | null;
  received_at: number;
  delivered_at: number | null;
  reminded_at: number | null;
  followed_up_at: number | null;
  snoozed_until: number | null;
  notice_message_id: number | null;
}

const leadRows = (store: LeadStore) =>
  store.sql.all<LeadRow>(
    "SELECT id, stage, lost_reason, quote_cents, received_at, delivered_at, reminded_at, followed_up_at, snoozed_until, notice_message_id FROM leads WHERE status = 'delivered' ORDER BY received_at, id",
  );
const leadRow = async (store: LeadStore, id: string) => (await leadRows(store)).find((r) => r.id === id);

const stageWords = (stage: Stage | null, reason?: LostReason | null) =>
  stage === null
    ? "waiting"
    : `${stageLabel(stage)}${stage === "lost" && reason ? ` (${reasonLabel(reason)})` : ""}`;
const num = (v: number | null) => (v === null ? null : Number(v));

/**
 * One look at everything the owner can read, against the store: every lead's notice (its stage line on top,
 * the ticked stage and reason, an Undo only for the latest press within its minute), `leads show` (its stage,
 * every press in order, the quote and the notes, which the notice shows too), the messages sent since the
 * last look (reminders, follow-ups, reply confirmations, digest, weekly summary), and the month's report
 * (each stage's count, the outcomes).
 */
export async function agree(
  host: OwnerDayHost,
  now: number,
  what: string,
  seen: { messages: number },
): Promise<void> {
  const { tg } = host;
  const store = await host.store();
  const rows = await leadRows(store);
  const notes = store.notes;
  const byNotice = new Map<number, { row: LeadRow; name: string }>();
  /**
   * Each lead's first press of Called, Quoted or Booked that stands (an Undo's aside): the report's first
   * contact.
   */
  const contacted = new Map<string, number>();
  for (const row of rows) {
    const lead = LEADS.find((l) => l.id === row.id)!;
    const at = `${what}: ${lead.name}`;
    const presses = await store.stages.presses(row.id);
    const latest = presses.at(-1);
    // The store's own two records agree: the lead's stage and Lost's reason are its latest press's (an
    // Undo's: where it went back to).
    expect(row.stage, `${at}: the stage is the latest press's`).toBe(latest ? latest.to : null);
    expect(row.lost_reason, `${at}: Lost's reason is the latest press's`).toBe(
      row.stage === "lost" ? (latest?.reason ?? null) : null,
    );

    // (a) The notice, as the chat shows it now.
    expect(row.notice_message_id, `${at}: a notice`).not.toBeNull();
    const notice = tg.messages.get(Number(row.notice_message_id))!;
    byNotice.set(notice.messageId, { row, name: lead.name });
    expect(notice.shown, `${at}: the notice is the lead's`).toContain(`Name: ${lead.name}\n`);
    expect(notice.shown, `${at}: the notice's time`).toContain(
      `Submitted: ${CLOCK.long(Number(row.received_at))}`,
    );
    const stageLine = /^Stage: (.+)$/m.exec(notice.shown.split("\n")[0])?.[1];
    // A notice no button was pressed for is as sent; once pressed, its top line says where the lead stands
    // (waiting again after an Undo). At Lost before a reason is pressed, the line asks why ("Lost (why? …)"):
    // its stage is Lost all the same.
    const lineStage = stageLine?.replace(/^Lost \(why\b.*\)$/, "Lost");
    expect(
      lineStage ?? (presses.length ? "(no stage line)" : "waiting"),
      `${at}: the notice's stage line`,
    ).toBe(stageWords(row.stage, row.lost_reason));
    const buttons = buttonTexts(notice);
    const ticked = buttons.filter((b) => b.startsWith("✓ ")).map((b) => b.slice(2));
    const expectTicked = [
      ...(row.stage ? [stageLabel(row.stage)] : []),
      ...(row.lost_reason ? [reasonLabel(row.lost_reason)] : []),
    ];
    expect(ticked, `${at}: the notice's ticked buttons`).toEqual(expectTicked);
    expect(
      buttons.some((b) => b.replace(/^✓ /, "") === "Price"),
      `${at}: Lost's reasons shown only at Lost`,
    ).toBe(row.stage === "lost");
    const undoShown = notice.replyMarkup!.inline_keyboard.flat().find((b) => b.text === "Undo");
    const undoDue = latest !== undefined && latest.undoes === null && now - latest.at < UNDO_MS;
    expect(undoShown?.callback_data, `${at}: Undo only for the latest press, within its minute`).toBe(
      undoDue ? `undo:${latest.seq}:${row.id}` : undefined,
    );

    // (c) `npm run leads -- show ID`, as the owner reads it.
    const shown = await leadsCommand(store, ["show", row.id]);
    const field = (key: string) => new RegExp(`^${key} +(.*)$`, "m").exec(shown)?.[1];
    expect(field("stage"), `${at}: show's stage`).toBe(stageWords(row.stage, row.lost_reason));
    const pressLines = shown.split("\n").filter((l) => / → .*, by /.test(l));
    expect(pressLines, `${at}: show lists every press the store keeps, in order`).toEqual(
      presses.map((p) => {
        const move = `${stageWords(p.from, p.fromReason)} → ${stageWords(p.to, p.reason)}`;
        return `  ${CLOCK.long(p.at)}  ${p.undoes === null ? move : `Undo (${move})`}, by ${p.byName}`;
      }),
    );
    const cents = await notes.quote(row.id);
    expect(num(row.quote_cents), `${at}: the quote`).toBe(cents);
    if (cents === null) expect(shown, `${at}: show has no quote`).not.toMatch(/^Quoted: /m);
    else
      expect(shown, `${at}: show's quote`).toContain(
        `\nQuoted: ${formatDollars(cents)} (a reply to the notice)`,
      );
    // The notice says the same: the quote under its stage line, each note by its writer.
    const noticeQuote = /^Quote: (.+)$/m.exec(notice.shown)?.[1];
    expect(noticeQuote ?? null, `${at}: the notice's quote`).toBe(
      cents === null ? null : formatDollars(cents),
    );
    const written = await notes.notes(row.id);
    expect(
      notice.shown
        .split("\n")
        .filter((l) => l.startsWith("Note by "))
        .map((l) => l.replace(/^Note by (.+?) at .*?: /, "$1: ")),
      `${at}: the notice's notes`,
    ).toEqual(written.map((n) => `${n.byName}: ${n.text.split("\n")[0]}`));
    for (const n of written)
      expect(shown, `${at}: show's notes`).toContain(`${CLOCK.long(n.at)}, ${n.byName}: ${n.text}`);
    if (!written.length)
      expect(shown, `${at}: show has no notes`).not.toContain("Notes, replies to the notice");
    const contact = standingPresses(presses).find(
      (p) => p.to === "called" || p.to === "quoted" || p.to === "booked",
    );
    if (contact) contacted.set(row.id, contact.at);
  }

  // (b) The messages sent since the last look, each against the store.
  const fresh = tg.delivered.slice(seen.messages);
  seen.messages = tg.delivered.length;
  for (const m of fresh) {
    const text = m.shown;
    const about = tg.messages.get(m.messageId)?.replyTo;
    const at = `${what}: "${text.split("\n")[0]}"`;
    // A reminder or a follow-up is a reply to its lead's notice; a reply's confirmation, to the owner's
    // reply, names the lead.
    const named = /^(Quote recorded for|Note added to) /.test(text)
      ? [...byNotice.values()].find((l) => text.includes(` ${l.name}`))
      : undefined;
    const lead = named ?? (about === undefined ? undefined : byNotice.get(about));
    if (/^(Reminder|Follow up|Quote recorded|Note added)/.test(text))
      expect(lead, `${at} is about a lead`).toBeDefined();
    if (text.startsWith("Reminder:")) {
      expect(text.startsWith(`Reminder: ${lead!.name},`), at).toBe(true);
      // Sent now, to a lead still waiting; its buttons are the notice's with Later.
      expect([lead!.row.stage, num(lead!.row.reminded_at)], `${at}: the store took the reminder`).toEqual([
        null,
        now,
      ]);
      expect(buttonTexts(m).slice(-2), at).toEqual(["Later (in 2 hours)", "Later (tomorrow morning)"]);
    } else if (text.startsWith("Follow up:")) {
      expect(text.startsWith(`Follow up: ${lead!.name},`), at).toBe(true);
      expect([lead!.row.stage, num(lead!.row.followed_up_at)], `${at}: the store took the follow-up`).toEqual(
        ["quoted", now],
      );
      const cents = num(lead!.row.quote_cents);
      if (cents !== null)
        expect(text, `${at}: the amount quoted`).toContain(`quoted ${formatDollars(cents)} at `);
    } else if (/^Quote recorded for /.test(text)) {
      expect(text, at).toContain(`${lead!.name}: ${formatDollars(num(lead!.row.quote_cents)!)}.`);
      // Its advice fits where the lead stands: "press Quoted" only for a lead not yet quoted (a Booked one
      // pressed back to Quoted would lose its booking).
      expect(
        /press Quoted/i.test(text),
        `${at}: "press Quoted" for a lead at ${stageWords(lead!.row.stage)}`,
      ).toBe(lead!.row.stage === null || lead!.row.stage === "called");
    } else if (text.startsWith("Note added to ")) {
      const last = (await notes.notes(lead!.row.id)).at(-1);
      expect([text.startsWith(`Note added to ${lead!.name}'s lead.`), last?.at], at).toEqual([true, now]);
    } else {
      // The morning message: the digest with what was due at opening folded in, and on Monday the week.
      if (/^(Yesterday's leads|Leads of the last)/.test(text)) digestAgrees(text, rows, now, at);
      const week = text.startsWith("Last week") ? 0 : text.indexOf("\nLast week (") + 1;
      if (week >= 0 && (week > 0 || text.startsWith("Last week")))
        weeklyAgrees(text.slice(week), rows, contacted.size, at);
    }
  }

  // (d) The report, as `npm run leads -- report --json` prints it, against the store.
  const month = JSON.parse(
    await leadsCommand(store, ["report", "--month", "2026-11", "--json"], {
      BUSINESS_HOURS: OWNER_DAY_HOURS,
    }),
  ) as MonthReport;
  const count = (f: (r: LeadRow) => boolean) => rows.filter(f).length;
  const stageCounts = Object.fromEntries([
    ["waiting", count((r) => r.stage === null)],
    ...STAGES.map((s) => [s.key, count((r) => r.stage === s.key)]),
  ]);
  expect(month.totals.all, `${what}: the report's stages`).toEqual({ ...stageCounts, total: rows.length });
  const booked = rows.filter((r) => r.stage === "booked");
  const lostByReason: Record<string, number> = {};
  for (const r of rows.filter((r) => r.stage === "lost"))
    lostByReason[r.lost_reason ?? "not given"] = (lostByReason[r.lost_reason ?? "not given"] ?? 0) + 1;
  const real = count((r) => r.stage !== "not-a-job");
  expect(month.outcomes, `${what}: the report's outcomes`).toEqual({
    realLeads: real,
    booked: booked.length,
    conversion: real ? booked.length / real : null,
    bookedCents: booked.reduce((n, r) => n + (num(r.quote_cents) ?? 0), 0),
    bookedValued: booked.filter((r) => r.quote_cents !== null).length,
    quoted: count((r) => r.stage === "quoted"),
    lost: count((r) => r.stage === "lost"),
    lostByReason,
  });
  // First contact: the first press of Called, Quoted or Booked that stands (an undone one is forgotten).
  expect(
    Object.fromEntries(month.timeToCalled.calls.map((c) => [c.id, Date.parse(c.calledAt)])),
    `${what}: the report's first contact of each lead`,
  ).toEqual(Object.fromEntries(contacted));
}

/**
 * The morning digest against the store: the leads of its days (up to midnight) by form and by the
 * stage they stand at, and every lead from before midnight still waiting, oldest first.
 */
function digestAgrees(text: string, rows: LeadRow[], now: number, at: string): void {
  const midnight = CLOCK.local(now).midnight;
  const days = Number(/^Leads of the last (\d+) days/.exec(text)?.[1] ?? 1);
  const of = rows.filter(
    (r) => Number(r.received_at) >= midnight - days * 86_400_000 && Number(r.received_at) < midnight,
  );
  const form = (kind: string) => of.filter((r) => LEADS.find((l) => l.id === r.id)!.form === kind).length;
  if (/^No new leads\.$/m.test(text)) expect(of, `${at}: no new leads`).toEqual([]);
  else {
    const [quotes, contacts] =
      /^(\d+) quote requests?, (\d+) contact messages?$/m.exec(text)?.slice(1).map(Number) ?? [];
    expect([quotes, contacts], `${at}: the leads by form`).toEqual([form("quote"), form("contact")]);
    byStageAgrees(text, of, at);
  }
  // Who is waiting: every lead from before midnight, and those whose reminder was folded in (taken now).
  const name = (r: LeadRow) => LEADS.find((l) => l.id === r.id)!.name;
  const listed = [...text.matchAll(/^- (.+?), \+61[^\n]*, (?:quote|contact), waiting /gm)].map((x) => x[1]);
  const waiting = rows
    .filter((r) => r.stage === null && (Number(r.received_at) < midnight || num(r.reminded_at) === now))
    .map(name);
  expect(listed, `${at}: the leads still waiting`).toEqual(waiting);
  // The quotes due for follow-up, each taken now.
  const followed = [...text.matchAll(/^- (.+?), \+61[^\n]*, quoted /gm)].map((x) => x[1]);
  expect(followed, `${at}: the quotes to follow up`).toEqual(
    rows.filter((r) => r.stage === "quoted" && num(r.followed_up_at) === now).map(name),
  );
}

/** The digest's line of stages ("Waiting: 1 · Called: 0 · …") against the leads of its days. */
function byStageAgrees(text: string, of: LeadRow[], at: string): void {
  const line = /^Waiting: .+$/m.exec(text)?.[0] ?? "";
  const counts = Object.fromEntries(
    line
      .split(" · ")
      .map((c) => c.split(": "))
      .map(([label, n]) => [label, Number(n)]),
  );
  expect(counts, `${at}: the leads by stage`).toEqual(
    Object.fromEntries([
      ["Waiting", of.filter((r) => r.stage === null).length],
      ...STAGES.map((s) => [s.label, of.filter((r) => r.stage === s.key).length]),
    ]),
  );
}

/** The presses that stand: every press but Undos and the presses they took back. */
function standingPresses(presses: Press[]): Press[] {
  const undone = new Set(presses.map((p) => p.undoes).filter((s) => s !== null));
  return presses.filter((p) => p.undoes === null && !undone.has(p.seq));
}

/** The weekly summary's figures against the store (every lead of the day is in its week). */
function weeklyAgrees(text: string, rows: LeadRow[], contacted: number, at: string): void {
  const count = (f: (r: LeadRow) => boolean) => rows.filter(f).length;
  const leads = LEADS.filter((l) => rows.some((r) => r.id === l.id));
  expect(text, `${at}: leads by form`).toContain(
    `Leads: ${rows.length} (${leads.filter((l) => l.form === "quote").length} quote, ${leads.filter((l) => l.form === "contact").length} contact)`,
  );
  expect(text, `${at}: leads contacted`).toMatch(
    new RegExp(
      `^First contact: median .+ in business hours \\(${contacted} of ${rows.length} contacted\\)$`,
      "m",
    ),
  );
  const reasons = LOST_REASONS.map(
    (r) => [r.label, count((x) => x.stage === "lost" && x.lost_reason === r.key)] as const,
  ).filter(([, n]) => n);
  expect(text, `${at}: the outcomes`).toContain(
    `Quoted ${count((r) => r.stage === "quoted")} · Booked ${count((r) => r.stage === "booked")} · Lost ${count((r) => r.stage === "lost")}${reasons.length ? ` (${reasons.map(([b, n]) => `${b} ${n}`).join(", ")})` : ""}`,
  );
  const booked = rows.filter((r) => r.stage === "booked");
  const real = count((r) => r.stage !== "not-a-job");
  expect(text, `${at}: the conversion`).toContain(
    `Conversion: ${Math.round((booked.length / real) * 100)}% (${booked.length} booked of ${real} real lead${real === 1 ? "" : "s"})`,
  );
  const valued = booked.filter((r) => r.quote_cents !== null);
  if (valued.length)
    expect(text, `${at}: the value booked`).toContain(
      `Booked value: ${formatDollars(valued.reduce((n, r) => n + Number(r.quote_cents), 0))} (${valued.length} of ${booked.length} with a quote)`,
    );
}

/** One `npm run leads` command over this store, as the script runs it; answers what it printed. */
async function leadsCommand(store: LeadStore, argv: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const io = capturedIo(env);
  const args = leadsArgs(argv);
  await (argv[0] === "show" ? show : report)({
    args,
    store,
    d1: false,
    out: output(io),
    env,
    site: FACTS,
    clock: CLOCK,
  });
  expect(io.printed.stderr, `leads ${argv.join(" ")}: nothing on stderr`).toBe("");
  return io.printed.stdout;
}
