/**
 * The email channel as a whole, beside each email's own record (email-records.ts), kept in the
 * store's settings so every sender sees it (Node's loop after a restart, each of a Worker's
 * isolates):
 *
 * - paused: a 429 from the provider is the account's limit (its rate per second, or the day's
 *   quota), so every email waits out its retry-after, not only the one refused: sending on to the
 *   next email in the same second met the same 429 ten times;
 * - refused: the provider refuses the relay's settings (a wrong or revoked key, a sending domain
 *   not verified, the month's quota used up), which no retry cures: no visitor gets a confirmation
 *   and the owner gets no copy. The health check turns red and says why, and the owner is told
 *   once in Telegram; the first email the provider takes again ends it.
 */
import type { EmailOutcome } from "../email/client.ts";
import { sendOnce, type TelegramOptions } from "../telegram/client.ts";
import { STALE_AFTER_MS, type Health } from "./policy.ts";
import type { LeadStore } from "./store.ts";
import { CONFIRM_WITHIN_MS } from "./email-records.ts";

/** A lead older than this without its confirmation recorded: the email loop is behind. */
const BEHIND_AFTER_MS = 60_000;

const PAUSED = "email-paused-until";
const REFUSED = "email-refused";

/** When the channel may send again (0: now). */
export async function pausedUntil(store: LeadStore): Promise<number> {
  return Number((await store.settings.read(PAUSED)) ?? 0) || 0;
}

/** Every email waits until `until` (a 429's retry-after); a later pause another sender wrote stays. */
export async function pauseUntil(store: LeadStore, until: number): Promise<void> {
  // Zero-padded, so advance's text order is time order.
  await store.settings.advance(PAUSED, String(until).padStart(16, "0"));
}

interface Refusal {
  since: number;
  /** The provider's status and error name ("403 validation_error"): no message, which may quote an address. */
  cause: string;
  /** What to fix, in the settings' words. */
  fix: string;
  told: boolean;
}

/** What the provider's refusal of the settings means for the owner, by its status and name. */
function refusalOf(outcome: Extract<EmailOutcome, { kind: "settings" }>, since: number): Refusal {
  const cause = outcome.reason.replace(/:.*$/s, "");
  const status = Number(cause.slice(0, 3));
  const fix =
    outcome.name === "monthly_quota_exceeded"
      ? "the month's sending quota is used up: a larger plan at resend.com, or the next month"
      : status === 401 || status === 400
        ? "it refuses the key: check EMAIL_API_KEY at resend.com"
        : status === 403
          ? "it refuses the key or the sending domain: check EMAIL_API_KEY, and that EMAIL_FROM's domain is verified at resend.com"
          : "EMAIL_API_URL does not answer as the email API: check it";
  return { since, cause, fix, told: false };
}

/** The refusal in force, if any. */
async function refusal(store: LeadStore): Promise<Refusal | undefined> {
  const kept = await store.settings.read(REFUSED);
  return kept === undefined ? undefined : (JSON.parse(kept) as Refusal);
}

/**
 * Delivery's health with email's: red too while emails have failed for longer than STALE_AFTER_MS
 * (the provider down), since the owner's copy is the fallback for a lead Telegram cannot take;
 * while leads a minute old have no confirmation recorded (the email loop is not keeping up); and
 * at once while the provider refuses the relay's settings, which no retry cures: the cause and what
 * to fix. No error text: the provider's may quote an address; `npm run leads -- show` has it.
 */
export async function withEmail(health: Health, store: LeadStore, now: number): Promise<Health> {
  const r = await refusal(store);
  const refused =
    r &&
    `Resend refuses the relay's email settings (${r.cause}; ${r.fix}): no visitor gets a confirmation and the owner gets no email copy until they work`;
  const emailsFailing = await store.emails.failingSince(now - STALE_AFTER_MS);
  const failing =
    emailsFailing > 0
      ? `${emailsFailing} email${emailsFailing === 1 ? "" : "s"} the provider has not taken for over ${STALE_AFTER_MS / 60_000} minutes (npm run leads -- show says why)`
      : undefined;
  // The email loop records each lead's confirmation within a pass or two: a lead a minute old without
  // one means it is not keeping up with the leads coming in.
  const emailsBehind = await store.emails.behind(now - CONFIRM_WITHIN_MS, now - BEHIND_AFTER_MS);
  const behind =
    emailsBehind > 0
      ? `the email loop is behind: ${emailsBehind} lead${emailsBehind === 1 ? "" : "s"} over a minute old ` +
        "without their confirmation recorded"
      : undefined;
  const email = refused ? "refused" : "ok";
  if (health.ok && !refused && !failing && !behind) return { ...health, email, emailsFailing, emailsBehind };
  const problem = [health.problem, refused, failing, behind].filter((p) => p !== undefined).join("; ");
  return { ...health, ok: false, email, emailsFailing, emailsBehind, problem };
}

/**
 * Records that the provider refuses the settings and, the first time, tells the owner in
 * Telegram (`tell`; undefined without Telegram), with the provider's own words: one sender
 * claims the telling, so the owner hears it once however many emails are refused. A tell that
 * did not reach Telegram is tried again at the next refusal.
 */
export async function refused(
  store: LeadStore,
  outcome: Extract<EmailOutcome, { kind: "settings" }>,
  now: number,
  tell: ((text: string) => Promise<boolean>) | undefined,
  log: (message: string) => void,
): Promise<void> {
  const kept = await store.settings.kept(REFUSED, () => JSON.stringify(refusalOf(outcome, now)));
  const state = JSON.parse(kept) as Refusal;
  if (state.told || !tell) return;
  const told = JSON.stringify({ ...state, told: true });
  if (!(await store.settings.swap(REFUSED, kept, told))) return;
  const text = `Email has stopped: Resend refuses the relay's settings (${outcome.reason}). Visitors get no confirmation and you get no email copies until ${state.fix.replace(/^[^:]*: /, "")}; then restart or deploy the relay.`;
  if (await tell(text))
    return log("relay: told the owner in Telegram that the email provider refuses the settings");
  await store.settings.swap(REFUSED, told, kept);
}

/** The provider took an email: a refusal recorded before is over. */
export async function working(store: LeadStore, log: (message: string) => void): Promise<void> {
  if ((await store.settings.read(REFUSED)) === undefined) return;
  if (await store.settings.remove(REFUSED)) log("relay: the email provider takes the relay's emails again");
}

/** The owner's chat as `refused` tells it: plain text (the provider's words hold no Markdown). */
export const tellIn =
  (telegram: TelegramOptions) =>
  async (text: string): Promise<boolean> =>
    (await sendOnce(text, telegram, null)).kind === "sent";
