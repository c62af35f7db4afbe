/**
 * One call to Telegram's sendMessage, and what its answer means for the lead:
 * sent, try again (when, and whether Telegram may have delivered it anyway),
 * or refused for good. Retrying and pacing belong to whoever keeps the lead
 * (delivery.ts on Node, the Queue consumer on Workers).
 * The token is part of the URL, so the URL is never logged or put in an error.
 * https://core.telegram.org/bots/api#sendmessage
 */

export interface TelegramOptions {
  apiBase: string;
  token: string;
  chatId: string;
  /** One attempt without an answer is abandoned after this many ms: long enough that a slow Telegram is not taken for a dead one. */
  attemptTimeoutMs?: number;
}

export const ATTEMPT_TIMEOUT_MS = 30_000;

export type SendOutcome =
  | { kind: "sent" }
  /** Worth another try. `uncertain`: no answer came, so Telegram may have delivered it. */
  | { kind: "retry"; reason: string; retryAfterMs?: number; uncertain: boolean }
  /** The token or chat is refused: nothing is sent until the settings change. */
  | { kind: "settings"; reason: string }
  /** This message is refused (a retry would be refused the same way). */
  | { kind: "message"; reason: string };

export async function sendOnce(text: string, { apiBase, token, chatId, attemptTimeoutMs = ATTEMPT_TIMEOUT_MS }: TelegramOptions, parseMode: "Markdown" | null = "Markdown"): Promise<SendOutcome> {
  const url = `${apiBase.replace(/\/$/, "")}/bot${token}/sendMessage`;
  // No link previews: a spammer's link must not become a card in the owner's chat.
  const body = JSON.stringify({ chat_id: chatId, text, ...(parseMode ? { parse_mode: parseMode } : {}), link_preview_options: { is_disabled: true } });
  let response: Response;
  let answer: Answer;
  try {
    response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body, signal: AbortSignal.timeout(attemptTimeoutMs) });
    answer = await readAnswer(response);
  } catch (error) {
    // Only the error's kind: a fetch error's message or cause could carry the URL.
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    const kind = error instanceof Error ? (timedOut ? "no answer in time" : `${error.name}${causeCode(error)}`) : "unknown error";
    // A request that never connected cannot have been delivered; one that got no answer may have been.
    return { kind: "retry", reason: `network: ${kind}`, uncertain: timedOut || !isConnectFailure(error) };
  }
  if (response.ok && answer.ok === true) return { kind: "sent" };
  const reason = `${response.status} ${answer.description ?? "(no description)"}`;
  if (response.status === 429) return { kind: "retry", reason, retryAfterMs: Math.max(1, answer.retryAfter ?? 1) * 1000, uncertain: false };
  if (response.status >= 500) return { kind: "retry", reason, uncertain: false };
  if (response.status === 401 || response.status === 403 || response.status === 404 || /chat not found/i.test(reason)) return { kind: "settings", reason };
  return { kind: "message", reason };
}

interface Answer {
  ok?: unknown;
  description?: string;
  retryAfter?: number;
}

/** Telegram answers JSON, but a proxy in front of it may answer a 5xx with an HTML page. */
async function readAnswer(response: Response): Promise<Answer> {
  const text = await response.text();
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === "object") {
      const a = parsed as Record<string, unknown>;
      const retryAfter = (a.parameters as Record<string, unknown> | undefined)?.retry_after;
      return {
        ok: a.ok,
        description: typeof a.description === "string" ? a.description : undefined,
        retryAfter: typeof retryAfter === "number" && retryAfter >= 0 ? retryAfter : undefined,
      };
    }
  } catch {
    // fall through: not JSON
  }
  return { description: `non-JSON answer (${response.headers.get("content-type") ?? "no content type"})` };
}

const CONNECT_FAILURES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH", "EHOSTUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

function isConnectFailure(error: unknown): boolean {
  const code = error instanceof Error ? (error.cause as { code?: unknown } | undefined)?.code : undefined;
  return typeof code === "string" && CONNECT_FAILURES.has(code);
}

function causeCode(error: Error): string {
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? ` ${code}` : "";
}
