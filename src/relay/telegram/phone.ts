/**
 * An Australian phone number as the visitor typed it ("0412 345 678",
 * "(07) 3123 4567", "+61412345678"), written the way every Telegram client
 * links and dials from anywhere: international form, grouped as Australians
 * read it ("+61 412 345 678", "+61 7 3123 4567"). Telegram turns such text
 * into a phone_number entity (https://core.telegram.org/bots/api#messageentity);
 * a number without its country code is linked by some clients and not others.
 * https://www.acma.gov.au/choose-your-phone-number (mobiles 04, landlines 02 03 07 08)
 */
import { cutText } from "../../shared/text.ts";

/**
 * Unicode's format characters (category Cf: zero-width spaces and joiners, direction marks, the
 * byte order mark, soft hyphens): invisible, so "+61\u200B412 345 678" looks right, yet with them
 * left in it is no number, gets no Copy button, and a phone app may not link it. Removed before a
 * number is read; a phone that is not one keeps only the joiners its emoji are made of.
 */
const FORMAT = /\p{Cf}/gu;
const FORMAT_BUT_JOINERS = /(?![\u200C\u200D])\p{Cf}/gu;
const visibleOnly = (typed: string) => typed.replace(FORMAT_BUT_JOINERS, "");

/**
 * The number in international form, or undefined for one that is not an Australian mobile or landline (kept
 * as typed).
 */
export function internationalPhone(typed: string): string | undefined {
  // Spaces, dots, dashes and brackets are how people group numbers; anything else makes it not a plain
  // number.
  const digits = typed
    .replace(FORMAT, "")
    .trim()
    .replace(/[\s.\-()]/g, "");
  // The country code (+61, 0061, 61) or the trunk 0, or both ("+61 (0) 412…"), then the nine digits.
  const m = /^(?:(?:\+|00)?61)?0?([2378]\d{8}|4\d{8})$/.exec(digits);
  if (!m) return undefined;
  const n = m[1];
  return n.startsWith("4")
    ? `+61 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`
    : `+61 ${n[0]} ${n.slice(1, 5)} ${n.slice(5)}`;
}

/** The number for a copy button and a tel: link: the international form without spaces, or undefined. */
export const dialable = (typed: string): string | undefined => internationalPhone(typed)?.replace(/ /g, "");

/** The phone as the owner reads it: international when it is an Australian number, else as typed. */
export const phoneShown = (typed: string): string => internationalPhone(typed) ?? visibleOnly(typed).trim();

/**
 * The longest phone a one-line mention keeps (a notice's first line, a reminder, the digest): no
 * number anyone rings is longer, and the notice's Phone line has what was typed whole. Uncut, 15
 * waiting leads with 200-character "phones" made the digest longer than Telegram takes.
 */
export const PHONE_IN_LINE_MAX = 40;
export const phoneInLine = (typed: string): string => cutText(phoneShown(typed), PHONE_IN_LINE_MAX);
