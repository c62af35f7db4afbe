/**
 * The buttons of a booking (issue 51), each one's callback_data built and
 * read here, within Telegram's 64 bytes (stages.ts MAX_CALLBACK_BYTES;
 * https://core.telegram.org/bots/api#inlinekeyboardbutton: "callback_data …
 * 1-64 bytes"): under the owner's quote, Send and Not yet; under a customer's
 * acceptance, Confirm booking and Offer another day; under Offer another
 * day's question, a day each. The quote's number comes before the lead's id,
 * which is last because it is the longest part.
 */
import { MAX_CALLBACK_BYTES, type KeyboardButton } from "../telegram/stages.ts";
import { dayShort } from "../booking/days.ts";
import { cutText, isolateDirection, oneLine } from "../../shared/text.ts";

export type BookingAction = "send" | "hold" | "confirm" | "offer" | "day";
export interface BookingPress {
  action: BookingAction;
  leadId: string;
  seq: number;
  /** With `day`: the day offered ("2027-01-15"). */
  day?: string;
}

function checked(data: string): string {
  if (new TextEncoder().encode(data).length > MAX_CALLBACK_BYTES)
    throw new Error(`callback_data over ${MAX_CALLBACK_BYTES} bytes: ${data}`);
  return data;
}

export const bookingData = (action: Exclude<BookingAction, "day">, leadId: string, seq: number) =>
  checked(`${action}:${seq}:${leadId}`);
export const dayData = (leadId: string, seq: number, day: string) =>
  checked(`day:${seq}:${day.replace(/-/g, "")}:${leadId}`);

const DATA = /^(send|hold|confirm|offer):([1-9]\d{0,5}):([\w-]{1,40})$/;
const DAY_DATA = /^day:([1-9]\d{0,5}):(20\d\d)(\d\d)(\d\d):([\w-]{1,40})$/;

/** The press a booking button names, or undefined for anything else. */
export function parseBookingData(data: unknown): BookingPress | undefined {
  if (typeof data !== "string") return undefined;
  const m = DATA.exec(data);
  if (m) return { action: m[1] as BookingAction, seq: Number(m[2]), leadId: m[3] };
  const d = DAY_DATA.exec(data);
  return d ? { action: "day", seq: Number(d[1]), day: `${d[2]}-${d[3]}-${d[4]}`, leadId: d[5] } : undefined;
}

/**
 * "Send to Ann": the customer's first name on one line, cut whole (never half an emoji, which Telegram
 * would refuse as not UTF-8) and isolated when written right to left.
 */
export const sendLabel = (name: string | undefined) => {
  const first = firstName(name);
  return first ? `Send to ${first}` : "Send";
};

/** The customer's first name as the owner's buttons and answers say it; "" without one. */
export function firstName(name: string | undefined): string {
  const first = cutText(
    oneLine(name ?? "")
      .trim()
      .split(" ")[0] ?? "",
    24,
  );
  return first && isolateDirection(first);
}

export const quoteKeyboard = (leadId: string, seq: number, name: string | undefined) => ({
  inline_keyboard: [
    [
      { text: sendLabel(name), callback_data: bookingData("send", leadId, seq) },
      { text: "Not yet", callback_data: bookingData("hold", leadId, seq) },
    ],
  ] as KeyboardButton[][],
});

export const acceptanceKeyboard = (leadId: string, seq: number) => ({
  inline_keyboard: [
    [
      { text: "Confirm booking", callback_data: bookingData("confirm", leadId, seq) },
      { text: "Offer another day", callback_data: bookingData("offer", leadId, seq) },
    ],
  ] as KeyboardButton[][],
});

/** A button per day, three to a row. */
export function daysKeyboard(leadId: string, seq: number, days: readonly string[]) {
  const buttons = days.map((day) => ({ text: dayShort(day), callback_data: dayData(leadId, seq, day) }));
  const rows: KeyboardButton[][] = [];
  for (let i = 0; i < buttons.length; i += 3) rows.push(buttons.slice(i, i + 3));
  return { inline_keyboard: rows };
}
