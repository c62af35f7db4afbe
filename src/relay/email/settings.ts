/**
 * The email channel's settings, from the environment like Telegram's
 * (config.ts), checked once at start-up (decision 0060): EMAIL_API_KEY (the
 * provider's key), EMAIL_FROM (who the emails are from, on the verified
 * domain), OWNER_EMAIL (where the owner gets a lead Telegram could not take),
 * and EMAIL_API_URL (the provider's address; a stand-in's in tests).
 *
 * None of the three: email is off, and the start-up line says so. Some but
 * not all: the relay refuses to start, naming each one missing. Every problem
 * is reported by variable, all at once, and the key is never echoed.
 */
import * as z from "zod/mini";
import { apiAddress, emptyAsMissing, oneOf, parse, setting, wholeNumber } from "../config.ts";
import { isAddress, parseMailbox, type Mailbox } from "./address.ts";

/**
 * Resend's API (https://resend.com/docs/api-reference/introduction: "All requests contain the following base
 * URL: https://api.resend.com").
 */
export const RESEND_API_URL = "https://api.resend.com";

/** The three a working email channel needs; EMAIL_API_URL has a default. */
export const EMAIL_REQUIRED = ["EMAIL_API_KEY", "EMAIL_FROM", "OWNER_EMAIL"] as const;

export const EmailEnv = z
  .object({
    // Resend's keys start re_ (https://resend.com/docs/api-reference/introduction: "Authorization: Bearer
    // re_xxxxxxxxx"). Never echo the value: a wrong key is still a secret.
    EMAIL_API_KEY: setting((given, fail) => {
      const k = emptyAsMissing(given);
      return k === undefined || /^re_[\x21-\x7E]+$/.test(k)
        ? k
        : fail("does not look like a Resend API key (re_ then the secret, as resend.com/api-keys gives it)");
    }),
    EMAIL_FROM: setting((given, fail): Mailbox | undefined => {
      const s = emptyAsMissing(given);
      if (s === undefined) return undefined;
      const read = parseMailbox(s);
      return read.ok
        ? read.mailbox
        : fail(
            `${read.problem}; use an address on the domain verified with the provider, e.g. Sunny Side Cleaning Co. <hello@mail.example.com.au>`,
          );
    }),
    OWNER_EMAIL: setting((given, fail) => {
      const a = emptyAsMissing(given);
      return a === undefined || isAddress(a)
        ? a
        : fail("is not an email address such as owner@example.com.au (the address only, no name)");
    }),
    EMAIL_API_URL: apiAddress(RESEND_API_URL),
    // A lead not on Telegram this many minutes after it was stored goes to OWNER_EMAIL (decision 0063).
    EMAIL_FALLBACK_MINUTES: wholeNumber(5, 1, 24 * 60),
    // The most confirmations sent in any hour, all addresses together: a flood of posts cannot spend the
    // day's quota.
    EMAIL_CONFIRMATIONS_PER_HOUR: wholeNumber(20, 0, 10_000),
    // on: the morning digest's figures go to OWNER_EMAIL too, once Telegram has the digest.
    EMAIL_DIGEST: oneOf(["on", "off"], "off", 'expected "on" or "off"'),
  })
  .check(
    z.superRefine((env, ctx) => {
      const missing = EMAIL_REQUIRED.filter((name) => env[name] === undefined);
      if (missing.length === 0 || missing.length === EMAIL_REQUIRED.length) return;
      for (const name of missing) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `is missing: set ${EMAIL_REQUIRED.join(", ")} together to send email, or none of them to send none`,
        });
      }
    }),
  );

/** Where and as whom the relay sends email. */
export interface EmailSettings {
  apiUrl: string;
  apiKey: string;
  from: Mailbox;
  ownerEmail: string;
  /** EMAIL_FALLBACK_MINUTES: how long a lead may wait for Telegram before the owner gets it by email. */
  fallbackMinutes: number;
  /** EMAIL_CONFIRMATIONS_PER_HOUR: the ceiling on visitors' confirmations in any hour (0: none are sent). */
  confirmationsPerHour: number;
  /** EMAIL_DIGEST=on: the morning digest by email too. */
  digest: boolean;
}

/**
 * The email settings in `env`: undefined when none of the three is set (email is off), the
 * settings when all are; otherwise a ConfigError naming each one missing or wrong.
 */
export function emailSettings(env: Record<string, string | undefined>): EmailSettings | undefined {
  const e = parse(EmailEnv, env);
  if (e.EMAIL_API_KEY === undefined || e.EMAIL_FROM === undefined || e.OWNER_EMAIL === undefined)
    return undefined;
  return {
    apiUrl: e.EMAIL_API_URL,
    apiKey: e.EMAIL_API_KEY,
    from: e.EMAIL_FROM,
    ownerEmail: e.OWNER_EMAIL,
    fallbackMinutes: e.EMAIL_FALLBACK_MINUTES,
    confirmationsPerHour: e.EMAIL_CONFIRMATIONS_PER_HOUR,
    digest: e.EMAIL_DIGEST === "on",
  };
}

/** The start-up line about email: where it goes, or that it is off and why (never the key). */
export function emailStartupLine(settings: EmailSettings | undefined): string {
  if (!settings)
    return `Email is off: ${EMAIL_REQUIRED.join(", ")} are not set, so visitors get no confirmation and the owner no email when Telegram cannot take a lead.`;
  return `Email on: from ${settings.from.address} through ${new URL(settings.apiUrl).origin}; the owner's copy to ${settings.ownerEmail} when Telegram has not taken a lead in ${settings.fallbackMinutes} minutes; at most ${settings.confirmationsPerHour} confirmations an hour${settings.digest ? "; the morning digest too" : ""}.`;
}
