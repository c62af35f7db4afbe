/**
 * A stand-in for Resend's email API on 127.0.0.1, for tests: POST /emails as
 * strict as the real one, each rule cited beside its code (decision 0060).
 * Sources: the API reference (https://resend.com/docs/api-reference/introduction),
 * Send Email (https://resend.com/docs/api-reference/emails/send-email), Errors
 * (https://resend.com/docs/api-reference/errors), Idempotency Keys
 * (https://resend.com/docs/dashboard/emails/idempotency-keys), Usage Limits
 * (https://resend.com/docs/api-reference/rate-limit), the 1010 page
 * (https://resend.com/docs/knowledge-base/403-error-1010), and real answers
 * quoted in resend/resend-node issue 286.
 *
 * Like the real one it refuses a request without a User-Agent (403, error
 * 1010) or without a valid key (401); counts requests in one-second windows
 * (2 a second by default, see REQUESTS_PER_SECOND) and answers the one too
 * many 429 rate_limit_exceeded with retry-after, every answer carrying the
 * ratelimit-* headers; checks the Idempotency-Key (1 to 256 characters) and
 * answers the same key with the same body with the first answer's id and no
 * second email, the same key with another body 409 invalid_idempotent_request,
 * and a key whose first request is still being answered 409
 * concurrent_idempotent_requests, for 24 hours; requires from, to and subject
 * (422 missing_required_field), at most 50 recipients in `to`, addresses in the
 * `email@example.com` or `Name <email@example.com>` form (422 validation_error
 * "Invalid `to` field…"), a `from` on a verified domain (403 validation_error
 * "The … domain is not verified…"), tags of ASCII letters, digits, _ and -, and
 * at most 40 MB a request. Faults on demand (`on`, `always`): a 429, a quota
 * used up, a 500, a 503, a proxy's 502 page, a delay, no answer at all, an
 * email accepted whose answer comes late (or never), or any refusal.
 *
 * Stricter than Resend on purpose, so a mistake in the relay shows (Resend's
 * behaviour here is not documented): a field Send Email does not list is
 * refused; a Content-Type other than application/json, a body that is not
 * UTF-8 or JSON, a string with a lone surrogate, a subject or header value with
 * a line break or control, and an email with neither html nor text are refused;
 * the wording of these refusals is the stand-in's own, marked "(stand-in)".
 * Simpler than Resend: templates, scheduling and attachments are not
 * simulated beyond their shape; nothing is delivered anywhere, only recorded.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

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
/** Send Email, to: "Max 50." */
const MAX_TO = 50;

/** The fields Send Email lists for the API (`react` is the Node SDK's only); anything else is refused. */
const FIELDS = new Set([
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
const TAG = /^[A-Za-z0-9_-]{1,256}$/;
/** An HTTP header's name (RFC 9110 5.1, token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
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
function mailboxAddress(text: string): string | undefined {
  if (CONTROLS.test(text)) return undefined;
  const m = MAILBOX.exec(text.trim());
  const address = m && (m[1] ?? m[2]).trim();
  return address && ADDRESS.test(address) ? address : undefined;
}

/** Resend's messages, each where its page writes it. */
const MESSAGES = {
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
interface Reply {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** The error's name, for the request's record. */
  name?: string;
}
/** Errors: every error is `{ statusCode, name, message }` (as resend/resend-node issue 286 quotes one). */
const fail = (status: number, name: string, message: string): Reply => ({
  status,
  name,
  body: JSON.stringify({ statusCode: status, name, message }),
});
const mine = (status: number, name: string, message: string) => fail(status, name, `(stand-in) ${message}`);

/** The request's JSON with its keys sorted, to tell "the same body" from "a modified one". */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

function everyStringWellFormed(value: unknown): boolean {
  if (typeof value === "string") return value.isWellFormed();
  if (Array.isArray(value)) return value.every(everyStringWellFormed);
  if (value && typeof value === "object")
    return Object.entries(value).every(([k, v]) => k.isWellFormed() && everyStringWellFormed(v));
  return true;
}

/** `string | string[]`, as to, cc, bcc and reply_to take it; undefined when it is neither. */
function addressList(value: unknown): string[] | undefined {
  if (typeof value === "string") return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value as string[];
  return undefined;
}

interface KeyEntry {
  body: string;
  expiresAt: number;
  /** Undefined while the first request is still being answered. */
  id?: string;
}

export async function startEmailStandIn({
  apiKey = TEST_EMAIL_KEY,
  verifiedDomains = [TEST_DOMAIN],
  requestsPerSecond = REQUESTS_PER_SECOND,
  idempotencyTtlMs = IDEMPOTENCY_TTL_MS,
  maxEmailBytes = MAX_EMAIL_BYTES,
  now = Date.now,
}: EmailStandInOptions = {}): Promise<EmailStandIn> {
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
  let state = fresh();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => (timers.delete(timer), resolve()), ms);
      timers.add(timer);
    });

  /** Requests taken in and not yet answered, and answered()'s waiters. */
  let answering = 0;
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    answering++;
    void handle(req, res).finally(() => {
      if (--answering > 0) return;
      for (const resolve of waiters.splice(0)) resolve();
    });
  });

  function write(
    res: ServerResponse,
    reply: Reply,
    record?: EmailRequest,
    extra: Record<string, string> = {},
  ) {
    if (record) {
      record.status = reply.status;
      record.name = reply.name;
    }
    if (res.destroyed || res.headersSent) return;
    res.writeHead(reply.status, {
      "Content-Type": reply.contentType ?? "application/json",
      ...extra,
      ...reply.headers,
    });
    res.end(reply.body);
  }

  /** The body, or undefined once it passed `maxEmailBytes` (the rest is not kept). */
  function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on("data", (c: Buffer) => {
        size += c.length;
        if (size <= maxEmailBytes) chunks.push(c);
      });
      req.on("end", () => resolve(size > maxEmailBytes ? undefined : Buffer.concat(chunks)));
    });
  }

  /**
   * Usage Limits (https://resend.com/docs/api-reference/rate-limit): ratelimit-limit, -remaining and
   * -reset (seconds until the window resets) on every answer; over the limit, 429 with retry-after.
   */
  function countRequest(): { over: boolean; headers: Record<string, string> } {
    const at = now();
    const window = Math.floor(at / 1000);
    if (window !== state.window) {
      state.window = window;
      state.inWindow = 0;
    }
    state.inWindow++;
    const reset = String(Math.max(1, Math.ceil(((window + 1) * 1000 - at) / 1000)));
    const over = state.inWindow > requestsPerSecond;
    const headers: Record<string, string> = {
      "ratelimit-limit": String(requestsPerSecond),
      "ratelimit-remaining": String(Math.max(0, requestsPerSecond - state.inWindow)),
      "ratelimit-reset": reset,
    };
    if (over) headers["retry-after"] = reset;
    return { over, headers };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/emails") return write(res, fail(404, "not_found", MESSAGES.notFound));
    if (req.method !== "POST") return write(res, fail(405, "method_not_allowed", MESSAGES.notAllowed));
    const record: EmailRequest = {
      idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      userAgent: req.headers["user-agent"],
      replayed: false,
    };
    state.requests.push(record);
    // The 1010 page: no User-Agent, 403 "before it reaches the API", from Cloudflare in front of it.
    // The page gives the status and the code only; the body here is Cloudflare's plain-text form.
    if (!req.headers["user-agent"])
      return write(
        res,
        { status: 403, body: "error code: 1010", contentType: "text/plain", name: "1010" },
        record,
      );
    // Introduction, Authentication: "Authorization: Bearer re_xxxxxxxxx".
    const auth = req.headers.authorization;
    if (!auth) return write(res, fail(401, "missing_api_key", MESSAGES.missingKey), record);
    if (auth !== `Bearer ${apiKey}`)
      return write(res, fail(401, "validation_error", MESSAGES.invalidKey), record);
    const { over, headers } = countRequest();
    const behaviour = state.planned.shift() ?? state.fallback;
    if (behaviour?.kind === "ok" && behaviour.delayMs) await sleep(behaviour.delayMs);
    switch (behaviour?.kind) {
      case "hang":
        return;
      case "tooMany":
        return write(
          res,
          {
            ...fail(429, "rate_limit_exceeded", MESSAGES.tooMany),
            headers: { "retry-after": String(behaviour.retryAfter) },
          },
          record,
          headers,
        );
      case "quota":
        return write(
          res,
          behaviour.which === "daily"
            ? fail(429, "daily_quota_exceeded", MESSAGES.daily)
            : fail(429, "monthly_quota_exceeded", MESSAGES.monthly),
          record,
          headers,
        );
      case "error":
        return write(res, fail(500, "application_error", MESSAGES.error), record, headers);
      case "down":
        return write(res, fail(503, "service_unavailable", MESSAGES.down), record, headers);
      case "serverError":
        return write(
          res,
          {
            status: 502,
            body: "<html><body><h1>502 Bad Gateway</h1></body></html>",
            contentType: "text/html",
          },
          record,
        );
      case "refuse":
        return write(res, fail(behaviour.status, behaviour.name, behaviour.message), record, headers);
    }
    if (over) return write(res, fail(429, "rate_limit_exceeded", MESSAGES.tooMany), record, headers);
    const answer = await accept(
      req,
      raw,
      record,
      behaviour?.kind === "ok" ? behaviour.answerDelayMs : undefined,
    );
    write(res, answer, record, headers);
  }

  /** Everything after the door: the key, the body's checks, the email. */
  async function accept(
    req: IncomingMessage,
    raw: Buffer | undefined,
    record: EmailRequest,
    answerDelayMs: number | undefined,
  ): Promise<Reply> {
    if (raw === undefined)
      return mine(
        422,
        "validation_error",
        `the request is larger than ${maxEmailBytes} bytes (Send Email: "max 40MB per email")`,
      );
    if (!/^application\/json\s*(;|$)/i.test(req.headers["content-type"] ?? ""))
      return mine(400, "validation_error", "expected Content-Type: application/json");
    let text: string;
    let body: unknown;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(raw);
      body = JSON.parse(text);
    } catch {
      return mine(400, "validation_error", "the body is not UTF-8 JSON");
    }
    if (!body || typeof body !== "object" || Array.isArray(body))
      return mine(422, "validation_error", "the body is not a JSON object");

    // Idempotency Keys, Possible responses: checked before anything else is done with the request.
    const key = record.idempotencyKey;
    if (key !== undefined && (key.length < 1 || key.length > 256))
      return fail(400, "invalid_idempotency_key", MESSAGES.badKey);
    const at = now();
    for (const [k, entry] of state.keys) if (entry.expiresAt <= at) state.keys.delete(k);
    const entry = key === undefined ? undefined : state.keys.get(key);
    const sameBody = canonical(body);
    if (entry) {
      if (entry.body !== sameBody) return fail(409, "invalid_idempotent_request", MESSAGES.keyReused);
      if (entry.id === undefined) return fail(409, "concurrent_idempotent_requests", MESSAGES.concurrent);
      record.replayed = true;
      return { status: 200, body: JSON.stringify({ id: entry.id }) };
    }

    const problem = check(body as Record<string, unknown>);
    if (problem) return problem;
    const b = body as Record<string, unknown>;
    const id = randomUUID();
    // "checks whether an email with the same idempotency key has already been sent": the key is
    // kept for an email accepted, not for a request refused (which may be made again, corrected).
    const kept: KeyEntry | undefined =
      key === undefined ? undefined : { body: sameBody, expiresAt: at + idempotencyTtlMs };
    if (key !== undefined && kept) state.keys.set(key, kept);
    state.delivered.push({
      id,
      idempotencyKey: key,
      from: b.from as string,
      to: addressList(b.to)!,
      cc: addressList(b.cc) ?? [],
      bcc: addressList(b.bcc) ?? [],
      replyTo: addressList(b.reply_to) ?? [],
      subject: b.subject as string,
      text: b.text as string | undefined,
      html: b.html as string | undefined,
      headers: b.headers as Record<string, string> | undefined,
      tags: b.tags as DeliveredEmail["tags"],
    });
    // Until the answer is written, the same key is "another request in progress".
    if (answerDelayMs) await sleep(answerDelayMs);
    if (kept) kept.id = id;
    return { status: 200, body: JSON.stringify({ id }) };
  }

  /** Send Email's fields, each as its page describes it; the first problem found. */
  function check(b: Record<string, unknown>): Reply | undefined {
    for (const field of Object.keys(b))
      if (!FIELDS.has(field))
        return mine(422, "validation_error", `\`${field}\` is not a field of Send Email`);
    if (!everyStringWellFormed(b))
      return mine(422, "validation_error", "a string holds a lone surrogate (not UTF-8)");
    for (const field of ["from", "to", "subject"])
      if (b[field] === undefined || b[field] === null)
        return fail(422, "missing_required_field", MESSAGES.missing(field));
    if (b.template !== undefined) return mine(422, "validation_error", "templates are not simulated");
    if (typeof b.from !== "string") return fail(422, "validation_error", MESSAGES.invalidAddress("from"));
    const fromAddress = mailboxAddress(b.from);
    if (!fromAddress) return fail(422, "validation_error", MESSAGES.invalidAddress("from"));
    for (const field of ["to", "cc", "bcc", "reply_to"]) {
      if (b[field] === undefined) continue;
      const list = addressList(b[field]);
      if (!list || (field === "to" && list.length === 0) || list.some((a) => !mailboxAddress(a)))
        return fail(422, "validation_error", MESSAGES.invalidAddress(field));
      if (field === "to" && list.length > MAX_TO)
        return mine(
          422,
          "validation_error",
          `\`to\` has ${list.length} recipients; Send Email takes 50 at the most`,
        );
    }
    if (typeof b.subject !== "string") return mine(422, "validation_error", "`subject` must be a string");
    if (CONTROLS.test(b.subject))
      return mine(422, "validation_error", "`subject` holds a line break or another control character");
    for (const field of ["html", "text", "scheduled_at", "topic_id"])
      if (b[field] !== undefined && typeof b[field] !== "string")
        return mine(422, "validation_error", `\`${field}\` must be a string`);
    // hexdocs.pm/resend (Resend.Emails.send): "You must include one or both of the :html and :text options."
    if (b.html === undefined && b.text === undefined)
      return mine(422, "validation_error", "an email needs `html`, `text` or both");
    if (b.headers !== undefined) {
      const h = b.headers;
      if (!h || typeof h !== "object" || Array.isArray(h))
        return mine(422, "validation_error", "`headers` must be an object of strings");
      for (const [name, value] of Object.entries(h)) {
        if (!HEADER_NAME.test(name) || typeof value !== "string" || CONTROLS.test(value))
          return mine(
            422,
            "validation_error",
            `the header ${JSON.stringify(name)} is not a header name with a one-line string value`,
          );
      }
    }
    if (b.tags !== undefined) {
      const tags = b.tags;
      if (
        !Array.isArray(tags) ||
        !tags.every(
          (t) =>
            t &&
            typeof t === "object" &&
            typeof t.name === "string" &&
            typeof t.value === "string" &&
            TAG.test(t.name) &&
            TAG.test(t.value) &&
            Object.keys(t).length === 2,
        )
      ) {
        return mine(
          422,
          "validation_error",
          "each tag is { name, value }, each of ASCII letters, digits, _ or -, 1 to 256 characters",
        );
      }
    }
    if (b.attachments !== undefined) {
      if (!Array.isArray(b.attachments))
        return mine(422, "validation_error", "`attachments` must be an array");
      if (
        b.attachments.some(
          (a) => !a || typeof a !== "object" || (a.content === undefined && a.path === undefined),
        )
      )
        return fail(422, "invalid_attachment", MESSAGES.attachment);
    }
    // Errors, validation_error (403): the `from` must be on a domain the account verified.
    const domain = fromAddress.slice(fromAddress.lastIndexOf("@") + 1).toLowerCase();
    if (!state.verified.has(domain)) return fail(403, "validation_error", MESSAGES.unverified(domain));
    return undefined;
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}`,
    apiKey,
    get delivered() {
      return state.delivered;
    },
    get requests() {
      return state.requests;
    },
    get calls() {
      return state.requests.length;
    },
    on: (...behaviours) => void state.planned.push(...behaviours),
    always: (behaviour) => void (state.fallback = behaviour),
    answered: () =>
      answering === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
    verifyDomain: (domain) => void state.verified.add(domain.toLowerCase()),
    unverifyDomain: (domain) => void state.verified.delete(domain.toLowerCase()),
    reset() {
      state = fresh();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
