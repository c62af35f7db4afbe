/**
 * Settings read the same by the relay and the build: the relay acts on them
 * and the build's pages state them (the privacy policy says how long a lead is
 * kept), so both read them here and never a copy of the rule.
 */

export interface WholeNumberRule {
  fallback: number;
  min: number;
  max: number;
  /** How the expectation is worded when the value is not one, e.g. "a whole number from 1 to 36500". */
  what?: string;
}

/**
 * A whole number setting by its rule: the number (the fallback when unset or blank), or what is wrong with
 * it.
 */
export function readWholeNumber(
  given: string | undefined,
  { fallback, min, max, what = `a whole number from ${min} to ${max}` }: WholeNumberRule,
): number | { problem: string } {
  const s = given?.trim();
  if (s === undefined || s === "") return fallback;
  const n = Number(s);
  return Number.isInteger(n) && n >= min && n <= max
    ? n
    : { problem: `expected ${what}, got ${JSON.stringify(s)}` };
}

/** LEADS_RETENTION_DAYS: days after which what a visitor typed is erased from delivered (and spam) leads. */
export const LEADS_RETENTION_DAYS: WholeNumberRule = { fallback: 90, min: 1, max: 36_500 };
