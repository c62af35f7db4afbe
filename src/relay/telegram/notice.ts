/**
 * The notice the owner receives on Telegram for each lead, as legacy
 * Markdown, built here from intake to every later edit: its text when the
 * lead is stored (a message too long for one Telegram message is split across
 * several notices, in order, each marked with its part), the lines it opens
 * with when it is sent late or perhaps again (markNotice), and what an edit
 * adds once the owner presses or replies (noticeWithHistory).
 */
import { serviceLabel } from "../../shared/forms/fields.ts";
import type { ContactBody, QuoteBody } from "../../shared/forms/schema.ts";
import { NO_MESSAGE, NOT_PROVIDED } from "../../shared/forms/texts.ts";
import { cutText } from "../../shared/text.ts";
import { LOST_REASONS, reasonLabel, STAGES, stageLabel, type LostReason, type Press, type Stage } from "./stages.ts";
import { detailLines } from "./quote-details.ts";
import { bold, chunk, parseLegacyMarkdown, plain, render, value, type Piece } from "./markdown.ts";
import { formatDollars } from "../../shared/pricing/format.ts";
import { phoneShown } from "./phone.ts";

/** Telegram refuses a message whose text, after parsing, is longer than this. */
export const TELEGRAM_MAX_TEXT = 4096;

const brisbaneTime = new Intl.DateTimeFormat("en-AU", { timeZone: "Australia/Brisbane", dateStyle: "long", timeStyle: "long" });

/** "12 March 2025 at 3:04:05 pm AEST": the submission time where the business is. */
export const formatBrisbaneTime = (date: Date) => brisbaneTime.format(date);

const line = (label: string, text: string): Piece[] => [bold(`${label}:`), plain(" "), value(text), plain("\n")];
const orElse = (text: string, fallback: string) => (text.trim() === "" ? fallback : text);
/** The lines both notices open with: who wrote and how to reach them. */
const contactDetails = (body: { name: string; email: string; phone: string }): Piece[] => [
  ...line("Name", body.name),
  ...line("Email", body.email),
  ...line("Phone", orElse(phoneShown(body.phone), NOT_PROVIDED)),
];

/** `from`: where the lead came from (attributionLine), a line of its own when known; `estimate`: the relay's, from the price table (quote-details.ts). */
export function quoteNotices(body: QuoteBody, at: Date, max = PART_MAX, from?: string, estimate?: string): string[] {
  return notices({
    title: "New Quote Request",
    fields: [
      ...contactDetails(body),
      ...line("Property Address", orElse(body.address, NOT_PROVIDED)),
      ...detailLines(body, estimate).flatMap(([label, text]) => line(label, text)),
      ...(from ? line("From", from) : []),
    ],
    name: body.name,
    phone: body.phone,
    message: orElse(body.message, NO_MESSAGE),
    at,
    max,
  });
}

export function contactNotices(body: ContactBody, at: Date, max = PART_MAX, from?: string): string[] {
  const service = serviceLabel(body.service);
  return notices({
    title: "New Contact Form Submission",
    fields: [
      ...contactDetails(body),
      ...(service ? line("Service", service) : []),
      ...(from ? line("From", from) : []),
    ],
    name: body.name,
    phone: body.phone,
    message: body.message,
    at,
    max,
  });
}

interface NoticeParts {
  title: string;
  fields: Piece[];
  name: string;
  phone: string;
  message: string;
  at: Date;
  max: number;
}

/** The longest name a notice's first line keeps: the whole name is on the Name line. */
const HEADLINE_NAME_MAX = 64;

/**
 * A notice's first line, all a lock screen shows: what it is, who, and the number to ring
 * ("New Quote Request: Ann Lee, +61 412 345 678").
 */
function headline(title: string, name: string, phone: string): Piece[] {
  const number = phoneShown(phone);
  return [bold(title), plain(": "), value(cutText(name.replace(/\s+/g, " ").trim(), HEADLINE_NAME_MAX)), plain(", "), ...(number ? [value(number)] : [plain("no phone given")])];
}

function notices({ title, fields, name, phone, message, at, max }: NoticeParts): string[] {
  const time = line("Submitted", formatBrisbaneTime(at));
  const whole = [...headline(title, name, phone), plain("\n\n"), ...fields, bold("Message:"), plain("\n"), value(message), plain("\n\n"), ...time];
  const single = render(whole);
  if (single.shown.length <= max) return [single.markdown];

  // Every part after the first repeats who wrote, so each notice makes sense on its own.
  const part = (i: number, n: number, text: string, first: boolean): Piece[] => [
    ...headline(`${title} (${i}/${n})`, name, phone),
    plain("\n\n"),
    ...(first ? fields : line("Name", name)),
    bold(first ? "Message:" : "Message (continued):"),
    plain("\n"),
    value(text),
    plain("\n\n"),
    ...time,
  ];
  // Room for the message in the larger (first) part, with the widest part marker the split can need.
  const overhead = render(part(999, 999, "", true)).shown.length;
  const chunks = chunk(message, max - overhead);
  return chunks.map((text, i) => render(part(i + 1, chunks.length, text, i === 0)).markdown);
}

const clockTime = new Intl.DateTimeFormat("en-AU", { timeZone: "Australia/Brisbane", hour: "numeric", minute: "2-digit" });
const shortDay = new Intl.DateTimeFormat("en-AU", { timeZone: "Australia/Brisbane", day: "numeric", month: "short" });

/** "3:04 pm" in Brisbane, with the day ("3:04 pm, 24 Nov") when it is not the day the lead arrived. */
export function brisbaneClock(at: number, sameDayAs?: number): string {
  const clock = clockTime.format(at).replace(/\u202f/g, " ");
  return sameDayAs !== undefined && shortDay.format(at) === shortDay.format(sameDayAs) ? clock : `${clock}, ${shortDay.format(at)}`;
}

/**
 * The presses every notice part keeps room for (FLAG_ROOM), each the longest a line can be: a notice
 * lists more while they fit in Telegram's limit, and at least the latest this many.
 */
export const HISTORY_SHOWN = 3;
/** A presser's name is cut to this: Telegram's run to 64 + 64, and the notice keeps room for its history (FLAG_ROOM). */
const NAME_MAX = 32;
const shownStage = (stage: Stage | null, reason?: LostReason | null) => (stage === null ? "waiting" : stage === "lost" && reason ? `Lost (${reasonLabel(reason)})` : stageLabel(stage));

/**
 * One press as the notice lists it: "Called by Sam at 3:04 pm", "Not a job → Booked by Kim at …",
 * "Lost: Price by Sam at …" (the reason given), "Undo by Kim at … (back to Called)".
 */
function pressLine(p: Press, receivedAt: number): Piece[] {
  const by = [plain(" by "), value(cutText(p.byName, NAME_MAX)), plain(` at ${brisbaneClock(p.at, receivedAt)}`)];
  if (p.undoes !== null) return [plain("Undo"), ...by, plain(` (back to ${shownStage(p.to, p.reason)})`)];
  if (p.from === p.to && p.to === "lost" && p.reason) return [plain(`Lost: ${reasonLabel(p.reason)}`), ...by];
  return [plain(p.from === null ? shownStage(p.to, p.reason) : `${shownStage(p.from, p.fromReason)} → ${shownStage(p.to, p.reason)}`), ...by];
}

/** A note from the owner's reply, as the notice lists it: "Note by Kim at 8:40 am: wants Saturday". `text` as the store keeps it (cleanNote). */
export interface NoticeNote {
  at: number;
  byName: string;
  text: string;
}
const noteLine = (n: NoticeNote, receivedAt: number): Piece[] => [plain("Note by "), value(cutText(n.byName, NAME_MAX)), plain(` at ${brisbaneClock(n.at, receivedAt)}: `), value(n.text)];

/** "… 5 earlier presses: npm run leads -- show": what a notice leaves out for want of room. */
const leftOut = (n: number, one: string, many: string, some: boolean): Piece[] => [plain(`… ${n} ${some ? "earlier " : ""}${n === 1 ? one : many}: npm run leads -- show`)];

/**
 * The lines a notice ends with: the owner's notes, then (after a blank line) the presses, oldest
 * first of each; only the latest `shownNotes` and `shownPresses`, with a line for those left out.
 */
export function historyLines(presses: Press[], receivedAt: number, notes: NoticeNote[] = [], shownPresses = presses.length, shownNotes = notes.length): Piece[] {
  const keptNotes = notes.slice(notes.length - shownNotes);
  const keptPresses = presses.slice(presses.length - shownPresses);
  const noteLines = [...(keptNotes.length < notes.length ? [leftOut(notes.length - keptNotes.length, "note", "notes", keptNotes.length > 0)] : []), ...keptNotes.map((n) => noteLine(n, receivedAt))];
  const pressLines = [...(keptPresses.length < presses.length ? [leftOut(presses.length - keptPresses.length, "press", "presses", keptPresses.length > 0)] : []), ...keptPresses.map((p) => pressLine(p, receivedAt))];
  // The notes, then a blank line, then the presses.
  const lines = (group: Piece[][]) => group.flatMap((l, i) => [...(i ? [plain("\n")] : []), ...l]);
  return [noteLines, pressLines].filter((g) => g.length).flatMap((g, i) => [...(i ? [plain("\n\n")] : []), ...lines(g)]);
}

/** The line a pressed notice opens with: its stage, and at Lost why (or that a reason is wanted). */
const stageLine = (stage: Stage | null, reason: LostReason | null) => `Stage: ${stage === "lost" && !reason ? "Lost (why? press a reason below)" : shownStage(stage, reason)}`;

/** What the owner told the relay about a lead by replying (owner/replies.ts), for its notice. */
export interface OwnerWords {
  /** The amount quoted, in cents. */
  quoteCents?: number | null;
  /** The notes, oldest first. */
  notes?: NoticeNote[];
}

/**
 * The notice's text as sent (`noticeText`) as an edit makes it read once pressed or replied to: the
 * lead's stage at its top, where a lock screen and the chat list show it, the quote under it, and
 * below the text the notes and every press, as many as Telegram's TELEGRAM_MAX_TEXT allows: when
 * they do not all fit, the newest are kept (presses down to the latest before any note goes) and a
 * line says how many are left out. At Lost, the reason is the latest press's (every change of
 * reason is a press).
 */
export function noticeWithHistory(noticeText: string, stage: Stage | null, presses: Press[], receivedAt: number, { quoteCents = null, notes = [] }: OwnerWords = {}): string {
  if (!presses.length && quoteCents === null && !notes.length) return noticeText;
  const reason = stage === "lost" ? (presses.at(-1)?.reason ?? null) : null;
  const top = render([bold(stageLine(stage, reason)), ...(quoteCents === null ? [] : [plain("\n"), bold("Quote:"), plain(` ${formatDollars(quoteCents)}`)]), plain("\n\n")]);
  const parsed = parseLegacyMarkdown(noticeText);
  // The room the lines below have, after parsing: the notice's own text counted as Telegram shows it.
  const room = TELEGRAM_MAX_TEXT - top.shown.length - ("text" in parsed ? parsed.text : noticeText).length - 1;
  let [shownPresses, shownNotes] = [presses.length, notes.length];
  let tail = render(historyLines(presses, receivedAt, notes, shownPresses, shownNotes));
  while (tail.shown.length > room && shownPresses + shownNotes > 0) {
    if (shownPresses > 1 || (shownPresses === 1 && shownNotes === 0)) shownPresses--;
    else shownNotes--;
    tail = render(historyLines(presses, receivedAt, notes, shownPresses, shownNotes));
  }
  return `${top.markdown}${noticeText}\n${tail.markdown}`;
}

/** A notice sent this long after its lead was received says so on its first line. */
export const DELAYED_AFTER_MS = 2 * 60_000;

/** The line a notice opens with when the owner's copy of its lead already went by email (leads/emails.ts). */
export const ALSO_BY_EMAIL = "Also sent by email: Telegram could not take it in time\n";

/**
 * The notice as sent at `sentAt`: a late one opens with when it was really
 * received, a retry after an attempt that got no answer (Telegram may have
 * delivered it) is marked as a possible repeat, and one whose lead already went
 * to the owner by email says so.
 */
export function markNotice(markdown: string, { receivedAt, sentAt, possibleRepeat, alsoByEmail = false }: { receivedAt: number; sentAt: number; possibleRepeat: boolean; alsoByEmail?: boolean }): string {
  const flags: Piece[] = [];
  if (sentAt - receivedAt > DELAYED_AFTER_MS) flags.push(plain(`Delayed: received ${formatBrisbaneTime(new Date(receivedAt))}\n`));
  if (possibleRepeat) flags.push(plain("(possible repeat)\n"));
  if (alsoByEmail) flags.push(plain(ALSO_BY_EMAIL));
  return flags.length ? render(flags).markdown + markdown : markdown;
}

const DAY_MS = 24 * 60 * 60_000;
/** 12:59:59 pm on the 28th of each month in Brisbane (UTC+10 all year): the longest times either clock writes. */
const LONGEST_TIMES = Array.from({ length: 12 }, (_, month) => Date.UTC(2026, month, 28, 2, 59, 59));

/**
 * Room kept in every part for what is added to it later: markNotice's lines when it is sent (the
 * email line too), then the stage line at the top and the history at the end once the owner presses (noticeWithHistory
 * cuts the presser's name and lists at most HISTORY_SHOWN presses). Measured on the longest each
 * can be, so that an edited notice never passes Telegram's limit: both flags with the longest date,
 * the longest stage, and the most presses listed, each the longest a line can be, by a name longer
 * than a line keeps, on another day than the lead's, so its date shows too.
 */
const FLAG_ROOM = (() => {
  // Flags are plain text: their Markdown is what Telegram shows.
  const flags = Math.max(...LONGEST_TIMES.map((at) => markNotice("", { receivedAt: at, sentAt: at + DAY_MS, possibleRepeat: true, alsoByEmail: true }).length));
  const longName = "W".repeat(64) + " " + "W".repeat(64);
  // Every stage, and Lost with each reason.
  const standings: [Stage | null, LostReason | null][] = [[null, null], ...STAGES.map((st): [Stage, null] => [st.key, null]), ...LOST_REASONS.map((r): [Stage, LostReason] => ["lost", r.key])];
  const top = Math.max(...standings.map(([stage, reason]) => render([bold(stageLine(stage, reason)), plain("\n\n")]).shown.length));
  // The longest line a press or an Undo can make: every move between two standings, at each of the longest times.
  const line = Math.max(
    ...LONGEST_TIMES.flatMap((at) =>
      standings.flatMap(([from, fromReason]) =>
        standings.flatMap(([to, reason]) => [null, 1].map((undoes) => render(historyLines([{ seq: 1, at, from, to, fromReason, reason, byName: longName, undoes }], at - DAY_MS)).shown.length)),
      ),
    ),
  );
  // The line for presses left out, counting as many as a lead's busiest history (99) has.
  const earlier = render(historyLines(Array.from({ length: HISTORY_SHOWN + 99 }, () => ({ seq: 1, at: 0, from: null, to: null, byName: "", undoes: null })), 0, [], HISTORY_SHOWN)).shown.split("\n")[0].length;
  // The stage line, the line break before the history, the earlier presses' line and the presses shown, each on a line.
  return flags + top + 1 + earlier + HISTORY_SHOWN * (1 + line);
})();
/** The longest a notice's part is made, after parsing: what stays once FLAG_ROOM is kept. */
export const PART_MAX = TELEGRAM_MAX_TEXT - FLAG_ROOM;
