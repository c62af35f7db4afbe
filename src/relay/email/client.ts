/**
 * One call to Resend's POST /emails, and what its answer means for the lead:
 * sent (with Resend's id), try again (when, and whether it may have gone),
 * or refused for good (the settings, or this message). Retrying and pacing
 * belong to whoever keeps the lead, as for Telegram (telegram/client.ts).
 * Decision 0060; https://resend.com/docs/api-reference/emails/send-email
 *
 * Every call carries an Idempotency-Key made from the lead and the kind of
 * email, so a call made again after a timeout or a crash is answered with the
 * first call's id and sends nothing new, for 24 hours
 * (https://resend.com/docs/dashboard/emails/idempotency-keys: "Resend checks
 * whether an email with the same idempotency key has already been sent in the
 * last 24 hours … our API will give the same response, without actually
 * sending the email again"). Two rules follow for the caller:
 * - The same (lead, kind) must be sent with the same message every time:
 *   another body under a key already used is refused with 409
 *   invalid_idempotent_request (the `keyReused` outcome). So an email carries
 *   no "sent at" time and no "possible repeat" mark, unlike a Telegram notice.
 * - Past IDEMPOTENCY_WINDOW_MS from the first attempt the key protects
 *   nothing: a later try may arrive twice, so the delivery policy stops
 *   retrying (or marks the email) before then.
 *
 * The key is sent in a header and never logged or put in an outcome.
 */
import { failureOf, noAnswer, retryAfterMs, type Failure } from "../retry.ts";
import { oneLine } from "../../shared/text.ts";
import { formatMailbox, isAddress } from "./address.ts";
import type { EmailSettings } from "./settings.ts";

/**
 * The emails a lead can cause, each sent at most once: the visitor's confirmation, the owner's copy
 * when Telegram cannot take the lead; and the owner's morning digest (its "lead" is the day). A
 * booking's (issue 51): each quote sent (`quote-2`: the lead's second quote), each booking confirmed
 * (`booking-2`), and the reminder the day before a booked day (`reminder-2027-01-14`). Spelt with
 * hyphens only: the kind is a tag too, and a tag takes letters, digits, `_` and `-`.
 */
export type EmailKind =
  | "visitor-confirmation"
  | "owner-lead"
  | "owner-digest"
  | `quote-${number}`
  | `booking-${number}`
  | `reminder-${string}`;

export interface EmailRef {
  leadId: string;
  kind: EmailKind;
}

export interface EmailMessage {
  /** One recipient: the visitor, or the owner (settings.ownerEmail). */
  to: string;
  /** Where a reply goes: the owner's address on a confirmation, the visitor's on the owner's copy. */
  replyTo?: string;
  /** One line: line breaks and controls become spaces (a subject is a header). */
  subject: string;
  text: string;
  html?: string;
}

/**
 * Resend's answer: sent, with its id (the first call's, when this one was a repeat under the same key), or
 * a failure (retry.ts) with Resend's error name.
 */
export type EmailOutcome =
  | { kind: "sent"; id: string }
  | (Failure & {
      name?: string;
      /**
       * A 429: the limit is the account's (per second, or a day's quota), so every email waits
       * `retryAfterMs`, not only this one.
       */
      pause?: boolean;
      /**
       * Refused: an email under this key with another body was accepted in the last 24 hours, so the
       * recipient most likely has one already.
       */
      keyReused?: boolean;
    });

/**
 * How long Resend keeps an idempotency key (https://resend.com/docs/api-reference/emails/send-email:
 * "Idempotency keys expire after 24 hours").
 */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60_000;

/**
 * One attempt without an answer is abandoned after this long. Resend publishes no response-time
 * figure; 30 s is Telegram's (telegram/client.ts), long enough that a slow API is not taken for a
 * dead one, and a retry under the same key is safe either way.
 */
export const EMAIL_ATTEMPT_TIMEOUT_MS = 30_000;

/**
 * Sent with every request: Resend refuses one without a User-Agent with 403, error 1010, before
 * it reaches the API (https://resend.com/docs/knowledge-base/403-error-1010). Node's fetch sends
 * one of its own; a Worker's need not.
 */
export const USER_AGENT = "jacaranda-relay/1 (+email)";

/**
 * Resend's limit on a key (https://resend.com/docs/api-reference/errors, invalid_idempotency_key: "between 1
 * and 256 characters"); a header takes printable ASCII.
 */
const KEY = /^[\x21-\x7E]{1,256}$/;
/**
 * A tag's name and value (https://resend.com/docs/api-reference/emails/send-email, tags: "ASCII letters (a–z,
 * A–Z), numbers (0–9), underscores (_), or dashes (-)", "no more than 256 characters").
 */
const TAG = /^[A-Za-z0-9_-]{1,256}$/;

/**
 * The key for a (lead, kind), in the `<event-type>/<entity-id>` form Resend suggests (idempotency-keys page).
 */
export const idempotencyKey = ({ leadId, kind }: EmailRef): string => `${kind}/${leadId}`;

export interface SendEmailOptions {
  timeoutMs?: number;
  /** Stops the attempt (the host shutting down): an outcome like a timeout's. */
  signal?: AbortSignal;
  now?: () => number;
}

/** Format characters (Cf) but the zero-width joiner and non-joiner, which emoji and some scripts need. */
const FORMAT_BUT_JOINERS = /(?![\u200C\u200D])\p{Cf}/gu;

/**
 * A header's text as the provider gets it, made inert: one line (oneLine: each run of controls or
 * line breaks a space, direction marks gone), every other invisible format character gone, and no
 * encoded word. A mail client decodes an RFC 2047 encoded word in a subject ("An 'encoded-word'
 * may replace a 'text' token … in any Subject or Comments header field", RFC 2047 section 5), so a
 * name typed as `=?UTF-8?B?…?=` would reach the owner as whatever it encodes, line breaks and
 * direction controls included; `=?` becomes `= ?`, which starts none.
 */
export function headerText(text: string): string {
  return oneLine(text).replace(FORMAT_BUT_JOINERS, "").replaceAll("=?", "= ?").trim();
}

/**
 * POST /emails, once, with the (lead, kind)'s key. An address that is not one, or a key Resend
 * would refuse, is answered "message" without a request.
 */
export async function sendEmail(
  settings: EmailSettings,
  ref: EmailRef,
  message: EmailMessage,
  { timeoutMs = EMAIL_ATTEMPT_TIMEOUT_MS, signal, now = Date.now }: SendEmailOptions = {},
): Promise<EmailOutcome> {
  const key = idempotencyKey(ref);
  if (!KEY.test(key))
    return {
      kind: "message",
      reason:
        "the lead id makes an idempotency key Resend would refuse (1 to 256 printable ASCII characters)",
    };
  if (!isAddress(message.to)) return { kind: "message", reason: "the recipient is not an email address" };
  if (message.replyTo !== undefined && !isAddress(message.replyTo))
    return { kind: "message", reason: "the reply-to is not an email address" };
  const tags = [
    { name: "kind", value: ref.kind },
    ...(TAG.test(ref.leadId) ? [{ name: "lead", value: ref.leadId }] : []),
  ];
  const body = {
    from: formatMailbox(settings.from),
    to: [message.to],
    subject: headerText(message.subject),
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    ...(message.replyTo === undefined ? {} : { reply_to: [message.replyTo] }),
    tags,
  };
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let answer: Answer;
  try {
    response = await fetch(`${settings.apiUrl.replace(/\/+$/, "")}/emails`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${settings.apiKey}`,
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "Idempotency-Key": key,
      },
      // Every string well-formed: half an emoji cut off becomes U+FFFD rather than ill-formed UTF-8.
      body: JSON.stringify(body, (_key, v: unknown) => (typeof v === "string" ? v.toWellFormed() : v)),
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
    });
    answer = await readAnswer(response);
  } catch (error) {
    return noAnswer(error);
  }
  return classify(response, answer, now());
}

interface Answer {
  id?: string;
  name?: string;
  message?: string;
}

/**
 * Resend's answer: `{ id }`, or its error `{ statusCode, name, message }`
 * (https://resend.com/docs/api-reference/errors; the fields as its Rust SDK reads them,
 * https://docs.rs/crate/resend-rs/latest/source/src/error.rs). A proxy or Cloudflare in front of
 * it may answer with a page instead.
 */
async function readAnswer(response: Response): Promise<Answer> {
  const text = await response.text();
  try {
    const a = JSON.parse(text) as Record<string, unknown>;
    if (a && typeof a === "object") {
      const pick = (k: string) => (typeof a[k] === "string" ? (a[k] as string) : undefined);
      return { id: pick("id"), name: pick("name"), message: pick("message") };
    }
  } catch {
    // fall through: not JSON
  }
  return { message: `non-JSON answer (${response.headers.get("content-type") ?? "no content type"})` };
}

/** Each answer by its status and name, as https://resend.com/docs/api-reference/errors lists them. */
function classify(response: Response, answer: Answer, now: number): EmailOutcome {
  const status = response.status;
  if (response.ok) {
    // A 2xx without an id cannot be matched to an email; the key makes asking again safe.
    return answer.id
      ? { kind: "sent", id: answer.id }
      : { kind: "retry", reason: `${status} without an email id`, uncertain: true };
  }
  const name = answer.name;
  const reason = `${status} ${name ?? "(no name)"}: ${answer.message ?? "(no message)"}`;
  const wait = retryAfterMs(response.headers, now);
  const failure = (settings = false) => ({
    ...failureOf(status, reason, { retryAfterMs: wait, settings }),
    name,
  });
  if (status === 429) {
    // "daily_quota_exceeded": the free plan's day is a UTC calendar day, reset at midnight UTC
    // (https://resend.com/docs/api-reference/rate-limit). "monthly_quota_exceeded": only a plan
    // change or the next month helps.
    if (name === "daily_quota_exceeded")
      return {
        kind: "retry",
        reason,
        retryAfterMs: untilUtcMidnight(now),
        uncertain: false,
        name,
        pause: true,
      };
    if (name === "monthly_quota_exceeded") return { kind: "settings", reason, name };
    // "rate_limit_exceeded": retry-after says how long (same page); the window is a second, and the
    // limit the account's ("The default maximum rate limit is 10 requests per second per team").
    return { ...failure(), pause: true };
  }
  if (status === 409) {
    // "invalid_idempotent_request": the key was used with another body ("Retrying this request is
    // useless without changing the idempotency key or payload"). "concurrent_idempotent_requests":
    // the first call with this key is still being handled ("it is safe to retry this request
    // later"); it may yet send, so the retry is uncertain. "resource_locked": "Retry the request
    // after a short delay". https://resend.com/docs/dashboard/emails/idempotency-keys
    if (name === "invalid_idempotent_request") return { kind: "message", reason, name, keyReused: true };
    return {
      kind: "retry",
      reason,
      retryAfterMs: wait,
      uncertain: name === "concurrent_idempotent_requests",
      name,
    };
  }
  // 5xx: for now. 401 missing or invalid key; 403 a key not active or suspended, a domain not
  // verified, the testing domain's own-address rule, or error 1010 (no User-Agent); 404 and 405 a
  // wrong EMAIL_API_URL. A 400 "API key is invalid" is the key too. 400 validation_error and
  // invalid_idempotency_key, 422 missing_required_field, invalid_parameter, validation_error (an
  // address Resend will not take) and the rest: this message.
  return failure(status === 405 || (status === 400 && /api key/i.test(answer.message ?? "")));
}

function untilUtcMidnight(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) - now;
}
