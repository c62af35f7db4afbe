/**
 * One way of meeting an API that fails, for every API the relay calls
 * (Telegram's Bot API, the email provider's): what a failed request means (try
 * again, the settings refused, this request refused), how long an answer asks
 * to wait (Retry-After), and the back-off before the next try. Each client
 * classifies its own answers with these; whoever keeps the lead retries
 * (leads/policy.ts, leads/emails.ts), and a call the owner waits on is tried
 * again at once, within a bound (`retrying`, as grammY's withRetries does).
 * Why a request failed is said in words that never carry the URL or a header:
 * a bot token travels in Telegram's path, an API key in a header.
 */

export type Failure =
  /** Worth another try, after `retryAfterMs` when the API said. `uncertain`: no answer came, so it may have acted. */
  | { kind: "retry"; reason: string; retryAfterMs?: number; uncertain: boolean }
  /** The relay's settings are refused (a key, a token, a chat, an address): nothing goes until they change. */
  | { kind: "settings"; reason: string }
  /** This request is refused; the same one would be refused again. */
  | { kind: "message"; reason: string };

/**
 * A failed answer by its status, as both APIs use them: 429 and 5xx are for now (a 429 after the wait
 * it asks, else a second); 401, 403 and 404 refuse the settings, and so does any answer the client
 * knows to (`settings`: Telegram's "chat not found", Resend's "API key is invalid"); the rest (400,
 * 422) refuse this request.
 */
export function failureOf(
  status: number,
  reason: string,
  { retryAfterMs, settings = false }: { retryAfterMs?: number; settings?: boolean } = {},
): Failure {
  if (status === 429) return { kind: "retry", reason, retryAfterMs: retryAfterMs ?? 1_000, uncertain: false };
  if (status >= 500) return { kind: "retry", reason, retryAfterMs, uncertain: false };
  if (status === 401 || status === 403 || status === 404 || settings) return { kind: "settings", reason };
  return { kind: "message", reason };
}

/** A request that got no answer: worth another try, and uncertain unless it never connected. */
export const noAnswer = (error: unknown): Failure => ({
  kind: "retry",
  reason: networkReason(error),
  uncertain: mayHaveArrived(error),
});

/**
 * How long an answer asks to wait: Retry-After (seconds, or an HTTP date, RFC 9110 10.2.3), else
 * RateLimit-Reset (seconds until the window resets, https://resend.com/docs/api-reference/rate-limit).
 */
export function retryAfterMs(headers: Headers, now: number): number | undefined {
  const after = headers.get("retry-after")?.trim();
  if (after) {
    if (/^\d+$/.test(after)) return Number(after) * 1000;
    const at = Date.parse(after);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  const reset = headers.get("ratelimit-reset")?.trim();
  return reset && /^\d+$/.test(reset) ? Number(reset) * 1000 : undefined;
}

/** A lead's (or an email's) first wait after a failed try, and the longest. */
export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 15 * 60_000;

/**
 * The wait before try `attempts + 1`: doubling from `firstMs`, capped at `maxMs`; with `random`, ±25%
 * jitter, so leads failed together do not come back together.
 */
export function backoffMs(
  attempts: number,
  {
    firstMs = FIRST_RETRY_MS,
    maxMs = MAX_RETRY_MS,
    random,
  }: { firstMs?: number; maxMs?: number; random?: () => number } = {},
): number {
  const base = Math.min(firstMs * 2 ** Math.max(0, attempts - 1), maxMs);
  return random ? Math.round(base * (0.75 + random() * 0.5)) : base;
}

/**
 * Makes `call` again while its answer asks for it (`wait`: the wait before the next try, undefined:
 * none), at most `tries` times in all, and never waiting longer than `maxWaitMs`: an answer asking
 * for more is given up at once. For calls someone is waiting on, such as a button press's answer.
 */
export async function retrying<A>(
  call: () => Promise<A>,
  wait: (answer: A, tried: number) => number | undefined,
  { tries, maxWaitMs }: { tries: number; maxWaitMs: number },
): Promise<A> {
  let answer = await call();
  for (let tried = 1; tried < tries; tried++) {
    const ms = wait(answer, tried);
    if (ms === undefined || ms > maxWaitMs) break;
    await new Promise((resolve) => setTimeout(resolve, ms));
    answer = await call();
  }
  return answer;
}

const CONNECT_FAILURES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** The request never connected, so the server cannot have acted on it. */
export function isConnectFailure(error: unknown): boolean {
  const code = error instanceof Error ? (error.cause as { code?: unknown } | undefined)?.code : undefined;
  return typeof code === "string" && CONNECT_FAILURES.has(code);
}

/** AbortSignal.timeout fired: the request may have been acted on, its answer never came. */
const timedOut = (error: unknown) => error instanceof Error && error.name === "TimeoutError";

/**
 * Why a request got no answer, by the error's kind only: a fetch error's message or cause could carry the
 * URL.
 */
export function networkReason(error: unknown): string {
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  const kind = !(error instanceof Error)
    ? "unknown error"
    : timedOut(error)
      ? "no answer in time"
      : `${error.name}${typeof code === "string" ? ` ${code}` : ""}`;
  return `network: ${kind}`;
}

/** A request that got no answer: it may have been acted on unless it never connected. */
const mayHaveArrived = (error: unknown) => timedOut(error) || !isConnectFailure(error);
