/**
 * A stand-in for the Telegram Bot API on 127.0.0.1, for tests: as strict as
 * the real server on each method the relay uses, each rule cited beside its
 * code. Sources: the Bot API page (https://core.telegram.org/bots/api), the
 * Bots FAQ (https://core.telegram.org/bots/faq), and the server's own source,
 * tdlib/telegram-bot-api (telegram-bot-api/Client.cpp, WebhookActor.cpp,
 * Query.cpp, HttpConnection.cpp) with tdlib/td (tddb/td/db/TQueue.cpp,
 * tdutils/td/utils/HttpUrl.cpp and JsonBuilder.cpp, td/telegram/Td.cpp).
 *
 * Like the real one it checks the token in the path and the chat id; parses legacy Markdown (an unclosed _ *
 * ` or [ is a 400) and keeps the entities it makes; refuses text over 4096 characters after parsing and any
 * string that is not well-formed Unicode; keeps each message with its inline keyboard (each button exactly
 * one kind: callback_data of 1 to 64 bytes, or copy_text of 1 to 256 characters); answers editMessageText and
 * editMessageReplyMarkup, with 400 "message is not modified" when the text, its entities and the keyboard
 * would all stay the same; takes a press's answer (answerCallbackQuery) once, within a time limit (15 s by
 * default: a measured figure, as Telegram publishes none); takes at most 20 messages a minute to a group (429
 * with retry_after); answers a group upgraded to a supergroup with 400 and migrate_to_chat_id, and a removed
 * bot with 403; takes a setWebhook with a URL once a second, and says what is set (getWebhookInfo, its fields
 * as the server writes them). Updates (a press, `press`) go into one queue, as the server's TQueue: posted to
 * the webhook set with setWebhook (https only, on port 443, 80, 88 or 8443; with its secret token in
 * X-Telegram-Bot-Api-Secret-Token), which `route` points at a local server as DNS and a TLS proxy would, or
 * read with getUpdates, which long-polls, confirms with its offset, answers an offset "in the future" from
 * the start of the queue confirming nothing, makes the same offset asked again within 3 s wait, and answers
 * 409 while a webhook is set or when a second request takes over (a 409 soon after another is held back 3 s).
 * Every method can be made to fail on demand (`on`): a 429 with retry_after, a proxy's 5xx page, Telegram
 * down, or no answer at all.
 *
 * Stricter than Telegram on purpose: a parameter a method does not have is
 * refused (Telegram ignores it), so that a typo in the relay shows.
 * Simpler than Telegram: a webhook post that fails is not retried on its own
 * (use `redeliver`), and setWebhook does not resolve the host.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseLegacyMarkdownEntities, type MarkdownEntity } from "../telegram/markdown.ts";

export type Behaviour =
  /**
   * delayMs: before accepting the request; answerDelayMs: after accepting it, before answering (a crash then
   * leaves it applied but unrecorded).
   */
  | { kind: "ok"; delayMs?: number; answerDelayMs?: number }
  | { kind: "tooMany"; retryAfter: number }
  /** A proxy's 502 page. */
  | { kind: "serverError" }
  /** Telegram itself down: 503 with its JSON. */
  | { kind: "down" }
  | { kind: "hang" }
  | { kind: "refuse"; description: string };

/**
 * A button as the relay sends it: a callback button, or (Bot API 7.11) a button that copies its
 * text to the owner's clipboard (https://core.telegram.org/bots/api#copytextbutton).
 */
export interface InlineButton {
  text: string;
  callback_data?: string;
  copy_text?: { text: string };
}
export interface ReplyMarkup {
  inline_keyboard: InlineButton[][];
}

export interface Received {
  /** The chat_id as sent. */
  chatId: unknown;
  parseMode: unknown;
  /** The Markdown as sent. */
  text: string;
  /** What the owner sees: the text after parsing. */
  shown: string;
  /** The formatting the parsed text carries (bold labels and so on). */
  entities: MarkdownEntity[];
  linkPreviewDisabled: boolean;
  messageId: number;
  replyMarkup?: ReplyMarkup;
}

/** A message in the chat as it is now, after any edits. */
export interface ChatMessage {
  messageId: number;
  /** The chat it is in (after an upgrade, older messages stay in the old group). */
  chatId: string;
  text: string;
  shown: string;
  entities: MarkdownEntity[];
  replyMarkup?: ReplyMarkup;
  replyTo?: number;
}

/**
 * The messages of every chat the bot has been in, as edited since. A message id names a message within
 * its chat only: private chats and basic groups number their messages from the bot's own count, and a
 * supergroup from a count of its own (Telethon's "Message identifiers": "In megagroups and broadcast
 * channels, the message counter instead belongs to the channel itself";
 * https://docs.telethon.dev/en/v2/concepts/messages.html#message-identifiers). So after a group becomes a
 * supergroup, ids in the new chat start again and name other messages than the same ids in the old one.
 */
export class ChatMessages {
  readonly #byChat = new Map<string, ChatMessage>();

  /** The message with this id in this chat. */
  in(chatId: string, messageId: number): ChatMessage | undefined {
    return this.#byChat.get(`${chatId}/${messageId}`);
  }

  /**
   * The message with this id, in whichever chat has one; an error where two chats have it (say which with
   * `in`).
   */
  get(messageId: number): ChatMessage | undefined {
    const found = [...this.#byChat.values()].filter((m) => m.messageId === messageId);
    if (found.length > 1)
      throw new Error(
        `message ${messageId} is in ${found.length} chats (${found.map((m) => m.chatId).join(", ")}): name the chat, messages.in(chatId, ${messageId})`,
      );
    return found[0];
  }

  set(message: ChatMessage): void {
    this.#byChat.set(`${message.chatId}/${message.messageId}`, message);
  }

  values(): IterableIterator<ChatMessage> {
    return this.#byChat.values();
  }

  *[Symbol.iterator](): IterableIterator<[number, ChatMessage]> {
    for (const m of this.#byChat.values()) yield [m.messageId, m];
  }
}

export interface TelegramUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
}

export interface StandInOptions {
  token?: string;
  /**
   * The chat the bot is in: -100… a supergroup, another negative id a basic group, a positive id a private
   * chat.
   */
  chatId?: string;
  /**
   * In a private chat: whether its user has opened the bot and pressed Start (default true). A bot
   * cannot write to a user first: until then every message is refused 403 (DESCRIPTIONS.notStarted).
   */
  started?: boolean;
  /** How long after a press its callback query can be answered (default 15 s, see CALLBACK_QUERY_TTL_MS). */
  callbackQueryTtlMs?: number;
  /** Messages a group takes within a rolling minute (default 20, the Bots FAQ's figure). */
  groupMessagesPerMinute?: number;
  /**
   * The clock (default Date.now) the stand-in reads for how long since: a group's rolling minute, a
   * callback query's time to answer, an update's time kept, setWebhook's once a second. A test moves
   * it on instead of sleeping. Waits (a long poll, a held-back 409) take real time.
   */
  now?: () => number;
  /** The least time between two setWebhook calls that set a URL (default 1 s, as Client.cpp). */
  setWebhookIntervalMs?: number;
  /** A 409 within this time of the last one is held back this long (default 3 s, as Client.cpp). */
  conflictDelayMs?: number;
}

export interface WebhookError {
  updateId: number;
  url: string;
  error: string;
}

export interface StandIn {
  /** The value for TELEGRAM_API_BASE. */
  apiBase: string;
  token: string;
  /**
   * The chat id the stand-in started with (what the owner configured); see currentChatId after an upgrade.
   */
  chatId: string;
  /** The chat the bot is in now: chatId, or the supergroup it was upgraded to. */
  currentChatId: string;
  /** Messages sendMessage accepted, in order. */
  delivered: Received[];
  /**
   * Every message in every chat, as edited since: by id alone where only one chat has it (`get`), else by
   * chat and id (`in`).
   */
  messages: ChatMessages;
  /** editMessageText and editMessageReplyMarkup calls that changed a message, in order. */
  edits: { method: string; messageId: number }[];
  /** answerCallbackQuery calls that Telegram took, in order. */
  answers: { callbackQueryId: string; text?: string }[];
  /** The webhook setWebhook set, if any. */
  webhook: { url: string; secretToken?: string; allowedUpdates?: string[] } | undefined;
  /**
   * Webhook posts that failed (no route, no connection, an answer other than 2xx); their updates stay queued.
   */
  webhookErrors: WebhookError[];
  /** Answers the n-th sendMessage call from now (1 = the next) this way, once. */
  failCall(n: number, behaviour: Behaviour): void;
  /** Every request that reached sendMessage, answered or not (calls("sendMessage")). */
  attempts: number;
  /**
   * Answers the next sendMessage requests this way, in order, then goes back to normal (on("sendMessage",
   * …)).
   */
  next(...behaviours: Behaviour[]): void;
  /** Answers every sendMessage request this way until changed. */
  always(behaviour: Behaviour): void;
  /** Answers the next requests to this method (any Bot API method name) this way, in order, then normally. */
  on(method: string, ...behaviours: Behaviour[]): void;
  /** Requests that reached this method, answered or not (competingPoll's included). */
  calls(method: string): number;
  /**
   * The basic group becomes a supergroup with a new id (default a new -100… one), which it answers. From
   * then on sendMessage to the old id gets 400 "group chat was upgraded to a supergroup chat" with
   * parameters.migrate_to_chat_id; the new id takes messages; messages sent before stay in the old chat.
   * The supergroup numbers its messages from a count of its own, so its ids name other messages than
   * the same ids in the group (ChatMessages). A supergroup is never upgraded: an error.
   */
  upgradeToSupergroup(newChatId?: string): string;
  /**
   * The bot is removed from the chat: "kicked" from a group or supergroup, or "blocked" by the user of a
   * private chat.
   */
  removeBot(how: "kicked" | "blocked"): void;
  restoreBot(): void;
  /**
   * The owner adds the bot back to the group it was removed from: from then on it may write there,
   * and the group's service message about it (`new_chat_members` naming the bot) reaches the bot as
   * a message update, delivered as press() delivers. Bots receive every service message, privacy
   * mode or not (Bots FAQ, "What messages will my bot get?",
   * https://core.telegram.org/bots/faq#what-messages-will-my-bot-get: "All service messages").
   */
  addBotBack(): Promise<number | undefined>;
  /**
   * The user of the private chat opens the bot and presses Start (the option `started: false`): their
   * "/start" reaches the bot as a message update (delivered as press() delivers), and from now on the
   * bot may write to them.
   */
  startBot(): Promise<number | undefined>;
  /**
   * The next update ids start again at `from`, as after a week without updates; the updates queued before
   * have expired by then.
   */
  restartUpdateIds(from?: number): void;
  /**
   * Another copy of the relay polls with the same token: a getUpdates without an offset and with a
   * short timeout. Resolves once the stand-in has taken the request in (a getUpdates waiting before
   * has been told 409 "terminated by other getUpdates request"); its own answer is read and dropped.
   */
  competingPoll(): Promise<void>;
  /**
   * Resolves once a getUpdates waits with nothing to answer: the poller has handled every update
   * queued and confirmed it with its offset (a poller asks again only after handling an answer).
   * Polling's counterpart of NodeRelay.drained: assert that nothing more is read after it.
   */
  idle(): Promise<void>;
  /**
   * Webhook posts to this https origin (e.g. https://relay.test) go to localBase (e.g. http://127.0.0.1:5555)
   * instead.
   */
  route(origin: string, localBase: string): void;
  /**
   * The owner presses a button of a message: a callback_query update, from the message's chat (or
   * `chatId`), posted to the webhook (its HTTP status is returned; undefined if the post failed) or
   * queued for getUpdates (undefined).
   */
  press(
    messageId: number,
    data: string,
    from?: Partial<TelegramUser>,
    chatId?: string,
  ): Promise<number | undefined>;
  /**
   * The owner replies to a message with `text`: a message update from the message's chat (or
   * `chatId`), delivered as press() delivers; dropped (undefined) while the bot has not asked for
   * message updates. An error in a group upgraded to a supergroup, where nobody writes.
   */
  reply(
    messageId: number,
    text: string,
    from?: Partial<TelegramUser>,
    chatId?: string,
  ): Promise<number | undefined>;
  /** Updates made while their kind was not in allowed_updates: never delivered. */
  readonly dropped: Update[];
  /** Posts this update to the webhook again, as Telegram does when the first post was not answered 2xx. */
  redeliver(update: Update): Promise<number | undefined>;
  /** Every update made by press(), in order. */
  updates: Update[];
  /** Back to a fresh chat and bot: every record, fault, route, limit and id; the options stay. */
  reset(): void;
  close(): Promise<void>;
}

export interface Update {
  update_id: number;
  callback_query?: {
    id: string;
    from: TelegramUser;
    message: { message_id: number; chat: { id: number; type: string }; date: number; text: string };
    chat_instance: string;
    data: string;
  };
  /**
   * A message someone wrote in the chat (https://core.telegram.org/bots/api#message): a reply, whose
   * reply_to_message carries no reply_to_message of its own ("Note that the Message object in this
   * field will not contain further reply_to_message fields even if it itself is a reply"), or the
   * /start a person's Start button sends.
   */
  message?: {
    message_id: number;
    from: TelegramUser;
    chat: { id: number; type: string };
    date: number;
    /** Absent on a service message. */
    text?: string;
    entities?: { type: string; offset: number; length: number }[];
    /** A service message: these joined the group (the bot itself, when it is added back). */
    new_chat_members?: TelegramUser[];
    reply_to_message?: {
      message_id: number;
      from: TelegramUser;
      chat: { id: number; type: string };
      date: number;
      text: string;
    };
  };
}

/** The bot itself, as the author of the messages it sent (getMe). */
export const BOT: TelegramUser = { id: 123456789, is_bot: true, first_name: "Jacaranda Leads" };
/**
 * https://core.telegram.org/bots/api#getupdates, allowed_updates: "Specify an empty list to receive
 * all update types except chat_member, message_reaction, and message_reaction_count (default). If
 * not specified, the previous setting will be used. Please note that this parameter doesn't affect
 * updates created before the call": an update of a kind not allowed when it is made is never queued.
 */
const DEFAULT_NOT_ALLOWED = ["chat_member", "message_reaction", "message_reaction_count"];

export const TEST_TOKEN = "123456789:TEST-stand-in-token_abcdefghijklmnop";
export const TEST_CHAT_ID = "-1001234567890";
/** A basic group, which Telegram upgrades to a supergroup (upgradeToSupergroup). */
export const TEST_GROUP_ID = "-4012345678";
export const OWNER: TelegramUser = { id: 4242, is_bot: false, first_name: "Sam" };

/**
 * How long a callback query can be answered. Neither the Bot API page nor tdlib/telegram-bot-api
 * states a figure: the answer is checked by Telegram's servers (QUERY_ID_INVALID, which Client.cpp's
 * fail_query_with_error turns into "query is too old and response timeout expired or query ID is
 * invalid"), and tdlib's getCallbackQueryAnswer says only "before the query timeout expires". 15 s
 * is what a measurement found (https://gist.github.com/d-Rickyy-b/f789c75228bf00f572eec4450ed0d7c9:
 * "After ~15 seconds you get the Telegram error QUERY_ID_INVALID"); an unofficial figure.
 */
export const CALLBACK_QUERY_TTL_MS = 15_000;
/**
 * https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this: "Also note that
 * your bot will not be able to send more than 20 messages per minute to the same group." (as the
 * FAQ is quoted in the code of the libraries that cite it). It does not say how the minute is
 * counted: here a rolling one; nor does it say so of a private chat, which is not limited here.
 */
export const GROUP_MESSAGES_PER_MINUTE = 20;
/**
 * Client.cpp, process_set_webhook_query: next_allowed_set_webhook_time_ = now + 1, else
 * set_retry_after_error(1).
 */
const SET_WEBHOOK_INTERVAL_MS = 1_000;
/** Client.cpp, fail_query_conflict: a 409 within 3 s of the last is answered by a SleepActor 3 s later. */
const CONFLICT_DELAY_MS = 3_000;
/**
 * Client.h: LONG_POLL_MAX_TIMEOUT = 50 (seconds); LONG_POLL_WAIT_AFTER = 0.001 (an update wakes a long poll 1
 * ms later).
 */
const LONG_POLL_MAX_TIMEOUT_S = 50;
const LONG_POLL_WAIT_AFTER_MS = 1;
/**
 * Client.cpp, process_new_callback_query_queue: add_update(UpdateType::CallbackQuery, …, 150, …): kept 150 s.
 */
const CALLBACK_UPDATE_KEPT_MS = 150_000;
/**
 * TQueue.cpp, TQueueImpl::get: "if (from_id.value() > q.tail_id.value() + 10) … Specified from_id is in the
 * future".
 */
const FUTURE_SLACK = 10;
const FIRST_UPDATE_ID = 100_000;
/** Marks competingPoll's own request, so that it resolves once that request is taken in. */
const COMPETING_HEADER = "x-stand-in-competing-poll";

/** The parameters each method takes (https://core.telegram.org/bots/api); anything else is refused. */
const PARAMETERS: Record<string, string[]> = {
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
};

/** Telegram's descriptions, each where the server writes it. */
const DESCRIPTIONS = {
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

const byteLength = (text: string) => new TextEncoder().encode(text).length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Ill-formed UTF-16 anywhere in a parsed JSON value: a lone surrogate, which JSON carries as \udXXX. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function wellFormed(value: unknown): boolean {
  if (typeof value === "string") return !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(wellFormed);
  if (value && typeof value === "object")
    return Object.entries(value).every(([k, v]) => wellFormed(k) && wellFormed(v));
  return true;
}

type ChatKind = "private" | "group" | "supergroup";
const kindOf = (chatId: string): ChatKind =>
  chatId.startsWith("-100") ? "supergroup" : chatId.startsWith("-") ? "group" : "private";

/** An answer to write: JSON unless said otherwise. */
interface Reply {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
}
const json = (status: number, body: unknown): Reply => ({ status, body: JSON.stringify(body) });
const ok = (result: unknown, description?: string) =>
  json(200, { ok: true, result, ...(description ? { description } : {}) });
/** Query.h, JsonQueryError: ok, error_code, description, then parameters if any. */
const fail = (status: number, description: string, parameters?: Record<string, number>) =>
  json(status, { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) });
/**
 * Query.cpp, set_retry_after_error: 429 "Too Many Requests: retry after N" with parameters.retry_after;
 * HttpConnection.cpp, send_response: and a Retry-After header.
 */
const tooMany = (retryAfter: number): Reply => ({
  ...fail(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter }),
  headers: { "Retry-After": String(retryAfter) },
});

/** Client.cpp get_integer_arg(query, name, default, min, max): missing is the default, then clamped. */
function integerArg(value: unknown, fallback: number, min = -(2 ** 31), max = 2 ** 31 - 1): number {
  if (value === undefined || value === null || value === "") return fallback;
  const n = Math.trunc(Number(value));
  return Math.min(max, Math.max(min, Number.isFinite(n) ? n : 0));
}

/**
 * tdutils HttpUrl.cpp, parse_url(url, Https): [http(s)://]host[:port]/path; any other scheme, an empty host
 * or a bad port is an error.
 */
function parseWebhookUrl(url: string): { https: boolean; host: string; port: number } | undefined {
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
function ipProblem(host: string): string | undefined {
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

interface Queued {
  update: Update;
  expiresAt: number;
}

interface LongPoll {
  offset: number;
  limit: number;
  res: ServerResponse;
  timer: ReturnType<typeof setTimeout>;
  woken: boolean;
  finish: (reply: Reply | Promise<Reply | undefined> | undefined) => void;
}

export async function startTelegramStandIn({
  token = TEST_TOKEN,
  chatId = TEST_CHAT_ID,
  callbackQueryTtlMs = CALLBACK_QUERY_TTL_MS,
  groupMessagesPerMinute = GROUP_MESSAGES_PER_MINUTE,
  now: clock = Date.now,
  setWebhookIntervalMs = SET_WEBHOOK_INTERVAL_MS,
  conflictDelayMs = CONFLICT_DELAY_MS,
  started = true,
}: StandInOptions = {}): Promise<StandIn> {
  let fallback: Behaviour = { kind: "ok" };
  const atCall = new Map<number, Behaviour>();
  const planned = new Map<string, Behaviour[]>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let nextQueryId = 7_000_000_000_000;
  let supergroups = 0;
  const fresh = () => ({
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
    /** Accepted sendMessage times per group chat, for the flood limit. */
    sent: new Map<string, number[]>(),
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
  });
  let state = fresh();
  let longPoll: LongPoll | undefined;
  const tookIn: (() => void)[] = [];
  /** idle()'s waiters, for the next getUpdates that waits on an empty queue. */
  const idleWaiters: (() => void)[] = [];

  const after = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
    return timer;
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on(
      "end",
      () =>
        void handle(
          req.method,
          req.url ?? "",
          Buffer.concat(chunks),
          res,
          req.headers[COMPETING_HEADER] === "1",
        ),
    );
  });

  function write(res: ServerResponse, reply: Reply) {
    if (res.destroyed || res.headersSent) return;
    res.writeHead(reply.status, {
      "Content-Type": reply.contentType ?? "application/json",
      ...reply.headers,
    });
    res.end(reply.body);
  }

  /** The fault planned for this call of this method, if any. */
  function fault(method: string): Behaviour | undefined {
    if (method === "sendMessage") {
      const at = atCall.get(state.calls.get(method)!);
      atCall.delete(state.calls.get(method)!);
      return at ?? planned.get(method)?.shift() ?? fallback;
    }
    return planned.get(method)?.shift();
  }

  async function handle(
    httpMethod: string | undefined,
    url: string,
    raw: Buffer,
    res: ServerResponse,
    competing: boolean,
  ) {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(url);
    if (httpMethod !== "POST" || !match) return write(res, fail(404, "Not Found"));
    if (decodeURIComponent(match[1]) !== token) return write(res, fail(401, "Unauthorized"));
    const name = match[2];
    state.calls.set(name, (state.calls.get(name) ?? 0) + 1);
    if (!(name in PARAMETERS)) return write(res, fail(404, "Not Found: method not found"));
    const behaviour = fault(name);
    if (behaviour?.kind === "ok" && behaviour.delayMs) await sleep(behaviour.delayMs);
    // A competing getUpdates met by a fault has been taken in too.
    if (competing && behaviour && behaviour.kind !== "ok") for (const resolve of tookIn.splice(0)) resolve();
    switch (behaviour?.kind) {
      case "hang":
        return; // no answer: the relay must give up on its own
      case "serverError":
        return write(res, {
          status: 502,
          contentType: "text/html",
          body: "<html><body><h1>502 Bad Gateway</h1></body></html>",
        });
      case "tooMany":
        return write(res, tooMany(behaviour.retryAfter));
      case "refuse":
        return write(res, fail(400, behaviour.description));
      case "down":
        return write(res, fail(503, "Service Unavailable"));
    }
    const answering = answer(name, raw, res);
    // answer() has run up to its first wait: a competing getUpdates has been taken in.
    if (competing) for (const resolve of tookIn.splice(0)) resolve();
    const reply = await answering;
    if (!reply) return;
    if (behaviour?.kind === "ok" && behaviour.answerDelayMs) await sleep(behaviour.answerDelayMs);
    write(res, reply);
  }

  async function answer(name: string, raw: Buffer, res: ServerResponse): Promise<Reply | undefined> {
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(raw);
    } catch {
      return fail(400, DESCRIPTIONS.notUtf8);
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text || "{}") as Record<string, unknown>;
    } catch {
      return fail(400, "Bad Request: invalid JSON");
    }
    const unknown = Object.keys(body).find((k) => !PARAMETERS[name].includes(k));
    if (unknown) return fail(400, `Bad Request: unknown parameter ${unknown}`);
    if (!wellFormed(body)) return fail(400, DESCRIPTIONS.notUtf8);
    switch (name) {
      case "sendMessage":
        return sendMessage(body);
      case "editMessageText":
      case "editMessageReplyMarkup":
        return edit(name, body);
      case "answerCallbackQuery":
        return answerCallbackQuery(body);
      case "setWebhook":
        return setWebhook(body.url === undefined ? "" : body.url, body);
      case "deleteWebhook":
        return setWebhook("", body);
      case "getUpdates":
        return getUpdates(body, res);
      case "getWebhookInfo":
        return ok(webhookInfo());
    }
    return fail(404, "Not Found: method not found");
  }

  /** A Markdown text as the owner would see it, with its entities, or why Telegram refuses it. */
  function parse(
    text: unknown,
    parseMode: unknown,
  ): { shown: string; entities: MarkdownEntity[] } | { error: string } {
    if (typeof text !== "string" || text.trim() === "")
      return { error: "Bad Request: message text is empty" };
    let shown = text;
    let entities: MarkdownEntity[] = [];
    if (parseMode === "Markdown") {
      const parsed = parseLegacyMarkdownEntities(text);
      if ("error" in parsed) return { error: `Bad Request: can't parse entities: ${parsed.error}` };
      ({ text: shown, entities } = parsed);
    } else if (parseMode !== undefined) return { error: "Bad Request: unsupported parse_mode" };
    if (shown.length > 4096) return { error: "Bad Request: message is too long" };
    return { shown, entities };
  }

  /** An inline keyboard as Telegram checks it, or why it refuses it. */
  function keyboard(markup: unknown): { markup?: ReplyMarkup } | { error: string } {
    if (markup === undefined) return {};
    const rows = (markup as { inline_keyboard?: unknown }).inline_keyboard;
    if (!Array.isArray(rows)) return { error: "Bad Request: can't parse reply keyboard markup JSON object" };
    for (const row of rows) {
      if (!Array.isArray(row)) return { error: "Bad Request: can't parse reply keyboard markup JSON object" };
      for (const button of row as Record<string, unknown>[]) {
        if (typeof button.text !== "string" || button.text === "")
          return { error: "Bad Request: text buttons are unallowed in the inline keyboard" };
        // https://core.telegram.org/bots/api#inlinekeyboardbutton: "Exactly one of the optional fields must
        // be used".
        const kinds = Object.keys(button).filter((k) => k !== "text");
        if (kinds.length > 1)
          return {
            error: `Bad Request: can't parse inline keyboard button: more than one of ${kinds.join(", ")}`,
          };
        if (kinds[0] === "copy_text") {
          // CopyTextButton.text: "The text to be copied to the clipboard; 1-256 characters" (the stand-in's
          // description: Telegram publishes none).
          const copied = (button.copy_text as { text?: unknown } | null)?.text;
          if (typeof copied !== "string" || copied.length < 1 || copied.length > 256)
            return {
              error:
                "Bad Request: can't parse inline keyboard button: copy_text must have text of 1-256 characters",
            };
          continue;
        }
        if (kinds[0] !== undefined && kinds[0] !== "callback_data")
          return { error: `Bad Request: the stand-in does not model ${kinds[0]} buttons` };
        const data = button.callback_data;
        if (typeof data !== "string" || byteLength(data) < 1 || byteLength(data) > 64)
          return { error: "Bad Request: BUTTON_DATA_INVALID" };
      }
    }
    return { markup: markup as ReplyMarkup };
  }

  /**
   * The chat a request names, or Telegram's refusal. Client.cpp check_chat: an empty chat_id is
   * "chat_id is empty"; check_chat_access: an upgraded basic group refuses only write access
   * (sendMessage; edits ask for Edit access and are not refused there), a supergroup the bot was
   * kicked from refuses every access, a basic group it was kicked from refuses edit and write.
   */
  function chatFor(chatIdParam: unknown, access: "write" | "edit"): { chatId: string } | { refusal: Reply } {
    if (chatIdParam === undefined || chatIdParam === null || chatIdParam === "")
      return { refusal: fail(400, "Bad Request: chat_id is empty") };
    const id = String(chatIdParam);
    const upgradedTo = state.upgraded.get(id);
    if (upgradedTo !== undefined) {
      if (access === "write")
        return { refusal: fail(400, DESCRIPTIONS.upgraded, { migrate_to_chat_id: Number(upgradedTo) }) };
      return { chatId: id };
    }
    if (id !== state.currentChatId) return { refusal: fail(400, "Bad Request: chat not found") };
    if (state.removed === "blocked") return { refusal: fail(403, DESCRIPTIONS.blocked) };
    if (!state.started && kindOf(id) === "private" && access === "write")
      return { refusal: fail(403, DESCRIPTIONS.notStarted) };
    if (state.removed === "kicked")
      return {
        refusal: fail(
          403,
          kindOf(id) === "supergroup" ? DESCRIPTIONS.kickedSupergroup : DESCRIPTIONS.kickedGroup,
        ),
      };
    return { chatId: id };
  }

  /** The id a new message in this chat gets: the supergroup's own count, or the bot's (ChatMessages). */
  function nextMessageId(chatId: string): number {
    if (kindOf(chatId) !== "supergroup") return state.nextMessageId++;
    const id = state.supergroupMessageIds.get(chatId) ?? 1;
    state.supergroupMessageIds.set(chatId, id + 1);
    return id;
  }

  /**
   * A person's message in `chat`, sent to the bot as a message update (delivered as press() delivers):
   * it is in the chat too, numbered as the chat numbers its messages, so the relay's answer may reply to it.
   */
  function personWrites(
    chat: string,
    from: TelegramUser,
    text: string,
    more: Pick<NonNullable<Update["message"]>, "entities" | "reply_to_message"> = {},
  ): Promise<number | undefined> {
    const own = nextMessageId(chat);
    state.messages.set({
      messageId: own,
      chatId: chat,
      text,
      shown: text,
      entities: [],
      replyTo: more.reply_to_message?.message_id,
    });
    const update: Update = {
      update_id: state.nextUpdateId++,
      message: {
        message_id: own,
        from,
        chat: { id: Number(chat), type: kindOf(chat) },
        date: Math.floor(Date.now() / 1000),
        text,
        ...more,
      },
    };
    state.updates.push(update);
    return deliver(update);
  }

  function sendMessage(body: Record<string, unknown>): Reply {
    // Client.cpp process_send_message_query: the text is read first (get_input_message_text), then
    // do_send_message reads the reply markup, then check_reply_parameters checks the chat.
    const parsed = parse(body.text, body.parse_mode);
    if ("error" in parsed) return fail(400, parsed.error);
    const kb = keyboard(body.reply_markup);
    if ("error" in kb) return fail(400, kb.error);
    const chat = chatFor(body.chat_id, "write");
    if ("refusal" in chat) return chat.refusal;
    const replyParameters = body.reply_parameters as
      { message_id?: unknown; allow_sending_without_reply?: unknown } | undefined;
    let replyTo = replyParameters?.message_id;
    // https://core.telegram.org/bots/api#replyparameters, allow_sending_without_reply: "Pass True if the
    // message should be sent even if the specified message to be replied to is not found" (a message id names
    // a message in its chat only).
    if (replyTo !== undefined && !state.messages.in(chat.chatId, Number(replyTo))) {
      if (replyParameters?.allow_sending_without_reply !== true)
        return fail(400, "Bad Request: message to be replied not found");
      replyTo = undefined;
    }
    if (kindOf(chat.chatId) !== "private") {
      // The Bots FAQ's 20 messages a minute to a group (GROUP_MESSAGES_PER_MINUTE): the next one is
      // refused until the oldest of the last minute's is a minute old.
      const now = clock();
      const recent = (state.sent.get(chat.chatId) ?? []).filter((t) => t > now - 60_000);
      state.sent.set(chat.chatId, recent);
      if (recent.length >= groupMessagesPerMinute)
        return tooMany(
          Math.max(1, Math.ceil((recent[recent.length - groupMessagesPerMinute] + 60_000 - now) / 1000)),
        );
      recent.push(now);
    }
    const messageId = nextMessageId(chat.chatId);
    const text = body.text as string;
    const linkPreviewDisabled =
      (body.link_preview_options as { is_disabled?: unknown } | undefined)?.is_disabled === true;
    const { shown, entities } = parsed;
    state.delivered.push({
      chatId: body.chat_id,
      parseMode: body.parse_mode,
      text,
      shown,
      entities,
      linkPreviewDisabled,
      messageId,
      replyMarkup: kb.markup,
    });
    const message: ChatMessage = {
      messageId,
      chatId: chat.chatId,
      text,
      shown,
      entities,
      replyMarkup: kb.markup,
      replyTo: replyTo === undefined ? undefined : Number(replyTo),
    };
    state.messages.set(message);
    return ok(messageResult(message));
  }

  const messageResult = (m: ChatMessage) => ({
    message_id: m.messageId,
    chat: { id: Number(m.chatId), type: kindOf(m.chatId) },
    date: Math.floor(Date.now() / 1000),
    text: m.shown,
    ...(m.entities.length ? { entities: m.entities } : {}),
    ...(m.replyMarkup ? { reply_markup: m.replyMarkup } : {}),
  });

  function edit(method: string, body: Record<string, unknown>): Reply {
    // Client.cpp process_edit_message_text_query: text and markup are read first, then
    // check_message(…, AccessRights::Edit, "message to edit").
    const parsed = method === "editMessageText" ? parse(body.text, body.parse_mode) : undefined;
    if (parsed && "error" in parsed) return fail(400, parsed.error);
    const kb = keyboard(body.reply_markup);
    if ("error" in kb) return fail(400, kb.error);
    const chat = chatFor(body.chat_id, "edit");
    if ("refusal" in chat) return chat.refusal;
    const message = state.messages.in(chat.chatId, Number(body.message_id));
    if (!message) return fail(400, "Bad Request: message to edit not found");
    const text = parsed ? (body.text as string) : message.text;
    const shown = parsed ? parsed.shown : message.shown;
    const entities = parsed ? parsed.entities : message.entities;
    // MESSAGE_NOT_MODIFIED comes from Telegram's servers when "new message content and reply markup
    // are exactly the same": the content is the text with its entities, so the same words with
    // different formatting are a change.
    if (
      shown === message.shown &&
      JSON.stringify(entities) === JSON.stringify(message.entities) &&
      JSON.stringify(kb.markup) === JSON.stringify(message.replyMarkup)
    ) {
      return fail(400, DESCRIPTIONS.notModified);
    }
    const edited = { ...message, text, shown, entities, replyMarkup: kb.markup };
    state.messages.set(edited);
    state.edits.push({ method, messageId: message.messageId });
    return ok(messageResult(edited));
  }

  function answerCallbackQuery(body: Record<string, unknown>): Reply {
    const id = String(body.callback_query_id ?? "");
    const query = state.queries.get(id);
    // Answered once, within callbackQueryTtlMs (CALLBACK_QUERY_TTL_MS); else QUERY_ID_INVALID.
    if (!query || query.answered || clock() > query.expiresAt) return fail(400, DESCRIPTIONS.queryTooOld);
    if (body.text !== undefined && (typeof body.text !== "string" || body.text.length > 200))
      return fail(400, "Bad Request: text is too long");
    query.answered = true;
    state.answers.push({ callbackQueryId: id, text: body.text as string | undefined });
    return ok(true);
  }

  /** Client.cpp, fail_query_conflict: a 409 within conflictDelayMs of the last one waits that long. */
  function conflict(description: string): Promise<Reply | undefined> {
    const now = Date.now();
    if (now >= state.nextConflictAt) {
      state.nextConflictAt = now + conflictDelayMs;
      return Promise.resolve(fail(409, description));
    }
    return new Promise((resolve) => after(conflictDelayMs, () => resolve(fail(409, description))));
  }

  function setWebhook(url: unknown, body: Record<string, unknown>): Reply | Promise<Reply | undefined> {
    if (typeof url !== "string") return fail(400, "Bad Request: bad webhook: URL must be a string");
    const now = clock();
    // Client.cpp process_set_webhook_query: a setWebhook with a URL at most once a second, checked
    // before anything else (a refused one counts too); deleting is not limited.
    if (url) {
      if (now < state.nextSetWebhookAt) return tooMany(1);
      state.nextSetWebhookAt = now + setWebhookIntervalMs;
    }
    const secret = url && typeof body.secret_token === "string" ? body.secret_token : "";
    const drop = body.drop_pending_updates === true;
    const maxConnections = url ? body.max_connections : undefined;
    // The same URL, secret and connections, nothing to drop: "Webhook is already set" (or deleted).
    if (
      url === (state.webhook?.url ?? "") &&
      secret === (state.webhook?.secretToken ?? "") &&
      maxConnections === state.webhookMaxConnections &&
      !drop
    ) {
      if (state.webhook)
        state.webhook.allowedUpdates =
          (body.allowed_updates as string[] | undefined) ?? state.webhook.allowedUpdates;
      remember(body.allowed_updates);
      return ok(true, url ? "Webhook is already set" : "Webhook is already deleted");
    }
    // A new URL ends a waiting getUpdates (abort_long_poll(true)); the old webhook is closed first,
    // so a new one that is then refused leaves none (on_webhook_closed, then do_set_webhook).
    if (url) abortLongPoll(DESCRIPTIONS.bySetWebhook);
    const had = state.webhook !== undefined;
    state.webhook = undefined;
    state.webhookMaxConnections = undefined;
    if (drop) state.queue = []; // do_set_webhook: clear_tqueue()
    if (!url) return ok(true, had ? "Webhook was deleted" : "Webhook is already deleted");
    const parsed = parseWebhookUrl(url);
    if (!parsed) return fail(400, DESCRIPTIONS.invalidWebhookUrl);
    if (secret.length > 256) return fail(400, DESCRIPTIONS.secretTooLong);
    if (!/^[A-Za-z0-9_-]*$/.test(secret)) return fail(400, DESCRIPTIONS.secretUnallowed); // td::is_base64url_characters
    // WebhookActor.cpp start_up: "if (url_.protocol_ == Https) { if (port != 443 && != 88 && != 80 && !=
    // 8443) … } else … HTTP is forbidden".
    if (!parsed.https) return fail(400, DESCRIPTIONS.httpsOnly);
    if (![443, 88, 80, 8443].includes(parsed.port)) return fail(400, DESCRIPTIONS.badPort);
    const ip = ipProblem(parsed.host);
    if (ip) return fail(400, ip);
    state.webhook = {
      url,
      secretToken: secret || undefined,
      allowedUpdates: body.allowed_updates as string[] | undefined,
    };
    remember(body.allowed_updates);
    state.webhookMaxConnections = maxConnections;
    return ok(true, "Webhook was set");
  }

  /**
   * Client.cpp, JsonWebhookInfo: url ("" under getUpdates), has_custom_certificate, pending_update_count;
   * max_connections when set; ip_address with a URL ("<unknown>" before one is resolved: here never);
   * allowed_updates when the bot asked for a list. The server leaves them out when the list is its
   * default (DEFAULT_ALLOWED_UPDATE_TYPES); here only an empty list or none is taken for the default.
   */
  function webhookInfo(): Record<string, unknown> {
    expire();
    const url = state.webhook?.url ?? "";
    return {
      url,
      has_custom_certificate: false,
      pending_update_count: state.queue.length,
      ...(typeof state.webhookMaxConnections === "number"
        ? { max_connections: state.webhookMaxConnections }
        : {}),
      ...(url ? { ip_address: "<unknown>" } : {}),
      ...(state.allowedUpdates ? { allowed_updates: state.allowedUpdates } : {}),
    };
  }

  /** Updates past their time are dropped (TQueue run_gc / do_get, expires_at < now). */
  function expire() {
    const now = clock();
    state.queue = state.queue.filter((q) => q.expiresAt >= now);
  }
  const head = () => state.queue[0]?.update.update_id ?? state.nextUpdateId;

  function getUpdates(body: Record<string, unknown>, res: ServerResponse): Promise<Reply | undefined> {
    if (state.webhook) return conflict(DESCRIPTIONS.webhookActive);
    remember(body.allowed_updates);
    // Client.cpp process_get_updates_query: offset as given, limit 1 to 100 (default 100), timeout
    // 0 to LONG_POLL_MAX_TIMEOUT; the same offset again within 3 s waits at least 3 s, and within
    // 0.5 s gets at most one update.
    const offset = integerArg(body.offset, 0);
    let limit = integerArg(body.limit, 100, 1, 100);
    let timeout = integerArg(body.timeout, 0, 0, LONG_POLL_MAX_TIMEOUT_S);
    const now = Date.now();
    if (offset === state.previousOffset && timeout < 3 && now < state.previousStart + 3_000) timeout = 3;
    if (offset === state.previousOffset && now < state.previousStart + 500) limit = 1;
    state.previousOffset = offset;
    state.previousStart = now;
    return doGetUpdates(offset, limit, timeout, res);
  }

  /** Client.cpp do_get_updates, with TQueue.cpp's get. */
  function doGetUpdates(
    requested: number,
    limit: number,
    timeout: number,
    res: ServerResponse,
  ): Promise<Reply | undefined> {
    expire();
    let offset = requested;
    // A negative offset keeps the last -offset updates and forgets the rest (tqueue->clear(id, -offset)).
    if (offset < 0) state.queue = state.queue.slice(Math.max(0, state.queue.length + offset));
    if (offset <= 0) offset = head();
    // TQueueImpl::get: more than 10 past the next id is "in the future": do_get_updates then reads
    // from the head of the queue, forgetting nothing. Otherwise every update before the offset is
    // forgotten (confirmed), and those from the offset on are answered.
    const from = offset > state.nextUpdateId + FUTURE_SLACK ? head() : offset;
    state.queue = state.queue.filter((q) => q.update.update_id >= from);
    const found = state.queue.slice(0, limit).map((q) => q.update);
    if (timeout === 0 || found.length) return Promise.resolve(ok(found));
    // A long poll: the one waiting before is told 409 (abort_long_poll(false)); this one waits for
    // an update (answered LONG_POLL_WAIT_AFTER later) or its timeout, then asks again with timeout 0.
    abortLongPoll(DESCRIPTIONS.otherGetUpdates);
    return new Promise((resolve) => {
      const poll: LongPoll = {
        offset,
        limit,
        res,
        woken: false,
        timer: after(timeout * 1000, () => finishLongPoll(poll)),
        finish: resolve,
      };
      longPoll = poll;
      for (const resolveIdle of idleWaiters.splice(0)) resolveIdle();
      res.once("close", () => {
        if (longPoll !== poll) return;
        clearTimeout(poll.timer);
        timers.delete(poll.timer);
        longPoll = undefined;
        resolve(undefined);
      });
    });
  }

  function finishLongPoll(poll: LongPoll) {
    if (longPoll !== poll) return;
    clearTimeout(poll.timer);
    timers.delete(poll.timer);
    longPoll = undefined;
    poll.finish(doGetUpdates(poll.offset, poll.limit, 0, poll.res));
  }

  /** Client.cpp long_poll_wakeup: a new update answers a waiting getUpdates LONG_POLL_WAIT_AFTER later. */
  function wakeLongPoll() {
    const poll = longPoll;
    if (!poll || poll.woken) return;
    poll.woken = true;
    after(LONG_POLL_WAIT_AFTER_MS, () => finishLongPoll(poll));
  }

  function abortLongPoll(description: string) {
    const poll = longPoll;
    if (!poll) return;
    clearTimeout(poll.timer);
    timers.delete(poll.timer);
    longPoll = undefined;
    poll.finish(conflict(description));
  }

  function queue(update: Update) {
    if (!state.queue.some((q) => q.update.update_id === update.update_id)) {
      state.queue.push({ update, expiresAt: clock() + CALLBACK_UPDATE_KEPT_MS });
      state.queue.sort((a, b) => a.update.update_id - b.update.update_id);
    }
  }

  /**
   * allowed_updates as a call gave it: kept when given ("If not specified, the previous setting will be
   * used").
   */
  function remember(given: unknown) {
    if (Array.isArray(given)) state.allowedUpdates = given.length ? given.map(String) : undefined;
  }

  const allowed = (update: Update) => {
    const kind = Object.keys(update).find((k) => k !== "update_id")!;
    return state.allowedUpdates ? state.allowedUpdates.includes(kind) : !DEFAULT_NOT_ALLOWED.includes(kind);
  };

  /**
   * An update into the queue, then to the webhook if one is set, else to a waiting getUpdates; one of a kind
   * not allowed is dropped.
   */
  async function deliver(update: Update): Promise<number | undefined> {
    if (!allowed(update)) {
      state.dropped.push(update);
      return undefined;
    }
    queue(update);
    if (!state.webhook) {
      wakeLongPoll();
      return undefined;
    }
    const hook = state.webhook;
    const target = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(hook.url) ? hook.url : `https://${hook.url}`);
    const base = state.routes.get(target.origin);
    const failed = (error: string) =>
      void state.webhookErrors.push({ updateId: update.update_id, url: hook.url, error });
    if (!base) {
      failed(`no route for ${target.origin}: call route() with the local address that stands for it`);
      return undefined;
    }
    // WebhookActor.cpp send_update: a POST of the update as JSON, with X-Telegram-Bot-Api-Secret-Token when
    // set.
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (hook.secretToken) headers["X-Telegram-Bot-Api-Secret-Token"] = hook.secretToken;
    let res: Response;
    try {
      res = await fetch(`${base}${target.pathname}${target.search}`, {
        method: "POST",
        headers,
        body: JSON.stringify(update),
      });
      await res.arrayBuffer();
    } catch (error) {
      failed(`Can't connect to the webhook: ${(error as Error).message}`); // WebhookActor.cpp create_connection
      return undefined;
    }
    // WebhookActor.cpp handle: 2xx drops the update from the queue (on_update_ok); anything else is
    // "Wrong response from the webhook: <code> <reason>" and the update stays (on_update_error).
    if (res.status >= 200 && res.status <= 299)
      state.queue = state.queue.filter((q) => q.update.update_id !== update.update_id);
    else failed(`Wrong response from the webhook: ${res.status} ${res.statusText}`);
    return res.status;
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const apiBase = `http://127.0.0.1:${port}`;
  return {
    apiBase,
    token,
    chatId,
    get currentChatId() {
      return state.currentChatId;
    },
    get delivered() {
      return state.delivered;
    },
    get attempts() {
      return state.calls.get("sendMessage") ?? 0;
    },
    get messages() {
      return state.messages;
    },
    get edits() {
      return state.edits;
    },
    get dropped() {
      return state.dropped;
    },
    get answers() {
      return state.answers;
    },
    get webhook() {
      return state.webhook;
    },
    get webhookErrors() {
      return state.webhookErrors;
    },
    get updates() {
      return state.updates;
    },
    next: (...behaviours) =>
      void planned.set("sendMessage", [...(planned.get("sendMessage") ?? []), ...behaviours]),
    on: (method, ...behaviours) => void planned.set(method, [...(planned.get(method) ?? []), ...behaviours]),
    calls: (method) => state.calls.get(method) ?? 0,
    failCall: (n, behaviour) => void atCall.set((state.calls.get("sendMessage") ?? 0) + n, behaviour),
    always: (behaviour) => void (fallback = behaviour),
    upgradeToSupergroup(newChatId) {
      const old = state.currentChatId;
      if (kindOf(old) !== "group")
        throw new Error(
          `upgradeToSupergroup: only a basic group becomes a supergroup, and ${old} is a ${kindOf(old)} chat (start the stand-in with chatId: TEST_GROUP_ID)`,
        );
      let next = newChatId;
      while (next === undefined || next === old || state.upgraded.has(next)) {
        if (newChatId !== undefined)
          throw new Error("upgradeToSupergroup: the supergroup needs an id of its own");
        next = `-100${2_000_000_000 + ++supergroups}`;
      }
      for (const [from, to] of state.upgraded) if (to === old) state.upgraded.set(from, next);
      state.upgraded.set(old, next);
      state.currentChatId = next;
      return next;
    },
    removeBot(how) {
      const kind = kindOf(state.currentChatId);
      if (how === "kicked" && kind === "private")
        throw new Error(
          'removeBot("kicked"): a bot is kicked from a group; a private chat\'s user blocks it (removeBot("blocked"))',
        );
      if (how === "blocked" && kind !== "private")
        throw new Error(
          'removeBot("blocked"): only the user of a private chat blocks a bot; a group kicks it (removeBot("kicked"))',
        );
      state.removed = how;
    },
    restoreBot() {
      state.removed = undefined;
    },
    addBotBack() {
      const chat = state.currentChatId;
      if (kindOf(chat) === "private")
        throw new Error("addBotBack: a bot is added back to a group; a person unblocks it (restoreBot)");
      state.removed = undefined;
      const update: Update = {
        update_id: state.nextUpdateId++,
        message: {
          message_id: nextMessageId(chat),
          from: OWNER,
          chat: { id: Number(chat), type: kindOf(chat) },
          date: Math.floor(Date.now() / 1000),
          new_chat_members: [BOT],
        },
      };
      state.updates.push(update);
      return deliver(update);
    },
    startBot() {
      const chat = state.currentChatId;
      if (kindOf(chat) !== "private")
        throw new Error(
          "startBot: Start is pressed in a private chat with the bot; a group adds the bot instead",
        );
      state.started = true;
      return personWrites(chat, { ...OWNER, id: Number(chat) }, "/start", {
        entities: [{ type: "bot_command", offset: 0, length: "/start".length }],
      });
    },
    restartUpdateIds(from = 1) {
      // The Bot API page on getUpdates (https://core.telegram.org/bots/api#getting-updates): "If there
      // are no new updates for at least a week, then identifier of the next update will be chosen
      // randomly instead of sequentially." A week on, every queued update (kept 150 s) and every
      // callback query has long expired.
      state.queue = [];
      state.queries.clear();
      state.nextUpdateId = from;
    },
    async competingPoll() {
      const taken = new Promise<void>((resolve) => tookIn.push(resolve));
      const answered = fetch(`${apiBase}/bot${token}/getUpdates`, {
        method: "POST",
        headers: { "Content-Type": "application/json", [COMPETING_HEADER]: "1" },
        body: JSON.stringify({ timeout: 1, allowed_updates: ["callback_query"] }),
      })
        .then((res) => res.arrayBuffer())
        .catch(() => undefined);
      await Promise.race([taken, answered]);
    },
    idle: () =>
      new Promise<void>((resolve) => (longPoll && !longPoll.woken ? resolve() : idleWaiters.push(resolve))),
    route(origin, localBase) {
      state.routes.set(new URL(origin).origin, localBase.replace(/\/+$/, ""));
    },
    press(messageId, data, from = {}, inChat) {
      const message =
        inChat === undefined ? state.messages.get(messageId) : state.messages.in(inChat, messageId);
      const chat = inChat ?? message?.chatId ?? state.currentChatId;
      const id = String(nextQueryId++);
      state.queries.set(id, { expiresAt: clock() + callbackQueryTtlMs, answered: false });
      const update: Update = {
        update_id: state.nextUpdateId++,
        callback_query: {
          id,
          from: { ...OWNER, ...from },
          message: {
            message_id: messageId,
            chat: { id: Number(chat), type: kindOf(chat) },
            date: Math.floor(Date.now() / 1000),
            text: message?.shown ?? "",
          },
          chat_instance: "stand-in",
          data,
        },
      };
      state.updates.push(update);
      return deliver(update);
    },
    reply(messageId, text, from = {}, inChat) {
      const message =
        inChat === undefined ? state.messages.get(messageId) : state.messages.in(inChat, messageId);
      const chat = inChat ?? message?.chatId ?? state.currentChatId;
      // An upgraded group is deactivated (tdlib's basicGroup: is_active false, upgraded_to_supergroup_id):
      // its buttons still send presses, but nobody writes in it any more.
      if (state.upgraded.has(chat))
        throw new Error(
          `reply: group ${chat} was upgraded to a supergroup, and nobody writes in it any more`,
        );
      const replied = {
        message_id: messageId,
        from: BOT,
        chat: { id: Number(chat), type: kindOf(chat) },
        date: Math.floor(Date.now() / 1000),
        text: message?.shown ?? "",
      };
      return personWrites(chat, { ...OWNER, ...from }, text, { reply_to_message: replied });
    },
    redeliver(update) {
      return deliver(update);
    },
    reset() {
      planned.clear();
      atCall.clear();
      fallback = { kind: "ok" };
      const poll = longPoll;
      longPoll = undefined;
      if (poll) {
        clearTimeout(poll.timer);
        timers.delete(poll.timer);
        poll.finish(ok([]));
      }
      state = fresh();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        longPoll = undefined;
        for (const resolveTaken of tookIn.splice(0)) resolveTaken();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
