/** Phone numbers as the business writes them ("0491 570 157") and as links and data need them. */

/** "0491 570 157" → "tel:+61491570157"; "(02) 5550 0100" → "tel:+61255500100". */
export function telHref(phone: string): string {
  return `tel:${internationalPhone(phone)}`;
}

/** "0491 570 157" → "+61491570157": the E.164 form, for tel: links and structured data. */
export function internationalPhone(phone: string): string {
  return "+61" + phone.replace(/\D/g, "").replace(/^0/, "");
}

/**
 * A number as its digits in the national form, to compare numbers however they are written:
 * "tel:+61491570157" (as telHref writes links), "+61 491 570 157" and "0491 570 157" are all
 * "0491570157". A number of another country keeps its "+" and country code.
 */
export function nationalDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (/^\s*(tel:)?\s*\+/i.test(phone)) return digits.startsWith("61") ? `0${digits.slice(2)}` : `+${digits}`;
  return digits.startsWith("0061") ? `0${digits.slice(4)}` : digits;
}
