/**
 * Cutting a visitor's or a Telegram user's text to a length, for the browser
 * and the relay alike. Lengths are UTF-16 code units, as JavaScript's and
 * Telegram's limits count them (https://core.telegram.org/bots/api#sendmessage:
 * 1-4096 characters). A plain `.slice(0, n)` can end in half an emoji (a lone
 * surrogate), which is not UTF-8 and which Telegram refuses ("strings must be
 * encoded in UTF-8").
 */

/** A lone surrogate: with the u flag a whole pair is one code point and does not match. */
const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * `text` made well-formed (each lone surrogate already in it becomes U+FFFD, as
 * String.prototype.toWellFormed does; that method is missing from older browsers),
 * then cut to at most `max` code units, never between the halves of a pair: a
 * character that does not fit whole is left out whole.
 */
export function cutText(text: string, max: number): string {
  const whole = text.replace(LONE_SURROGATE, "\uFFFD");
  if (whole.length <= max) return whole;
  if (max <= 0) return "";
  // Well-formed, so a high surrogate at the last place kept is the first half of a pair.
  const high = whole.charCodeAt(max - 1);
  return whole.slice(0, high >= 0xd800 && high <= 0xdbff ? max - 1 : max);
}

/**
 * Marks that change the direction text reads in: the embeddings, overrides and isolates
 * (U+202A-U+202E, U+2066-U+2069) and the single marks LRM, RLM and ALM (U+200E, U+200F,
 * U+061C). In a one-line value they could make a line read backwards in the owner's chat.
 */
const DIRECTION_MARKS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** Every control (C0, DEL, C1) and every other line break Unicode has: the line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const BREAKS_AND_CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/**
 * Letters of the scripts written right to left: Hebrew, Arabic, Syriac, Thaana, N'Ko and the rest
 * of U+0590-U+08FF, their presentation forms, and the scripts of U+10800-U+10FFF and U+1E800-U+1EFFF.
 */
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFE\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/**
 * A name set inside a line of English, wrapped in FIRST STRONG ISOLATE and POP DIRECTIONAL
 * ISOLATE (U+2068, U+2069) when it holds right-to-left letters. Without them the Unicode
 * Bidirectional Algorithm (UAX #9, rules W1-W7 and N1) lets the name's direction run on across
 * the ", " after it, and a phone number that follows shows its digit groups in reverse order
 * ("Ann: سارة, 678 345 412 +61"): the owner would ring a wrong number. Any other name is left as
 * typed, and found by a search as typed. A name has been through oneLine(), so no isolate of
 * the visitor's can close this one early.
 */
export function isolateDirection(text: string): string {
  return RIGHT_TO_LEFT.test(text) ? `\u2068${text}\u2069` : text;
}

/**
 * A value that must stay one line (a name, a phone, where a visit came from): each run of line
 * breaks or controls becomes one space and direction marks go, so no one can start a line of
 * their own (a forged "Phone:") in the owner's notice or in `npm run leads`.
 */
export function oneLine(text: string): string {
  return text.replace(BREAKS_AND_CONTROLS, " ").replace(DIRECTION_MARKS, "");
}
