/**
 * An estimate in Australian words and figures, for the quote page and the
 * owner's notice: "$1,234.50", "1 Dec 2026", and the notice's one line,
 * "estimate $480 incl. GST, prices reviewed 1 Dec 2026". Written out rather
 * than left to Intl, whose month abbreviations differ between Node, browsers
 * and Workers ("Sep", "Sept").
 */
import type { CallReason, Estimate, MissingChoice } from "./estimate.ts";

/** Whole cents as dollars: "$480", "$1,234.50", "-$2.50"; cents only when there are some. */
export function formatDollars(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const whole = Math.floor(Math.abs(cents) / 100);
  const part = Math.abs(cents) % 100;
  const dollars = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}$${dollars}${part === 0 ? "" : `.${String(part).padStart(2, "0")}`}`;
}

/** A table's `reviewed` date, "1 December 2026", as "1 Dec 2026"; anything else as it is. */
export function shortDate(date: string): string {
  return date.replace(/^(\d{1,2}) ([A-Z][a-z]{2})[a-z]* (\d{4})$/, "$1 $2 $3");
}

const CHOICE_WORDS: Record<MissingChoice, string> = {
  propertyType: "property type",
  bedrooms: "bedrooms",
  bathrooms: "bathrooms",
  storeys: "storeys",
};

/**
 * Why there is no figure, in a few words: "more than 5 bedrooms", "4 bedrooms, 1 bathroom is not in the price
 * list".
 */
export function callReasonText(reason: CallReason): string {
  switch (reason.code) {
    case "bedrooms":
    case "bathrooms":
    case "storeys":
      return `more than ${reason.limit} ${reason.code}`;
    case "total":
      return `over ${formatDollars(reason.limitCents)}`;
    case "not-priced":
      return `${reason.what} is not in the price list`;
    case "unknown-add-on":
      return `an add-on the service does not have ("${reason.id}")`;
  }
}

/** "bedrooms", "bedrooms and bathrooms", "property type, bedrooms and bathrooms". */
function list(words: string[]): string {
  return words.length <= 1
    ? words.join("")
    : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/**
 * The owner's notice line for an estimate the relay worked out, naming the
 * table it used; undefined when the service has no prices (nothing to say).
 */
export function noticeLine(result: Estimate | undefined): string | undefined {
  if (!result) return undefined;
  const table = `prices reviewed ${shortDate(result.reviewed)}`;
  switch (result.kind) {
    case "price":
      return `estimate ${formatDollars(result.totalCents)} incl. GST, ${table}`;
    case "call":
      return `no estimate, asked to call: ${callReasonText(result.reason)} (${table})`;
    case "incomplete":
      return `no estimate: ${list(result.missing.map((m) => CHOICE_WORDS[m]))} not chosen (${table})`;
  }
}
