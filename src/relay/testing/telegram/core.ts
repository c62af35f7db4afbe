/**
 * The Telegram stand-in's insides, which its parts share: Telegram's rules
 * as constants (each cited where the server has it), its answers, and the
 * state of one stand-in (`Core`): the chat as it stands, the updates queued,
 * the faults a test planned, and the timers to clear when it closes.
 */
import type { ServerResponse } from "node:http";
import {
  CALLBACK_QUERY_TTL_MS,
  ChatMessages,
  CHAT_MESSAGE_GAP_MS,
  GROUP_MESSAGES_PER_MINUTE,
  TEST_CHAT_ID,
  TEST_TOKEN,
  type Behaviour,
  type Received,
  type StandIn,
  type StandInOptions,
  type Update,
  type WebhookError,
} from "./api.ts";

/**
 * https://core.telegram.org/bots/api#getupdates, allowed_updates: "Specify an empty list to receive
 * all update types except chat_member, message_reaction, and message_reaction_count (default). If
 * not specified, the previous setting will be used. Please note that this parameter doesn't affect
 * updates created before the call": an update of a kind not allowed when it is made is never queued.
 */
export const DEFAULT_NOT_ALLOWED = ["chat_member", "message_reaction", "message_reaction_count"];
/**
 * Client.cpp, process_set_webhook_query: next_allowed_set_webhook_time_ = now + 1, else
 * set_retry_after_error(1).
 */
export const SET_WEBHOOK_INTERVAL_MS = 1_000;
/** Client.cpp, fail_query_conflict: a 409 within 3 s of the last is answered by a SleepActor 3 s later. */
export const CONFLICT_DELAY_MS = 3_000;
/**
 * Client.h: LONG_POLL_MAX_TIMEOUT = 50 (seconds); LONG_POLL_WAIT_AFTER = 0.001 (an update wakes a long poll 1
 * ms later).
 */
export const LONG_POLL_MAX_TIMEOUT_S = 50;
export const LONG_POLL_WAIT_AFTER_MS = 1;
/**
 * Client.cpp, process_new_callback_query_queue: add_update(UpdateType::CallbackQuery, …, 150, …): kept 150 s.
 */
export const CALLBACK_UPDATE_KEPT_MS = 150_000;
/**
 * TQueue.cpp, TQueueImpl::get: "if (from_id.value() > q.tail_id.value() + 10) … Specified from_id is in the
 * future".
 */
export const FUTURE_SLACK = 10;
export const FIRST_UPDATE_ID = 100_000;
/** Marks competingPoll's own request, so that it resolves once that request is taken in. */
export const COMPETING_HEADER = "x-stand-in-competing-poll";

/** The parameters each method takes (https://core.telegram.org/bots/api); anything else is refused. */
export const PARAMETERS: Record<string, string[]> = {
  sendMessage: [
    "chat_id",
    "text",
    "parse_mode",
    "link_preview_options",
    "reply_markup",
    "reply_parameters",
    "disable_notification",
  ],
  editMessageText: ["chat_id", "message_id", "text", "parse_mode", "link_preview_options", "reply_markup"],
  editMessageReplyMarkup: ["chat_id", "message_id", "reply_markup"],
  answerCallbackQuery: ["callback_query_id", "text", "show_alert", "cache_time"],
  setWebhook: ["url", "secret_token", "allowed_updates", "drop_pending_updates", "max_connections"],
  deleteWebhook: ["drop_pending_updates"],
  getUpdates: ["offset", "limit", "timeout", "allowed_updates"],
  getWebhookInfo: [],
  setMyCommands: ["commands", "scope", "language_code"],
  getMyCommands: ["scope", "language_code"],
  deleteMyCommands: ["scope", "language_code"],
};

/** Telegram's descriptions, each where the server writes it. */
export const DESCRIPTIONS = {
  /**
   * Client.cpp, check_chat_access (ChatInfo::Type::Group, !is_active && need_write_access,
   * upgraded_to_supergroup_id != 0).
   */
  upgraded: "Bad Request: group chat was upgraded to a supergroup chat",
  /** Client.cpp, check_chat_access: a supergroup whose status is Banned, for any access. */
  kickedSupergroup: "Forbidden: bot was kicked from the supergroup chat",
  /** Client.cpp, check_chat_access: an active basic group, kicked && need_edit_access. */
  kickedGroup: "Forbidden: bot was kicked from the group chat",
  /**
   * Client.cpp, fail_query_with_error: USER_IS_BLOCKED becomes 403 "bot was blocked by the user", prefixed
   * "Forbidden: ".
   */
  blocked: "Forbidden: bot was blocked by the user",
  /**
   * Telegram's servers' answer to a bot writing first to a user who never started it, as the Bot API
   * passes a 403 on (fail_query_with_error: "Forbidden: " and the message, first letter lowered).
   */
  notStarted: "Forbidden: bot can't initiate conversation with a user",
  /** Client.cpp, fail_query_with_error: QUERY_ID_INVALID. */
  queryTooOld: "Bad Request: query is too old and response timeout expired or query ID is invalid",
  /** Client.cpp, fail_query_with_error: MESSAGE_NOT_MODIFIED. */
  notModified:
    "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
  /**
   * tdlib/td td/telegram/Td.cpp, CLEAN_INPUT_STRING: "Strings must be encoded in UTF-8" (clean_input_string
   * fails on ill-formed UTF-8, which tdutils' json_string_decode makes of a lone \udXXX escape);
   * Client.cpp fail_query_with_error lowers the first letter after "Bad Request: ".
   */
  notUtf8: "Bad Request: strings must be encoded in UTF-8",
  /** Client.cpp, process_get_updates_query. */
  webhookActive:
    "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
  /** Client.cpp, abort_long_poll(false). */
  otherGetUpdates:
    "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
  /** Client.cpp, abort_long_poll(true). */
  bySetWebhook: "Conflict: terminated by setWebhook request",
  /** Client.cpp, do_set_webhook: td::parse_url failed. */
  invalidWebhookUrl: "Bad Request: invalid webhook URL specified",
  /** Client.cpp, do_set_webhook. */
  secretTooLong: "Bad Request: secret token is too long",
  secretUnallowed: "Bad Request: secret token contains unallowed characters",
  /**
   * WebhookActor.cpp, start_up, reported by Client.cpp on_webhook_closed as "Bad Request: bad webhook: " +
   * message.
   */
  httpsOnly: "Bad Request: bad webhook: An HTTPS URL must be provided for webhook",
  badPort: "Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443",
};

export const byteLength = (text: string) => new TextEncoder().encode(text).length;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Ill-formed UTF-16 anywhere in a parsed JSON value: a lone surrogate, which JSON carries as \udXXX. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export function wellFormed(value: unknown): boolean {
  if (typeof value === "string") return !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(wellFormed);
  if (value && typeof value === "object")
    return Object.entries(value).every(([k, v]) => wellFormed(k) && wellFormed(v));
  return true;
}

export type ChatKind = "private" | "group" | "supergroup";
export const kindOf = (chatId: string): ChatKind =>
  chatId.startsWith("-100") ? "supergroup" : chatId.startsWith("-") ? "group" : "private";

/** An answer to write: JSON unless said otherwise. */
export interface Reply {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
}
export const json = (status: number, body: unknown): Reply => ({ status, body: JSON.stringify(body) });
export const ok = (result: unknown, description?: string) =>
  json(200, { ok: true, result, ...(description ? { description } : {}) });
/** Query.h, JsonQueryError: ok, error_code, description, then parameters if any. */
export const fail = (status: number, description: string, parameters?: Record<string, number>) =>
  json(status, { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) });
/**
 * Query.cpp, set_retry_after_error: 429 "Too Many Requests: retry after N" with parameters.retry_after;
 * HttpConnection.cpp, send_response: and a Retry-After header.
 */
export const tooMany = (retryAfter: number): Reply => ({
  ...fail(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter }),
  headers: { "Retry-After": String(retryAfter) },
});

/** Client.cpp get_integer_arg(query, name, default, min, max): missing is the default, then clamped. */
export function integerArg(value: unknown, fallback: number, min = -(2 ** 31), max = 2 ** 31 - 1): number {
  if (value === undefined || value === null || value === "") return fallback;
  const n = Math.trunc(Number(value));
  return Math.min(max, Math.max(min, Number.isFinite(n) ? n : 0));
}

/**
 * tdutils HttpUrl.cpp, parse_url(url, Https): [http(s)://]host[:port]/path; any other scheme, an empty host
 * or a bad port is an error.
 */
export function parseWebhookUrl(url: string): { https: boolean; host: string; port: number } | undefined {
  const scheme = /^([^:/?#@[\]]*):\/\//.exec(url);
  if (scheme && !/^https?$/i.test(scheme[1])) return undefined;
  const https = !scheme || scheme[1].toLowerCase() === "https";
  const rest = scheme ? url.slice(scheme[0].length) : url;
  const authority = rest.split(/[/?#]/, 1)[0];
  const hostPort = authority.slice(authority.lastIndexOf("@") + 1);
  const colon = hostPort.lastIndexOf(":");
  let host = hostPort;
  let port = https ? 443 : 80;
  if (colon > hostPort.lastIndexOf("]")) {
    host = hostPort.slice(0, colon);
    const given = Number(hostPort.slice(colon + 1));
    if (!Number.isInteger(given) || given < 1 || given > 65535) return undefined;
    port = given;
  }
  if (host === "" || host === ".") return undefined;
  return { https, host: host.toLowerCase(), port };
}

/**
 * WebhookActor.cpp, check_ip_address: "IPv6-only addresses are not allowed", "IP address … is reserved".
 * Only an address written in the URL is checked (the stand-in resolves no names); the reserved ranges
 * here are the usual private, loopback, link-local, shared and multicast ones, not td's full list.
 */
export function ipProblem(host: string): string | undefined {
  if (host.startsWith("[")) return "Bad Request: bad webhook: IPv6-only addresses are not allowed";
  const ip = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host)?.slice(1).map(Number);
  if (!ip) return undefined;
  const [a, b] = ip;
  const reserved =
    a === 0 ||
    a === 10 ||
    a === 127 ||
    a >= 224 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127);
  return reserved ? `Bad Request: bad webhook: IP address ${host} is reserved` : undefined;
}

export interface Queued {
  update: Update;
  expiresAt: number;
}

export interface LongPoll {
  offset: number;
  limit: number;
  res: ServerResponse;
  timer: ReturnType<typeof setTimeout>;
  woken: boolean;
  finish: (reply: Reply | Promise<Reply | undefined> | undefined) => void;
}

/** One stand-in's chat and queue, as a reset() starts them afresh. */
function freshState(chatId: string, started: boolean) {
  return {
    delivered: [] as Received[],
    calls: new Map<string, number>(),
    messages: new ChatMessages(),
    edits: [] as StandIn["edits"],
    answers: [] as StandIn["answers"],
    webhook: undefined as StandIn["webhook"],
    webhookMaxConnections: undefined as unknown,
    webhookErrors: [] as WebhookError[],
    routes: new Map<string, string>(),
    updates: [] as Update[],
    /**
     * The server's TQueue for this bot: updates not yet confirmed (getUpdates) or delivered (webhook), oldest
     * first.
     */
    queue: [] as Queued[],
    /** TQueue's tail_id: the id the next update gets. */
    nextUpdateId: FIRST_UPDATE_ID,
    queries: new Map<string, { expiresAt: number; answered: boolean }>(),
    /** The bot's own message count, which private chats and basic groups number their messages from. */
    nextMessageId: 1,
    /** Each supergroup's own message count. */
    supergroupMessageIds: new Map<string, number>(),
    currentChatId: chatId,
    /** Old chat id → the supergroup it became. */
    upgraded: new Map<string, string>(),
    removed: undefined as "kicked" | "blocked" | undefined,
    started,
    /** Accepted sendMessage times per chat, for the flood limits. */
    sent: new Map<string, number[]>(),
    /** sendMessage requests refused 429 by the flood limits. */
    tooMany: 0,
    nextSetWebhookAt: 0,
    nextConflictAt: 0,
    previousOffset: -1,
    previousStart: 0,
    /**
     * The kinds of update the bot last asked for (getUpdates or setWebhook's allowed_updates); undefined: the
     * default.
     */
    allowedUpdates: undefined as string[] | undefined,
    /** Updates made while their kind was not allowed: Telegram never queues them. */
    dropped: [] as Update[],
    /** The bot's command lists, by "scope/language" ("chat:-100…/", "default/"): setMyCommands. */
    commands: new Map<string, { command: string; description: string }[]>(),
  };
}

/** One stand-in: its settings, its state, the faults planned, its timers and its waiting long poll. */
export type Core = ReturnType<typeof makeCore>;

export function makeCore({
  token = TEST_TOKEN,
  chatId = TEST_CHAT_ID,
  callbackQueryTtlMs = CALLBACK_QUERY_TTL_MS,
  groupMessagesPerMinute = GROUP_MESSAGES_PER_MINUTE,
  strict = false,
  now = Date.now,
  setWebhookIntervalMs = SET_WEBHOOK_INTERVAL_MS,
  conflictDelayMs = CONFLICT_DELAY_MS,
  started = true,
}: StandInOptions) {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const core = {
    token,
    chatId,
    callbackQueryTtlMs,
    groupMessagesPerMinute,
    /** The least time between two messages to one chat: CHAT_MESSAGE_GAP_MS when strict, else none. */
    chatGapMs: strict ? CHAT_MESSAGE_GAP_MS : 0,
    setWebhookIntervalMs,
    conflictDelayMs,
    clock: now,
    state: freshState(chatId, started),
    /** What every sendMessage answers unless planned otherwise (always()). */
    fallback: { kind: "ok" } as Behaviour,
    /** The behaviour of the n-th sendMessage call (failCall()). */
    atCall: new Map<number, Behaviour>(),
    /** Each method's next answers, in order (next(), on()). */
    planned: new Map<string, Behaviour[]>(),
    timers,
    longPoll: undefined as LongPoll | undefined,
    /** competingPoll()'s waiters, for its request to be taken in. */
    tookIn: [] as (() => void)[],
    /** idle()'s waiters, for the next getUpdates that waits on an empty queue. */
    idleWaiters: [] as (() => void)[],
    nextQueryId: 7_000_000_000_000,
    supergroups: 0,
    /** Runs `run` after `ms`, on a timer close() clears. */
    after(ms: number, run: () => void) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms);
      timers.add(timer);
      return timer;
    },
    /** Starts the chat and the queue afresh, as a new stand-in would. */
    reset: () => (core.state = freshState(chatId, started)),
  };
  return core;
}
