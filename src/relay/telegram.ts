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
  /** `messageId`: the message's id in the chat, for replies and edits. */
  | { kind: "sent"; messageId?: number }
  /** Worth another try. `uncertain`: no answer came, so Telegram may have delivered it. */
  | { kind: "retry"; reason: string; retryAfterMs?: number; uncertain: boolean }
  /** The token or chat is refused: nothing is sent until the settings change. */
  | { kind: "settings"; reason: string }
  /** This message is refused (a retry would be refused the same way). */
  | { kind: "message"; reason: string };

/**
 * sendMessage, once. `extra`: more of sendMessage's parameters (reply_markup for the owner's
 * buttons, reply_parameters for a reminder that answers a notice).
 */
export async function sendOnce(text: string, telegram: TelegramOptions, parseMode: "Markdown" | null = "Markdown", extra: Record<string, unknown> = {}): Promise<SendOutcome> {
  // No link previews: a spammer's link must not become a card in the owner's chat.
  const params = { chat_id: telegram.chatId, text, ...(parseMode ? { parse_mode: parseMode } : {}), link_preview_options: { is_disabled: true }, ...extra };
  let response: Response;
  let answer: Answer;
  try {
    ({ response, answer } = await post(telegram, "sendMessage", params));
  } catch (error) {
    // Only the error's kind: a fetch error's message or cause could carry the URL.
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    const kind = error instanceof Error ? (timedOut ? "no answer in time" : `${error.name}${causeCode(error)}`) : "unknown error";
    // A request that never connected cannot have been delivered; one that got no answer may have been.
    return { kind: "retry", reason: `network: ${kind}`, uncertain: timedOut || !isConnectFailure(error) };
  }
  if (response.ok && answer.ok === true) {
    const messageId = (answer.result as { message_id?: unknown } | undefined)?.message_id;
    return { kind: "sent", messageId: typeof messageId === "number" ? messageId : undefined };
  }
  const reason = `${response.status} ${answer.description ?? "(no description)"}`;
  if (response.status === 429) return { kind: "retry", reason, retryAfterMs: Math.max(1, answer.retryAfter ?? 1) * 1000, uncertain: false };
  if (response.status >= 500) return { kind: "retry", reason, uncertain: false };
  if (response.status === 401 || response.status === 403 || response.status === 404 || /chat not found/i.test(reason)) return { kind: "settings", reason };
  return { kind: "message", reason };
}

/** What any other Bot API call answered: its result, or why not (never the URL, which holds the token). */
export type BotAnswer = { ok: true; result: unknown; description?: string } | { ok: false; status: number; description: string; retryAfterMs?: number };

/** One call of a Bot API method (answerCallbackQuery, editMessageText, getUpdates, setWebhook…). */
export async function callBot(telegram: TelegramOptions, method: string, params: Record<string, unknown>, timeoutMs = telegram.attemptTimeoutMs ?? ATTEMPT_TIMEOUT_MS, signal?: AbortSignal): Promise<BotAnswer> {
  try {
    const { response, answer } = await post(telegram, method, params, timeoutMs, signal);
    if (response.ok && answer.ok === true) return { ok: true, result: answer.result, description: answer.description };
    return { ok: false, status: response.status, description: answer.description ?? "(no description)", retryAfterMs: answer.retryAfter === undefined ? undefined : answer.retryAfter * 1000 };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return { ok: false, status: 0, description: `network: ${timedOut ? "no answer in time" : error instanceof Error ? `${error.name}${causeCode(error)}` : "unknown error"}` };
  }
}

async function post(telegram: TelegramOptions, method: string, params: Record<string, unknown>, timeoutMs = telegram.attemptTimeoutMs ?? ATTEMPT_TIMEOUT_MS, stop?: AbortSignal): Promise<{ response: Response; answer: Answer }> {
  const url = `${telegram.apiBase.replace(/\/$/, "")}/bot${telegram.token}/${method}`;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = stop ? AbortSignal.any([timeout, stop]) : timeout;
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(params), signal });
  return { response, answer: await readAnswer(response) };
}

interface Answer {
  ok?: unknown;
  result?: unknown;
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
        result: a.result,
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
