/**
 * The Resend stand-in's insides, which its parts share: Send Email's rules as
 * constants (each cited where Resend's pages give it), its answers, and the
 * state of one stand-in (`Core`): the emails and requests, the keys kept, the
 * faults planned, the rate window, and the timers to clear when it closes.
 */
import {
  IDEMPOTENCY_TTL_MS,
  MAX_EMAIL_BYTES,
  REQUESTS_PER_SECOND,
  TEST_DOMAIN,
  TEST_EMAIL_KEY,
  type DeliveredEmail,
  type EmailBehaviour,
  type EmailRequest,
  type EmailStandInOptions,
} from "./api.ts";

/** Send Email, to: "Max 50." */
export const MAX_TO = 50;

/** The fields Send Email lists for the API (`react` is the Node SDK's only); anything else is refused. */
export const FIELDS = new Set([
  "from",
  "to",
  "subject",
  "bcc",
  "cc",
  "scheduled_at",
  "reply_to",
  "html",
  "text",
  "headers",
  "topic_id",
  "attachments",
  "tags",
  "template",
]);
/**
 * Send Email, tags: name and value each "ASCII letters (a–z, A–Z), numbers (0–9), underscores (_), or dashes
 * (-)", "no more than 256 characters".
 */
export const TAG = /^[A-Za-z0-9_-]{1,256}$/;
/** An HTTP header's name (RFC 9110 5.1, token). */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// eslint-disable-next-line no-control-regex
export const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/**
 * The two forms resend/resend-node issue 286's 422 names, `email@example.com` and `Name
 * <email@example.com>` (a name may be quoted): written here apart from the relay's own parser
 * (email/address.ts), so that a mistake there is not shared. The address: no space, quote, angle
 * bracket or comma; a dotted domain ending in letters. Resend publishes no grammar; a name with a
 * line break or control is refused (stricter on purpose).
 */
const MAILBOX = /^(?:(?:"[^"\\]*"|[^<>"]*?)\s*<([^<>]+)>|([^<>]+))$/;
const ADDRESS =
  /^[^\s@<>"(),:;[\]\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
/** The address in a mailbox, or undefined when it is not one. */
export function mailboxAddress(text: string): string | undefined {
  if (CONTROLS.test(text)) return undefined;
  const m = MAILBOX.exec(text.trim());
  const address = m && (m[1] ?? m[2]).trim();
  return address && ADDRESS.test(address) ? address : undefined;
}

/** Resend's messages, each where its page writes it. */
export const MESSAGES = {
  /** Errors, missing_api_key (401). */
  missingKey: "Missing API key in the authorization header.",
  /**
   * Errors, validation_error (401): "The sending endpoints return this for a key that doesn't exist, was
   * deleted, or isn't a valid key".
   */
  invalidKey: "API key is invalid",
  /** Errors, invalid_idempotency_key (400). */
  badKey: "Idempotency keys, if present, must have between 1 and 256 characters.",
  /** Errors, invalid_idempotent_request (409). */
  keyReused:
    "This idempotency key has been used with this HTTP method and endpoint within the last 24 hours, but the request body was modified and doesn't match the original request.",
  /** Errors, concurrent_idempotent_requests (409). */
  concurrent: "There is another request in progress with the same idempotency key.",
  /** Errors, rate_limit_exceeded (429). */
  tooMany:
    "Too many requests. Please limit the number of requests per second. Or contact support to increase rate limit.",
  /** Errors, daily_quota_exceeded and monthly_quota_exceeded (429). */
  daily: "You have exceeded your daily email sending quota.",
  monthly: "You have exceeded your monthly email sending quota.",
  /** Errors, application_error (500) and service_unavailable (503). */
  error: "An unexpected error occurred.",
  down: "API is temporarily unavailable",
  /** Errors, not_found (404) and method_not_allowed (405). */
  notFound: "The requested endpoint does not exist.",
  notAllowed: "Method is not allowed for the requested path.",
  /** Errors, invalid_attachment (422). */
  attachment: "Attachment must have either a `content` or `path`.",
  /** resend/resend-node's tests: 422 missing_required_field "Missing `from` field." */
  missing: (field: string) => `Missing \`${field}\` field.`,
  /** resend/resend-node issue 286: 422 validation_error, the same for from, to, cc, bcc and reply_to. */
  invalidAddress: (field: string) =>
    `Invalid \`${field}\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`,
  /**
   * Errors, validation_error (403), and answers quoted in the wild ("The exemplo.com.br domain is not
   * verified.").
   */
  unverified: (domain: string) => `The ${domain} domain is not verified. Please, add and verify your domain.`,
};

/** An answer to write: JSON unless said otherwise. */
export interface Reply {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** The error's name, for the request's record. */
  name?: string;
}
/** Errors: every error is `{ statusCode, name, message }` (as resend/resend-node issue 286 quotes one). */
export const fail = (status: number, name: string, message: string): Reply => ({
  status,
  name,
  body: JSON.stringify({ statusCode: status, name, message }),
});
export const mine = (status: number, name: string, message: string) =>
  fail(status, name, `(stand-in) ${message}`);

/** The request's JSON with its keys sorted, to tell "the same body" from "a modified one". */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

export function everyStringWellFormed(value: unknown): boolean {
  if (typeof value === "string") return value.isWellFormed();
  if (Array.isArray(value)) return value.every(everyStringWellFormed);
  if (value && typeof value === "object")
    return Object.entries(value).every(([k, v]) => k.isWellFormed() && everyStringWellFormed(v));
  return true;
}

/** `string | string[]`, as to, cc, bcc and reply_to take it; undefined when it is neither. */
export function addressList(value: unknown): string[] | undefined {
  if (typeof value === "string") return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value as string[];
  return undefined;
}

export interface KeyEntry {
  body: string;
  expiresAt: number;
  /** Undefined while the first request is still being answered. */
  id?: string;
}

/** One stand-in: its settings, its state (afresh after reset()), its timers and the requests it is answering. */
export type Core = ReturnType<typeof makeCore>;

export function makeCore({
  apiKey = TEST_EMAIL_KEY,
  verifiedDomains = [TEST_DOMAIN],
  requestsPerSecond = REQUESTS_PER_SECOND,
  idempotencyTtlMs = IDEMPOTENCY_TTL_MS,
  maxEmailBytes = MAX_EMAIL_BYTES,
  now = Date.now,
}: EmailStandInOptions) {
  const fresh = () => ({
    delivered: [] as DeliveredEmail[],
    requests: [] as EmailRequest[],
    keys: new Map<string, KeyEntry>(),
    verified: new Set(verifiedDomains.map((d) => d.toLowerCase())),
    planned: [] as EmailBehaviour[],
    fallback: undefined as EmailBehaviour | undefined,
    /** The current one-second window and the requests counted in it. */
    window: 0,
    inWindow: 0,
  });
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const core = {
    apiKey,
    requestsPerSecond,
    idempotencyTtlMs,
    maxEmailBytes,
    now,
    state: fresh(),
    timers,
    /** Requests taken in and not yet answered, and answered()'s waiters. */
    answering: 0,
    waiters: [] as (() => void)[],
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => (timers.delete(timer), resolve()), ms);
        timers.add(timer);
      }),
    reset: () => (core.state = fresh()),
  };
  return core;
}
