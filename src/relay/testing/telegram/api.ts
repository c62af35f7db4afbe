/**
 * What the Telegram stand-in (../telegram-stand-in.ts) shows a test: its
 * behaviours on demand, the messages and updates as the chat holds them, and
 * the bot, the owner and the chats it starts with.
 */
import type { MarkdownEntity } from "../../telegram/markdown.ts";

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
  /** When the stand-in took it, by its clock: how fast a chat's messages came. */
  at: number;
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
   * One message a second to each chat, with no burst (CHAT_MESSAGE_GAP_MS): the Bots FAQ's limit held
   * to the letter. Off by default: Telegram "may allow short bursts that go over this limit", and
   * how short is not published, so only a test of pacing asks for it.
   */
  strict?: boolean;
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
  /** sendMessage requests refused 429 for a chat's flood limit (not the ones a test planned). */
  readonly tooMany: number;
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
  /**
   * A person writes `text` in the chat (or in `chatId`, another chat the bot is in), not as a reply: a
   * message update, delivered as press() delivers, with a bot_command entity when it starts with a
   * command ("/leads", "/find@jacaranda_bot ann"), as Telegram marks one
   * (https://core.telegram.org/bots/api#messageentity).
   */
  write(text: string, from?: Partial<TelegramUser>, chatId?: string): Promise<number | undefined>;
  /** The bot's commands as setMyCommands left them, by scope and language: "chat:-100…/", "default/". */
  readonly commands: ReadonlyMap<string, readonly { command: string; description: string }[]>;
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
 * The same FAQ answer: "When sending messages inside a particular chat, avoid sending more than one
 * message per second. We may allow short bursts that go over this limit, but eventually you'll
 * begin receiving 429 errors." (quoted from the FAQ in grammY's "Flood Limits",
 * https://grammy.dev/advanced/flood). A strict stand-in allows no burst: a chat's next message is
 * refused until a second after the last one it took.
 */
export const CHAT_MESSAGE_GAP_MS = 1_000;
