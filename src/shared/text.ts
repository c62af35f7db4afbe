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
