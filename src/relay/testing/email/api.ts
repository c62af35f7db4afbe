/**
 * What the Resend stand-in (../email-stand-in.ts) shows a test: its
 * behaviours on demand, the emails it took and every request it got, and the
 * key, domain and limits it starts with.
 */
export type EmailBehaviour =
  /**
   * delayMs: before taking the request in; answerDelayMs: after accepting the email, before answering (a
   * timeout then leaves it sent but unanswered).
   */
  | { kind: "ok"; delayMs?: number; answerDelayMs?: number }
  /** 429 rate_limit_exceeded with retry-after, as the rate limit answers. */
  | { kind: "tooMany"; retryAfter: number }
  /** 429 daily_quota_exceeded or monthly_quota_exceeded. */
  | { kind: "quota"; which: "daily" | "monthly" }
  /** 500 application_error. */
  | { kind: "error" }
  /** 503 service_unavailable. */
  | { kind: "down" }
  /** A proxy's 502 page, not JSON. */
  | { kind: "serverError" }
  /** No answer at all; nothing is sent. */
  | { kind: "hang" }
  | { kind: "refuse"; status: number; name: string; message: string };

export interface DeliveredEmail {
  /** Resend's id for it, as answered. */
  id: string;
  idempotencyKey?: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string[];
  subject: string;
  text?: string;
  html?: string;
  headers?: Record<string, string>;
  tags?: { name: string; value: string }[];
}

/** Each request that reached POST /emails, answered or not yet. */
export interface EmailRequest {
  idempotencyKey?: string;
  userAgent?: string;
  /** The status answered (undefined while unanswered or never). */
  status?: number;
  name?: string;
  /** Answered from the key: the first answer's id again, nothing sent. */
  replayed: boolean;
}

export interface EmailStandInOptions {
  apiKey?: string;
  /** Domains the account has verified (a `from` on another is refused with 403); default [TEST_DOMAIN]. */
  verifiedDomains?: string[];
  /** Requests a second the account takes (default REQUESTS_PER_SECOND). */
  requestsPerSecond?: number;
  /** How long a key is kept (default 24 h, IDEMPOTENCY_TTL_MS). */
  idempotencyTtlMs?: number;
  /** The largest request taken, in bytes (default MAX_EMAIL_BYTES). */
  maxEmailBytes?: number;
  /**
   * The stand-in's clock, for the rate limit's windows and the keys' expiry (tests move it on instead of
   * sleeping).
   */
  now?: () => number;
}

export interface EmailStandIn {
  /** The value for EMAIL_API_URL. */
  apiUrl: string;
  apiKey: string;
  /** Emails accepted, in order (each once, however often its key was sent). */
  delivered: DeliveredEmail[];
  requests: EmailRequest[];
  /** Requests that reached POST /emails, answered or not. */
  calls: number;
  /** Answers the next requests this way, in order, then normally. */
  on(...behaviours: EmailBehaviour[]): void;
  /** Answers every request this way until changed (undefined: normally again). */
  always(behaviour: EmailBehaviour | undefined): void;
  verifyDomain(domain: string): void;
  unverifyDomain(domain: string): void;
  /**
   * Resolves once no request is being answered: one held by answerDelayMs has had its answer
   * written (whether or not the client still waited for it). Assert what follows it after this.
   */
  answered(): Promise<void>;
  /**
   * Back to a fresh account: records, keys, faults, the rate window, the verified domains; the options stay.
   */
  reset(): void;
  close(): Promise<void>;
}

export const TEST_EMAIL_KEY = "re_StandIn_0123456789abcdefghijklmnop";
export const TEST_DOMAIN = "mail.jacaranda.test";
export const TEST_FROM = `Jacaranda Cleaning Co. <hello@${TEST_DOMAIN}>`;

/**
 * The default rate limit. Resend's own pages differ: the changelog that introduced the limit and
 * an earlier API reference say 2 requests a second (https://resend.com/changelog/api-rate-limit:
 * "Every customer will have a rate limit of 2 requests per second by default"); Usage Limits says
 * 10 (https://resend.com/docs/api-reference/rate-limit: "The default maximum rate limit is 10
 * requests per second per team"). The stand-in takes the lower: a relay that paces itself for it
 * works under either. "The rate limit is enforced as a per-second window. There is no separate
 * burst allowance" (https://resend.com/docs/knowledge-base/account-quotas-and-limits).
 */
export const REQUESTS_PER_SECOND = 2;
/**
 * https://resend.com/docs/api-reference/emails/send-email, Idempotency-Key: "Idempotency keys expire after 24
 * hours".
 */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/**
 * Send Email, attachments: "max 40MB per email, after Base64 encoding of the attachments". The page
 * does not say whether MB is 10^6 or 2^20 bytes, nor what status a larger one gets: the stand-in
 * takes the smaller reading and answers 422 validation_error in its own words.
 */
export const MAX_EMAIL_BYTES = 40_000_000;
