/**
 * What a fetch that got no answer means, for every API the relay calls
 * (Telegram, the email provider): whether the request may have reached the
 * server, and why it failed, in words that never carry the URL or a header
 * (a bot token travels in Telegram's path, an API key in a header).
 */

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
export const timedOut = (error: unknown) => error instanceof Error && error.name === "TimeoutError";

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
export const mayHaveArrived = (error: unknown) => timedOut(error) || !isConnectFailure(error);
