/**
 * What an edit adds to a notice once the owner presses or replies
 * (noticeWithHistory): the lead's stage at the top, the quote under it, and
 * the notes and every press below the notice's text, within Telegram's limit.
 * notice.ts keeps room for it in every part it makes (flagRoom).
 */
import { cutText } from "../../shared/text.ts";
import { formatDollars } from "../../shared/pricing/format.ts";
import { reasonLabel, stageWords, type LostReason, type Press, type Stage } from "../leads/stages.ts";
import type { Clock } from "../clock.ts";
import {
  bold,
  parseLegacyMarkdown,
  plain,
  render,
  TELEGRAM_MAX_TEXT,
  value,
  type Piece,
} from "./markdown.ts";

/**
 * The presses every notice part keeps room for (flagRoom), each the longest a line can be: a notice
 * lists more while they fit in Telegram's limit, and at least the latest this many.
 */
export const HISTORY_SHOWN = 3;
/**
 * A presser's name is cut to this: Telegram's run to 64 + 64, and the notice keeps room for its history
 * (flagRoom).
 */
const NAME_MAX = 32;

/**
 * One press as the notice lists it: "Called by Sam at 3:04 pm", "Not a job → Booked by Kim at …",
 * "Lost: Price by Sam at …" (the reason given), "Undo by Kim at … (back to Called)".
 */
function pressLine(p: Press, receivedAt: number, clock: Clock): Piece[] {
  const by = [
    plain(" by "),
    value(cutText(p.byName, NAME_MAX)),
    plain(` at ${clock.time(p.at, receivedAt)}`),
  ];
  if (p.undoes !== null) return [plain("Undo"), ...by, plain(` (back to ${stageWords(p.to, p.reason)})`)];
  if (p.from === p.to && p.to === "lost" && p.reason) return [plain(`Lost: ${reasonLabel(p.reason)}`), ...by];
  return [
    plain(
      p.from === null
        ? stageWords(p.to, p.reason)
        : `${stageWords(p.from, p.fromReason)} → ${stageWords(p.to, p.reason)}`,
    ),
    ...by,
  ];
}

/**
 * A note from the owner's reply, as the notice lists it: "Note by Kim at 8:40 am: wants Saturday". `text` as
 * the store keeps it (cleanNote).
 */
export interface NoticeNote {
  at: number;
  byName: string;
  text: string;
}
const noteLine = (n: NoticeNote, receivedAt: number, clock: Clock): Piece[] => [
  plain("Note by "),
  value(cutText(n.byName, NAME_MAX)),
  plain(` at ${clock.time(n.at, receivedAt)}: `),
  value(n.text),
];

/** "… 5 earlier presses: npm run leads -- show": what a notice leaves out for want of room. */
const leftOut = (n: number, one: string, many: string, some: boolean): Piece[] => [
  plain(`… ${n} ${some ? "earlier " : ""}${n === 1 ? one : many}: npm run leads -- show`),
];

/**
 * The lines a notice ends with: the owner's notes, then (after a blank line) the presses, oldest
 * first of each; only the latest `shownNotes` and `shownPresses`, with a line for those left out.
 */
export function historyLines(
  presses: Press[],
  receivedAt: number,
  clock: Clock,
  notes: NoticeNote[] = [],
  shownPresses = presses.length,
  shownNotes = notes.length,
): Piece[] {
  const keptNotes = notes.slice(notes.length - shownNotes);
  const keptPresses = presses.slice(presses.length - shownPresses);
  const noteLines = [
    ...(keptNotes.length < notes.length
      ? [leftOut(notes.length - keptNotes.length, "note", "notes", keptNotes.length > 0)]
      : []),
    ...keptNotes.map((n) => noteLine(n, receivedAt, clock)),
  ];
  const pressLines = [
    ...(keptPresses.length < presses.length
      ? [leftOut(presses.length - keptPresses.length, "press", "presses", keptPresses.length > 0)]
      : []),
    ...keptPresses.map((p) => pressLine(p, receivedAt, clock)),
  ];
  // The notes, then a blank line, then the presses.
  const lines = (group: Piece[][]) => group.flatMap((l, i) => [...(i ? [plain("\n")] : []), ...l]);
  return [noteLines, pressLines]
    .filter((g) => g.length)
    .flatMap((g, i) => [...(i ? [plain("\n\n")] : []), ...lines(g)]);
}

/** The line a pressed notice opens with: its stage, and at Lost why (or that a reason is wanted). */
export const stageLine = (stage: Stage | null, reason: LostReason | null) =>
  `Stage: ${stage === "lost" && !reason ? "Lost (why? press a reason below)" : stageWords(stage, reason)}`;

/** What the owner told the relay about a lead by replying (owner/replies.ts), for its notice. */
export interface OwnerWords {
  /** The amount quoted, in cents. */
  quoteCents?: number | null;
  /** The notes, oldest first. */
  notes?: NoticeNote[];
  /** The day and time of day of the booking the owner confirmed ("Thu 14 Jan, morning"), issue 51. */
  booked?: string | null;
}

/**
 * The notice's text as sent (`noticeText`) as an edit makes it read once pressed or replied to: the
 * lead's stage at its top, where a lock screen and the chat list show it, the quote under it, and
 * below the text the notes and every press, as many as Telegram's TELEGRAM_MAX_TEXT allows: when
 * they do not all fit, the newest are kept (presses down to the latest before any note goes) and a
 * line says how many are left out. At Lost, the reason is the latest press's (every change of
 * reason is a press).
 */
export function noticeWithHistory(
  noticeText: string,
  stage: Stage | null,
  presses: Press[],
  receivedAt: number,
  clock: Clock,
  { quoteCents = null, notes = [], booked = null }: OwnerWords = {},
): string {
  if (!presses.length && quoteCents === null && !notes.length) return noticeText;
  const reason = stage === "lost" ? (presses.at(-1)?.reason ?? null) : null;
  const top = render([
    bold(stageLine(stage, reason)),
    ...(quoteCents === null ? [] : [plain("\n"), bold("Quote:"), plain(` ${formatDollars(quoteCents)}`)]),
    ...(booked && stage === "booked" ? [plain("\n"), bold("Booked for:"), plain(` ${booked}`)] : []),
    plain("\n\n"),
  ]);
  const parsed = parseLegacyMarkdown(noticeText);
  // The room the lines below have, after parsing: the notice's own text counted as Telegram shows it.
  const room =
    TELEGRAM_MAX_TEXT - top.shown.length - ("text" in parsed ? parsed.text : noticeText).length - 1;
  let [shownPresses, shownNotes] = [presses.length, notes.length];
  let tail = render(historyLines(presses, receivedAt, clock, notes, shownPresses, shownNotes));
  while (tail.shown.length > room && shownPresses + shownNotes > 0) {
    if (shownPresses > 1 || (shownPresses === 1 && shownNotes === 0)) shownPresses--;
    else shownNotes--;
    tail = render(historyLines(presses, receivedAt, clock, notes, shownPresses, shownNotes));
  }
  return `${top.markdown}${noticeText}\n${tail.markdown}`;
}
