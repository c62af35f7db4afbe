/**
 * The notice the owner receives on Telegram for each lead, as legacy
 * Markdown, built here from intake to every later edit: its text when the
 * lead is stored (a message too long for one Telegram message is split across
 * several notices, in order, each marked with its part), the lines it opens
 * with when it is sent late or perhaps again (markNotice), and the room each
 * part keeps for what an edit adds once the owner presses or replies
 * (notice-history.ts).
 */
import { serviceName } from "../../shared/forms/fields.ts";
import type { SiteServices } from "../../shared/forms/quote-details.ts";
import type { ContactBody, QuoteBody } from "../../shared/forms/schema.ts";
import { NO_MESSAGE, NOT_PROVIDED } from "../../shared/forms/texts.ts";
import { LOST_REASONS, STAGES, type LostReason, type Stage } from "../leads/stages.ts";
import { detailLines } from "./quote-details.ts";
import { bold, chunk, nameInLine, plain, render, TELEGRAM_MAX_TEXT, value, type Piece } from "./markdown.ts";
import { HISTORY_SHOWN, historyLines, stageLine } from "./notice-history.ts";
import type { Clock } from "../clock.ts";
import { phoneInLine, phoneShown } from "./phone.ts";

const line = (label: string, text: string): Piece[] => [
  bold(`${label}:`),
  plain(" "),
  value(text),
  plain("\n"),
];
const orElse = (text: string, fallback: string) => (text.trim() === "" ? fallback : text);
/** The lines both notices open with: who wrote and how to reach them. */
const contactDetails = (body: { name: string; email: string; phone: string }): Piece[] => [
  ...line("Name", body.name),
  ...line("Email", body.email),
  ...line("Phone", orElse(phoneShown(body.phone), NOT_PROVIDED)),
];

/** How a lead's notice is made beyond what the visitor sent. */
export interface NoticeOptions {
  /** The business's clock: the notice says when the lead came in its time zone. */
  clock: Clock;
  /** The longest a part is, after parsing (default: partMax(clock)). */
  max?: number;
  /** Where the lead came from (attributionLine), a line of its own when known. */
  from?: string;
  /**
   * The site's services and add-ons, which name what was chosen (without them, or for one the site no
   * longer offers, it is named as it was posted).
   */
  site?: SiteServices;
}

/** `estimate`: the relay's, from the price table (quote-details.ts). */
export function quoteNotices(
  body: QuoteBody,
  at: Date,
  { clock, max = partMax(clock), from, site }: NoticeOptions,
  estimate?: string,
): string[] {
  return notices({
    title: "New Quote Request",
    fields: [
      ...contactDetails(body),
      ...line("Property Address", orElse(body.address, NOT_PROVIDED)),
      ...detailLines(body, estimate, site).flatMap(([label, text]) => line(label, text)),
      ...(from ? line("From", from) : []),
    ],
    name: body.name,
    phone: body.phone,
    message: orElse(body.message, NO_MESSAGE),
    time: clock.long(at.getTime()),
    max,
  });
}

export function contactNotices(
  body: ContactBody,
  at: Date,
  { clock, max = partMax(clock), from, site }: NoticeOptions,
): string[] {
  const service = body.service && serviceName(site?.services ?? [], body.service);
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
    time: clock.long(at.getTime()),
    max,
  });
}

interface NoticeParts {
  title: string;
  fields: Piece[];
  name: string;
  phone: string;
  message: string;
  /** When it came, as the business's clock writes it. */
  time: string;
  max: number;
}

/**
 * A notice's first line, all a lock screen shows: what it is, who, and the number to ring
 * ("New Quote Request: Ann Lee, +61 412 345 678").
 */
function headline(title: string, name: string, phone: string): Piece[] {
  const number = phoneInLine(phone);
  return [
    bold(title),
    plain(": "),
    nameInLine(name),
    plain(", "),
    ...(number ? [value(number)] : [plain("no phone given")]),
  ];
}

function notices({ title, fields, name, phone, message, time: submitted, max }: NoticeParts): string[] {
  const time = line("Submitted", submitted);
  const whole = [
    ...headline(title, name, phone),
    plain("\n\n"),
    ...fields,
    bold("Message:"),
    plain("\n"),
    value(message),
    plain("\n\n"),
    ...time,
  ];
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
  // Room for the message in each part, with the widest part marker the split can need: the first
  // part carries every field, the later ones only the name, so they hold more of the message.
  const room = (first: boolean) => max - render(part(999, 999, "", first)).shown.length;
  const chunks = chunk(message, room(false), room(true));
  return chunks.map((text, i) => render(part(i + 1, chunks.length, text, i === 0)).markdown);
}

/** A notice sent this long after its lead was received says so on its first line. */
export const DELAYED_AFTER_MS = 2 * 60_000;

/** The line a notice opens with when the owner's copy of its lead already went by email (leads/emails.ts). */
export const ALSO_BY_EMAIL = "Also sent by email: Telegram could not take it in time\n";

/**
 * The notice as sent at `sentAt`: a late one opens with when it was really
 * received, a retry after an attempt that got no answer (Telegram may have
 * delivered it) is marked as a possible repeat, and one whose lead already went
 * to the owner by email says so. A copy the owner asked for (`npm run leads -- resend` of a
 * delivered lead) says when the first went, in place of the late line, and no longer than it.
 */
export function markNotice(
  markdown: string,
  {
    receivedAt,
    sentAt,
    possibleRepeat,
    alsoByEmail = false,
    copyOf,
  }: {
    receivedAt: number;
    sentAt: number;
    possibleRepeat: boolean;
    alsoByEmail?: boolean;
    /** When the lead was first delivered, for a copy sent again. */
    copyOf?: number | null;
  },
  clock: Clock,
): string {
  const flags: Piece[] = [];
  if (copyOf != null) flags.push(plain(`Copy: first sent ${clock.long(copyOf)}\n`));
  else if (sentAt - receivedAt > DELAYED_AFTER_MS)
    flags.push(plain(`Delayed: received ${clock.long(receivedAt)}\n`));
  if (possibleRepeat) flags.push(plain("(possible repeat)\n"));
  if (alsoByEmail) flags.push(plain(ALSO_BY_EMAIL));
  return flags.length ? render(flags).markdown + markdown : markdown;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * 12:59:59 pm on the 28th of each month, as the business's clock reads it: the longest times its formats
 * write (a month with daylight saving and one without).
 */
const longestTimes = (clock: Clock) =>
  Array.from(
    { length: 12 },
    (_, m) => clock.at(`2026-${String(m + 1).padStart(2, "0")}-28`, 12 * 60 + 59) + 59_000,
  );

const partMaxes = new Map<Clock, number>();
/** The longest a notice's part is made, after parsing: what stays once the room flagRoom keeps is kept. */
export function partMax(clock: Clock): number {
  let max = partMaxes.get(clock);
  if (max === undefined) partMaxes.set(clock, (max = TELEGRAM_MAX_TEXT - flagRoom(clock)));
  return max;
}

/**
 * Room kept in every part for what is added to it later: markNotice's lines when it is sent (the email line
 * too), then the stage line at the top and the history at the end once the owner presses (noticeWithHistory
 * cuts the presser's name and lists at most HISTORY_SHOWN presses). Measured on the longest each can be, so
 * that an edited notice never passes Telegram's limit: both flags with the longest date, the longest stage,
 * and the most presses listed, each the longest a line can be, by a name longer than a line keeps, on another
 * day than the lead's, so its date shows too.
 */
function flagRoom(clock: Clock): number {
  const times = longestTimes(clock);
  // Flags are plain text: their Markdown is what Telegram shows.
  const flags = Math.max(
    ...times.map(
      (at) =>
        markNotice(
          "",
          { receivedAt: at, sentAt: at + DAY_MS, possibleRepeat: true, alsoByEmail: true },
          clock,
        ).length,
    ),
  );
  const longName = "W".repeat(64) + " " + "W".repeat(64);
  // Every stage, and Lost with each reason.
  const standings: [Stage | null, LostReason | null][] = [
    [null, null],
    ...STAGES.map((st): [Stage, null] => [st.key, null]),
    ...LOST_REASONS.map((r): [Stage, LostReason] => ["lost", r.key]),
  ];
  const top = Math.max(
    ...standings.map(
      ([stage, reason]) => render([bold(stageLine(stage, reason)), plain("\n\n")]).shown.length,
    ),
  );
  // The longest line a press or an Undo can make: every move between two standings, at each of the longest
  // times.
  const line = Math.max(
    ...times.flatMap((at) =>
      standings.flatMap(([from, fromReason]) =>
        standings.flatMap(([to, reason]) =>
          [null, 1].map(
            (undoes) =>
              render(
                historyLines(
                  [{ seq: 1, at, from, to, fromReason, reason, byName: longName, undoes }],
                  at - DAY_MS,
                  clock,
                ),
              ).shown.length,
          ),
        ),
      ),
    ),
  );
  // The line for presses left out, counting as many as a lead's busiest history (99) has.
  const earlier = render(
    historyLines(
      Array.from({ length: HISTORY_SHOWN + 99 }, () => ({
        seq: 1,
        at: 0,
        from: null,
        to: null,
        byName: "",
        undoes: null,
      })),
      0,
      clock,
      [],
      HISTORY_SHOWN,
    ),
  ).shown.split("\n")[0].length;
  // The stage line, the line break before the history, the earlier presses' line and the presses shown, each
  // on a line.
  return flags + top + 1 + earlier + HISTORY_SHOWN * (1 + line);
}
