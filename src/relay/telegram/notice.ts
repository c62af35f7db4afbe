/**
 * The notice the owner receives on Telegram for each lead, as legacy
 * Markdown, built here from intake to every later edit: its text when the
 * lead is stored (a message too long for one Telegram message is split across
 * several notices, in order, each marked with its part), the lines it opens
 * with when it is sent late or perhaps again (markNotice), and the line each
 * stage the owner presses adds (noticeWithStages).
 */
import { serviceLabel } from "../../shared/forms/fields.ts";
import type { ContactBody, QuoteBody } from "../../shared/forms/schema.ts";
import { NO_MESSAGE, NOT_PROVIDED } from "../../shared/forms/texts.ts";
import { cutText } from "../../shared/text.ts";
import { STAGES, stageLabel, type StageEntry } from "./stages.ts";
import { detailLines } from "./quote-details.ts";
import { bold, chunk, plain, render, value, type Piece } from "./markdown.ts";

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
  ...line("Phone", orElse(body.phone, NOT_PROVIDED)),
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
    message: body.message,
    at,
    max,
  });
}

interface NoticeParts {
  title: string;
  fields: Piece[];
  name: string;
  message: string;
  at: Date;
  max: number;
}

function notices({ title, fields, name, message, at, max }: NoticeParts): string[] {
  const time = line("Submitted", formatBrisbaneTime(at));
  const whole = [bold(title), plain("\n\n"), ...fields, bold("Message:"), plain("\n"), value(message), plain("\n\n"), ...time];
  const single = render(whole);
  if (single.shown.length <= max) return [single.markdown];

  // Every part after the first repeats who wrote, so each notice makes sense on its own.
  const part = (i: number, n: number, text: string, first: boolean): Piece[] => [
    bold(`${title} (${i}/${n})`),
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
 * The lines a notice gains as its lead moves: one per stage pressed, oldest first. A presser's name is
 * cut to 32 characters: Telegram's run to 64 + 64, and the notice keeps room for four lines (FLAG_ROOM).
 */
export function stageLines(entries: StageEntry[], receivedAt: number): Piece[] {
  const nameMax = 32;
  return [...entries]
    .sort((a, b) => a.at - b.at)
    .flatMap((e, i) => [plain(`${i ? "\n" : ""}${stageLabel(e.stage)} by `), value(cutText(e.byName, nameMax)), plain(` at ${brisbaneClock(e.at, receivedAt)}`)]);
}

/** The notice's text as sent (`noticeText`), with a line for each stage pressed since: what an edit makes it read. */
export function noticeWithStages(noticeText: string, history: StageEntry[], receivedAt: number): string {
  return `${noticeText}\n${render(stageLines(history, receivedAt)).markdown}`;
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
 * Room kept in every part for what is added to it later: markNotice's lines when it is sent, then a
 * line per stage the owner presses (noticeWithStages adds them after a line break; stageLines cuts the
 * presser's name). Measured on the longest each can be, so that an edited notice never passes
 * Telegram's limit: both flags with the longest date, and all four stages pressed by a name longer
 * than a stage line keeps, each on another day than the lead's, so its date shows too (333
 * characters with en-AU's formats today: 74 of flags and the email line's 55, a line break, 258 of stage lines).
 */
const FLAG_ROOM = (() => {
  // Flags are plain text: their Markdown is what Telegram shows.
  const flags = Math.max(...LONGEST_TIMES.map((at) => markNotice("", { receivedAt: at, sentAt: at + DAY_MS, possibleRepeat: true, alsoByEmail: true }).length));
  const longName = "W".repeat(64) + " " + "W".repeat(64);
  const stages = Math.max(...LONGEST_TIMES.map((at) => render(stageLines(STAGES.map((s) => ({ stage: s.key, at, byName: longName })), at - DAY_MS)).shown.length));
  return flags + "\n".length + stages;
})();
/** The longest a notice's part is made, after parsing: what stays once FLAG_ROOM is kept. */
export const PART_MAX = TELEGRAM_MAX_TEXT - FLAG_ROOM;
