/**
 * A stand-in for the Telegram Bot API on 127.0.0.1, for tests. Like the real
 * one it checks the token in the path and the chat id, parses legacy Markdown
 * (an unclosed _ * ` or [ is a 400), refuses text over 4096 characters after
 * parsing, and on demand answers sendMessage with 429 and retry_after, a 5xx
 * page, or nothing. It refuses parameters a method does not have.
 *
 * For the owner's buttons it keeps each message with its inline keyboard
 * (callback_data of 1 to 64 bytes), answers editMessageText and
 * editMessageReplyMarkup (400 "message is not modified" when nothing
 * changes) and answerCallbackQuery, and turns a press (`press`) into an
 * update: posted to the webhook set with setWebhook (with its secret token
 * in X-Telegram-Bot-Api-Secret-Token), or kept for getUpdates, which
 * long-polls and refuses to run while a webhook is set (409), as Telegram does.
 * https://core.telegram.org/bots/api
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseLegacyMarkdown } from "../markdown.ts";

export type Behaviour =
  /** delayMs: before accepting the message; answerDelayMs: after accepting it, before answering (a crash then leaves it delivered but unrecorded). */
  | { kind: "ok"; delayMs?: number; answerDelayMs?: number }
  | { kind: "tooMany"; retryAfter: number }
  /** A proxy's 502 page. */
  | { kind: "serverError" }
  /** Telegram itself down: 503 with its JSON. */
  | { kind: "down" }
  | { kind: "hang" }
  | { kind: "refuse"; description: string };

export interface InlineButton {
  text: string;
  callback_data: string;
}
export interface ReplyMarkup {
  inline_keyboard: InlineButton[][];
}

export interface Received {
  chatId: unknown;
  parseMode: unknown;
  /** The Markdown as sent. */
  text: string;
  /** What the owner sees: the text after parsing. */
  shown: string;
  linkPreviewDisabled: boolean;
  messageId: number;
  replyMarkup?: ReplyMarkup;
}

/** A message in the chat as it is now, after any edits. */
export interface ChatMessage {
  messageId: number;
  text: string;
  shown: string;
  replyMarkup?: ReplyMarkup;
  replyTo?: number;
}

export interface TelegramUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
}

export interface StandIn {
  /** The value for TELEGRAM_API_BASE. */
  apiBase: string;
  token: string;
  chatId: string;
  /** Messages sendMessage accepted, in order. */
  delivered: Received[];
  /** Every message in the chat by id, as edited since. */
  messages: Map<number, ChatMessage>;
  /** editMessageText and editMessageReplyMarkup calls that changed a message, in order. */
  edits: { method: string; messageId: number }[];
  /** answerCallbackQuery calls, in order. */
  answers: { callbackQueryId: string; text?: string }[];
  /** The webhook setWebhook set, if any. */
  webhook: { url: string; secretToken?: string; allowedUpdates?: string[] } | undefined;
  /** Answers the n-th sendMessage call from now (1 = the next) this way, once. */
  failCall(n: number, behaviour: Behaviour): void;
  /** Every request that reached sendMessage, answered or not. */
  attempts: number;
  /** Answers the next requests this way, in order, then goes back to normal. */
  next(...behaviours: Behaviour[]): void;
  /** Answers every request this way until changed. */
  always(behaviour: Behaviour): void;
  /**
   * The owner presses a button of a message: a callback_query update, posted to the webhook (its
   * HTTP status is returned) or queued for getUpdates (undefined).
   */
  press(messageId: number, data: string, from?: Partial<TelegramUser>, chatId?: string): Promise<number | undefined>;
  /** Posts this update to the webhook again, as Telegram does when the first post was not answered 2xx. */
  redeliver(update: Update): Promise<number | undefined>;
  /** Every update made by press(), in order. */
  updates: Update[];
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
}

export const TEST_TOKEN = "123456789:TEST-stand-in-token_abcdefghijklmnop";
export const TEST_CHAT_ID = "-1001234567890";
export const OWNER: TelegramUser = { id: 4242, is_bot: false, first_name: "Sam" };

/** The parameters each method takes (https://core.telegram.org/bots/api); anything else is refused. */
const PARAMETERS: Record<string, string[]> = {
  sendMessage: ["chat_id", "text", "parse_mode", "link_preview_options", "reply_markup", "reply_parameters", "disable_notification"],
  editMessageText: ["chat_id", "message_id", "text", "parse_mode", "link_preview_options", "reply_markup"],
  editMessageReplyMarkup: ["chat_id", "message_id", "reply_markup"],
  answerCallbackQuery: ["callback_query_id", "text", "show_alert", "cache_time"],
  setWebhook: ["url", "secret_token", "allowed_updates", "drop_pending_updates", "max_connections"],
  deleteWebhook: ["drop_pending_updates"],
  getUpdates: ["offset", "limit", "timeout", "allowed_updates"],
};

const byteLength = (text: string) => new TextEncoder().encode(text).length;

export async function startTelegramStandIn({ token = TEST_TOKEN, chatId = TEST_CHAT_ID } = {}): Promise<StandIn> {
  let queue: Behaviour[] = [];
  let fallback: Behaviour = { kind: "ok" };
  const atCall = new Map<number, Behaviour>();
  const state = {
    delivered: [] as Received[],
    attempts: 0,
    messages: new Map<number, ChatMessage>(),
    edits: [] as StandIn["edits"],
    answers: [] as StandIn["answers"],
    webhook: undefined as StandIn["webhook"],
    updates: [] as Update[],
    /** Updates waiting for getUpdates, oldest first. */
    pending: [] as Update[],
    queries: new Set<string>(),
    nextMessageId: 1,
    nextUpdateId: 100_000,
  };
  /** getUpdates calls waiting for an update. */
  const waiting = new Set<() => void>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => void answer(req.method, req.url ?? "", Buffer.concat(chunks).toString("utf8"), res));
  });

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    if (res.destroyed) return;
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, description: string) => reply(res, status, { ok: false, error_code: status, description });

  /** A Markdown text as the owner would see it, or why Telegram refuses it. */
  function parse(text: unknown, parseMode: unknown): { shown: string } | { error: string } {
    if (typeof text !== "string" || text.trim() === "") return { error: "Bad Request: message text is empty" };
    let shown = text;
    if (parseMode === "Markdown") {
      const parsed = parseLegacyMarkdown(text);
      if ("error" in parsed) return { error: `Bad Request: can't parse entities: ${parsed.error}` };
      shown = parsed.text;
    } else if (parseMode !== undefined) return { error: "Bad Request: unsupported parse_mode" };
    if (shown.length > 4096) return { error: "Bad Request: message is too long" };
    return { shown };
  }

  /** An inline keyboard as Telegram checks it, or why it refuses it. */
  function keyboard(markup: unknown): { markup?: ReplyMarkup } | { error: string } {
    if (markup === undefined) return {};
    const rows = (markup as { inline_keyboard?: unknown }).inline_keyboard;
    if (!Array.isArray(rows)) return { error: "Bad Request: can't parse reply keyboard markup JSON object" };
    for (const row of rows) {
      if (!Array.isArray(row)) return { error: "Bad Request: can't parse reply keyboard markup JSON object" };
      for (const button of row as Record<string, unknown>[]) {
        if (typeof button.text !== "string" || button.text === "") return { error: "Bad Request: text buttons are unallowed in the inline keyboard" };
        const data = button.callback_data;
        if (typeof data !== "string" || byteLength(data) < 1 || byteLength(data) > 64) return { error: "Bad Request: BUTTON_DATA_INVALID" };
      }
    }
    return { markup: markup as ReplyMarkup };
  }

  async function answer(method: string | undefined, url: string, raw: string, res: ServerResponse) {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(url);
    if (method !== "POST" || !match) return refuse(res, 404, "Not Found");
    if (decodeURIComponent(match[1]) !== token) return refuse(res, 401, "Unauthorized");
    const name = match[2];
    if (!(name in PARAMETERS)) return refuse(res, 404, "Not Found: method not found");
    if (name === "sendMessage") {
      state.attempts++;
      const planned = atCall.get(state.attempts);
      atCall.delete(state.attempts);
      const behaviour = planned ?? queue.shift() ?? fallback;
      if (behaviour.kind === "ok" && behaviour.delayMs) await new Promise((r) => setTimeout(r, behaviour.delayMs));
      if (behaviour.kind === "hang") return; // no answer: the relay must give up on its own
      if (behaviour.kind === "serverError") {
        res.writeHead(502, { "Content-Type": "text/html" });
        return res.end("<html><body><h1>502 Bad Gateway</h1></body></html>");
      }
      if (behaviour.kind === "tooMany") {
        return reply(res, 429, { ok: false, error_code: 429, description: `Too Many Requests: retry after ${behaviour.retryAfter}`, parameters: { retry_after: behaviour.retryAfter } });
      }
      if (behaviour.kind === "refuse") return refuse(res, 400, behaviour.description);
      if (behaviour.kind === "down") return refuse(res, 503, "Service Unavailable");
      return sendMessage(raw, res, behaviour.kind === "ok" ? behaviour.answerDelayMs : undefined);
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw || "{}") as Record<string, unknown>;
    } catch {
      return refuse(res, 400, "Bad Request: invalid JSON");
    }
    const unknown = Object.keys(body).find((k) => !PARAMETERS[name].includes(k));
    if (unknown) return refuse(res, 400, `Bad Request: unknown parameter ${unknown}`);
    switch (name) {
      case "editMessageText":
      case "editMessageReplyMarkup":
        return edit(name, body, res);
      case "answerCallbackQuery": {
        const id = String(body.callback_query_id ?? "");
        if (!state.queries.delete(id)) return refuse(res, 400, "Bad Request: query is too old and response timeout expired or query ID is invalid");
        if (body.text !== undefined && (typeof body.text !== "string" || body.text.length > 200)) return refuse(res, 400, "Bad Request: text is too long");
        state.answers.push({ callbackQueryId: id, text: body.text as string | undefined });
        return reply(res, 200, { ok: true, result: true });
      }
      case "setWebhook": {
        if (typeof body.url !== "string") return refuse(res, 400, "Bad Request: bad webhook: URL must be a string");
        if (body.url === "") {
          state.webhook = undefined;
          return reply(res, 200, { ok: true, result: true, description: "Webhook was deleted" });
        }
        const secret = body.secret_token;
        if (secret !== undefined && (typeof secret !== "string" || !/^[A-Za-z0-9_-]{1,256}$/.test(secret))) return refuse(res, 400, "Bad Request: secret token contains unallowed characters");
        state.webhook = { url: body.url, secretToken: secret as string | undefined, allowedUpdates: body.allowed_updates as string[] | undefined };
        return reply(res, 200, { ok: true, result: true, description: "Webhook was set" });
      }
      case "deleteWebhook":
        state.webhook = undefined;
        return reply(res, 200, { ok: true, result: true, description: "Webhook was deleted" });
      case "getUpdates":
        return getUpdates(body, res);
    }
  }

  async function sendMessage(raw: string, res: ServerResponse, answerDelayMs?: number) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return refuse(res, 400, "Bad Request: invalid JSON");
    }
    const unknown = Object.keys(body).find((k) => !PARAMETERS.sendMessage.includes(k));
    if (unknown) return refuse(res, 400, `Bad Request: unknown parameter ${unknown}`);
    if (String(body.chat_id) !== chatId) return refuse(res, 400, "Bad Request: chat not found");
    const parsed = parse(body.text, body.parse_mode);
    if ("error" in parsed) return refuse(res, 400, parsed.error);
    const kb = keyboard(body.reply_markup);
    if ("error" in kb) return refuse(res, 400, kb.error);
    const replyTo = (body.reply_parameters as { message_id?: unknown } | undefined)?.message_id;
    if (replyTo !== undefined && !state.messages.has(Number(replyTo))) return refuse(res, 400, "Bad Request: message to be replied not found");
    const messageId = state.nextMessageId++;
    const text = body.text as string;
    const linkPreviewDisabled = (body.link_preview_options as { is_disabled?: unknown } | undefined)?.is_disabled === true;
    state.delivered.push({ chatId: body.chat_id, parseMode: body.parse_mode, text, shown: parsed.shown, linkPreviewDisabled, messageId, replyMarkup: kb.markup });
    state.messages.set(messageId, { messageId, text, shown: parsed.shown, replyMarkup: kb.markup, replyTo: replyTo === undefined ? undefined : Number(replyTo) });
    if (answerDelayMs) await new Promise((r) => setTimeout(r, answerDelayMs));
    reply(res, 200, { ok: true, result: { message_id: messageId, chat: { id: Number(chatId) }, text: parsed.shown } });
  }

  function edit(method: string, body: Record<string, unknown>, res: ServerResponse) {
    if (String(body.chat_id) !== chatId) return refuse(res, 400, "Bad Request: chat not found");
    const message = state.messages.get(Number(body.message_id));
    if (!message) return refuse(res, 400, "Bad Request: message to edit not found");
    const kb = keyboard(body.reply_markup);
    if ("error" in kb) return refuse(res, 400, kb.error);
    let { text, shown } = message;
    if (method === "editMessageText") {
      const parsed = parse(body.text, body.parse_mode);
      if ("error" in parsed) return refuse(res, 400, parsed.error);
      text = body.text as string;
      shown = parsed.shown;
    }
    if (shown === message.shown && JSON.stringify(kb.markup) === JSON.stringify(message.replyMarkup)) {
      return refuse(res, 400, "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message");
    }
    state.messages.set(message.messageId, { ...message, text, shown, replyMarkup: kb.markup });
    state.edits.push({ method, messageId: message.messageId });
    reply(res, 200, { ok: true, result: { message_id: message.messageId, chat: { id: Number(chatId) }, text: shown } });
  }

  async function getUpdates(body: Record<string, unknown>, res: ServerResponse) {
    if (state.webhook) return refuse(res, 409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");
    const offset = Number(body.offset ?? 0);
    // Asking from an offset confirms every update before it.
    if (offset) state.pending = state.pending.filter((u) => u.update_id >= offset);
    const timeoutMs = Math.min(Number(body.timeout ?? 0), 50) * 1000;
    if (!state.pending.length && timeoutMs > 0) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        waiting.add(done);
        res.once("close", done);
      });
    }
    reply(res, 200, { ok: true, result: state.pending.slice(0, Number(body.limit ?? 100)) });
  }

  async function deliver(update: Update): Promise<number | undefined> {
    if (!state.webhook) {
      state.pending.push(update);
      for (const wake of [...waiting]) wake();
      return undefined;
    }
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (state.webhook.secretToken) headers["X-Telegram-Bot-Api-Secret-Token"] = state.webhook.secretToken;
    const res = await fetch(state.webhook.url, { method: "POST", headers, body: JSON.stringify(update) });
    await res.arrayBuffer();
    return res.status;
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    token,
    chatId,
    get delivered() {
      return state.delivered;
    },
    get attempts() {
      return state.attempts;
    },
    get messages() {
      return state.messages;
    },
    get edits() {
      return state.edits;
    },
    get answers() {
      return state.answers;
    },
    get webhook() {
      return state.webhook;
    },
    get updates() {
      return state.updates;
    },
    next: (...behaviours) => void queue.push(...behaviours),
    failCall: (n, behaviour) => void atCall.set(state.attempts + n, behaviour),
    always: (behaviour) => void (fallback = behaviour),
    press(messageId, data, from = {}, inChat = chatId) {
      const message = state.messages.get(messageId);
      const id = String(state.nextUpdateId * 7);
      state.queries.add(id);
      const update: Update = {
        update_id: state.nextUpdateId++,
        callback_query: {
          id,
          from: { ...OWNER, ...from },
          message: { message_id: messageId, chat: { id: Number(inChat), type: "supergroup" }, date: Math.floor(Date.now() / 1000), text: message?.shown ?? "" },
          chat_instance: "stand-in",
          data,
        },
      };
      state.updates.push(update);
      return deliver(update);
    },
    redeliver(update) {
      if (update.callback_query) state.queries.add(update.callback_query.id);
      return deliver(update);
    },
    reset() {
      queue = [];
      atCall.clear();
      fallback = { kind: "ok" };
      state.delivered = [];
      state.attempts = 0;
      state.messages = new Map();
      state.edits = [];
      state.answers = [];
      state.webhook = undefined;
      state.updates = [];
      state.pending = [];
      state.queries.clear();
      for (const wake of [...waiting]) wake();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const wake of [...waiting]) wake();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
