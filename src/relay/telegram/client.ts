/**
 * One call to Telegram's sendMessage, and what its answer means for the lead:
 * sent, try again (when, and whether Telegram may have delivered it anyway),
 * or refused for good. Retrying and pacing belong to whoever keeps the lead
 * (node/delivery.ts on Node, the Queue consumer on Workers).
 * The token is part of the URL, so the URL is never logged or put in an error.
 * https://core.telegram.org/bots/api#sendmessage
 */
import { backoffMs, failureOf, networkReason, noAnswer, retrying, type Failure } from "../retry.ts";

export interface TelegramOptions {
  apiBase: string;
  token: string;
  /**
   * The chat the relay writes to: the configured one, or the supergroup Telegram moved it to (post follows
   * the move).
   */
  chatId: string;
  /**
   * One attempt without an answer is abandoned after this many ms: long enough that a slow Telegram is not
   * taken for a dead one.
   */
  attemptTimeoutMs?: number;
  /**
   * Told when Telegram answers that the chat moved (a group upgraded to a supergroup): keeps the new id
   * so a restart keeps it, and sends the leads the old id held. The call that met the move is made
   * again to the new id either way.
   */
  chatMoved?: (from: string, to: string) => Promise<void>;
}

export const ATTEMPT_TIMEOUT_MS = 30_000;

export type SendOutcome =
  /**
   * `messageId`: the message's id in `chatId`, the chat it went to (a group's supergroup, if it moved), for
   * replies and edits.
   */
  { kind: "sent"; messageId?: number; chatId: string } | Failure;

/**
 * sendMessage, once. `extra`: more of sendMessage's parameters (reply_markup for the owner's
 * buttons, reply_parameters for a reminder that answers a notice).
 */
export async function sendOnce(
  text: string,
  telegram: TelegramOptions,
  parseMode: "Markdown" | null = "Markdown",
  extra: Record<string, unknown> = {},
): Promise<SendOutcome> {
  // No link previews: a spammer's link must not become a card in the owner's chat.
  const params = {
    chat_id: telegram.chatId,
    text,
    ...(parseMode ? { parse_mode: parseMode } : {}),
    link_preview_options: { is_disabled: true },
    ...extra,
  };
  let response: Response;
  let answer: Answer;
  try {
    ({ response, answer } = await post(telegram, "sendMessage", params));
  } catch (error) {
    // A request that never connected cannot have been delivered; one that got no answer may have been.
    return noAnswer(error);
  }
  if (response.ok && answer.ok === true) {
    const result = answer.result as { message_id?: unknown; chat?: { id?: unknown } } | undefined;
    const chatId = result?.chat?.id;
    // The chat Telegram names; else the one asked, which post() moved on if Telegram said the chat moved.
    return {
      kind: "sent",
      messageId: typeof result?.message_id === "number" ? result.message_id : undefined,
      chatId: typeof chatId === "number" || typeof chatId === "string" ? String(chatId) : telegram.chatId,
    };
  }
  const reason = `${response.status} ${answer.description ?? "(no description)"}`;
  return failureOf(response.status, reason, {
    retryAfterMs: answer.retryAfter === undefined ? undefined : Math.max(1, answer.retryAfter) * 1000,
    settings: CHAT_REFUSALS.test(reason),
  });
}

/**
 * 400 answers about the chat, not the message: the same for every lead until the settings or the
 * chat change. From the Bot API server's error texts (tdlib/telegram-bot-api, Client.cpp):
 * "chat not found", "group chat was upgraded to a supergroup chat" (when the move could not be
 * followed), "not enough rights to send text messages to the chat", "have no rights to send a
 * message", "need administrator rights in the channel chat", and the raw CHAT_WRITE_FORBIDDEN,
 * PEER_ID_INVALID and CHANNEL_PRIVATE.
 */
const CHAT_REFUSALS =
  /chat not found|group chat was upgraded|not enough rights|have no rights|need administrator rights|CHAT_WRITE_FORBIDDEN|CHAT_RESTRICTED|PEER_ID_INVALID|CHANNEL_PRIVATE|bot is not a member/i;

/** What any other Bot API call answered: its result, or why not (never the URL, which holds the token). */
export type BotAnswer =
  | { ok: true; result: unknown; description?: string }
  | { ok: false; status: number; description: string; retryAfterMs?: number };

/** One call of a Bot API method (answerCallbackQuery, editMessageText, getUpdates, setWebhook…). */
export async function callBot(
  telegram: TelegramOptions,
  method: string,
  params: Record<string, unknown>,
  timeoutMs = telegram.attemptTimeoutMs ?? ATTEMPT_TIMEOUT_MS,
  signal?: AbortSignal,
): Promise<BotAnswer> {
  try {
    const { response, answer } = await post(telegram, method, params, timeoutMs, signal);
    if (response.ok && answer.ok === true)
      return { ok: true, result: answer.result, description: answer.description };
    return {
      ok: false,
      status: response.status,
      description: answer.description ?? "(no description)",
      retryAfterMs: answer.retryAfter === undefined ? undefined : answer.retryAfter * 1000,
    };
  } catch (error) {
    return { ok: false, status: 0, description: networkReason(error) };
  }
}

export interface RetryOptions {
  /** Tries in all. */
  tries?: number;
  /** One try's timeout. */
  timeoutMs?: number;
  /** The longest wait before another try: a 429 asking for longer is given up at once. */
  maxWaitMs?: number;
}

/**
 * A Bot API call that is worth making again a moment later, as grammY's withRetries does (its
 * src/core/client.ts): a 429 after Telegram's retry_after, when that fits in `maxWaitMs`; a 5xx or
 * no answer after a back-off from 100 ms, doubling. Anything else (a 400, a 403) is answered at once.
 * For the owner's buttons (answerCallbackQuery, the notice's edit): bounded, so a press is never
 * held past the time Telegram gives its answer.
 */
export async function callBotRetrying(
  telegram: TelegramOptions,
  method: string,
  params: Record<string, unknown>,
  { tries = 3, timeoutMs, maxWaitMs = 5_000 }: RetryOptions = {},
): Promise<BotAnswer> {
  return retrying(
    () => callBot(telegram, method, params, timeoutMs),
    (answer, tried) =>
      answer.ok
        ? undefined
        : answer.status === 429
          ? (answer.retryAfterMs ?? 1_000)
          : answer.status === 0 || answer.status >= 500
            ? backoffMs(tried, { firstMs: 100 })
            : undefined,
    { tries, maxWaitMs },
  );
}

/**
 * sendMessage, sent again after a 429 (Telegram's retry_after, when that fits in `maxWaitMs`): a 429
 * sent nothing, so the message goes at most once. Any other failure is answered at once, as by
 * sendOnce (no answer may mean it was delivered). For a message the owner waits for, such as a
 * command's answer typed the moment after a notice.
 */
export async function sendWaitingOutLimits(
  text: string,
  telegram: TelegramOptions,
  extra: Record<string, unknown> = {},
  { tries = 3, maxWaitMs = 5_000 }: RetryOptions = {},
): Promise<SendOutcome> {
  return retrying(
    () => sendOnce(text, telegram, "Markdown", extra),
    (outcome) => (outcome.kind === "retry" && !outcome.uncertain ? outcome.retryAfterMs : undefined),
    { tries, maxWaitMs },
  );
}

/**
 * One request. Every string goes out well-formed: Telegram refuses a lone surrogate (half an emoji
 * cut off) with 400 "strings must be encoded in UTF-8", so it becomes U+FFFD instead.
 * An answer that the chat moved (400 with parameters.migrate_to_chat_id: the group became a
 * supergroup, https://core.telegram.org/bots/api#responseparameters) is followed once: the new id
 * is kept in `telegram.chatId` (and told to `chatMoved`), and the call is made again to it.
 */
async function post(
  telegram: TelegramOptions,
  method: string,
  params: Record<string, unknown>,
  timeoutMs = telegram.attemptTimeoutMs ?? ATTEMPT_TIMEOUT_MS,
  stop?: AbortSignal,
): Promise<{ response: Response; answer: Answer }> {
  const first = await postOnce(telegram, method, params, timeoutMs, stop);
  const to = first.answer.migrateTo;
  if (to === undefined || params.chat_id === undefined) return first;
  const from = String(params.chat_id);
  if (telegram.chatId === from) {
    telegram.chatId = to;
    await telegram.chatMoved?.(from, to);
  }
  return postOnce(telegram, method, { ...params, chat_id: to }, timeoutMs, stop);
}

async function postOnce(
  telegram: TelegramOptions,
  method: string,
  params: Record<string, unknown>,
  timeoutMs: number,
  stop?: AbortSignal,
): Promise<{ response: Response; answer: Answer }> {
  const url = `${telegram.apiBase.replace(/\/$/, "")}/bot${telegram.token}/${method}`;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = stop ? AbortSignal.any([timeout, stop]) : timeout;
  const body = JSON.stringify(params, (_key, v: unknown) => (typeof v === "string" ? v.toWellFormed() : v));
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
    signal,
  });
  return { response, answer: await readAnswer(response) };
}

interface Answer {
  ok?: unknown;
  result?: unknown;
  description?: string;
  retryAfter?: number;
  /** The chat's new id, when Telegram says it moved. */
  migrateTo?: string;
}

/** Telegram answers JSON, but a proxy in front of it may answer a 5xx with an HTML page. */
async function readAnswer(response: Response): Promise<Answer> {
  const text = await response.text();
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === "object") {
      const a = parsed as Record<string, unknown>;
      const parameters = a.parameters as Record<string, unknown> | undefined;
      const retryAfter = parameters?.retry_after;
      const migrateTo = parameters?.migrate_to_chat_id;
      return {
        ok: a.ok,
        result: a.result,
        description: typeof a.description === "string" ? a.description : undefined,
        retryAfter: typeof retryAfter === "number" && retryAfter >= 0 ? retryAfter : undefined,
        migrateTo:
          typeof migrateTo === "number" && Number.isSafeInteger(migrateTo) ? String(migrateTo) : undefined,
      };
    }
  } catch {
    // fall through: not JSON
  }
  return { description: `non-JSON answer (${response.headers.get("content-type") ?? "no content type"})` };
}
