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
 * The bot's commands (setMyCommands, getMyCommands, deleteMyCommands) are kept per scope and language, checked
 * as tdlib checks them (telegram/commands.ts), and a person can write in a chat (`write`: a command, a
 * stranger's message in a chat of their own). Every method can be made to fail on demand (`on`): a 429
 * with retry_after, a proxy's 5xx page, Telegram down, or no answer at all.
 *
 * Stricter than Telegram on purpose: a parameter a method does not have is
 * refused (Telegram ignores it), so that a typo in the relay shows.
 * Simpler than Telegram: a webhook post that fails is not retried on its own
 * (use `redeliver`), and setWebhook does not resolve the host.
 */
import type { Server } from "node:http";
import type { Behaviour, StandIn, StandInOptions, Update } from "./telegram/api.ts";
import {
  addBotBack,
  press,
  removeBot,
  reply,
  restartUpdateIds,
  startBot,
  upgradeToSupergroup,
  write,
} from "./telegram/chat.ts";
import { COMPETING_HEADER, makeCore, ok, type Core } from "./telegram/core.ts";
import { standInServer } from "./telegram/server.ts";
import { deliver } from "./telegram/updates.ts";
import { listening } from "../../testing/ports.ts";

export * from "./telegram/api.ts";

/**
 * Its parts, by method family: the door (telegram/server.ts), the messages (messages.ts), the updates
 * and the webhook (updates.ts), the chat a test moves (chat.ts), over one state (core.ts).
 */
export async function startTelegramStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const core = makeCore(options);
  const server = standInServer(core);
  return new TelegramStandIn(core, server, await listening(server));
}

/** What a test holds of the stand-in: what the chat shows, and its hand on the chat and on the faults. */
class TelegramStandIn implements StandIn {
  constructor(
    private readonly c: Core,
    private readonly server: Server,
    readonly apiBase: string,
  ) {}
  get token() {
    return this.c.token;
  }
  get chatId() {
    return this.c.chatId;
  }
  get currentChatId() {
    return this.c.state.currentChatId;
  }
  get delivered() {
    return this.c.state.delivered;
  }
  get tooMany() {
    return this.c.state.tooMany;
  }
  get attempts() {
    return this.c.state.calls.get("sendMessage") ?? 0;
  }
  get messages() {
    return this.c.state.messages;
  }
  get edits() {
    return this.c.state.edits;
  }
  get dropped() {
    return this.c.state.dropped;
  }
  get answers() {
    return this.c.state.answers;
  }
  get webhook() {
    return this.c.state.webhook;
  }
  get webhookErrors() {
    return this.c.state.webhookErrors;
  }
  get updates() {
    return this.c.state.updates;
  }
  next(...behaviours: Behaviour[]) {
    this.on("sendMessage", ...behaviours);
  }
  on(method: string, ...behaviours: Behaviour[]) {
    this.c.planned.set(method, [...(this.c.planned.get(method) ?? []), ...behaviours]);
  }
  calls(method: string) {
    return this.c.state.calls.get(method) ?? 0;
  }
  failCall(n: number, behaviour: Behaviour) {
    this.c.atCall.set(this.attempts + n, behaviour);
  }
  always(behaviour: Behaviour) {
    this.c.fallback = behaviour;
  }
  upgradeToSupergroup(newChatId?: string) {
    return upgradeToSupergroup(this.c, newChatId);
  }
  removeBot(how: "kicked" | "blocked") {
    removeBot(this.c, how);
  }
  restoreBot() {
    this.c.state.removed = undefined;
  }
  addBotBack() {
    return addBotBack(this.c);
  }
  startBot() {
    return startBot(this.c);
  }
  restartUpdateIds(from?: number) {
    restartUpdateIds(this.c, from);
  }
  async competingPoll() {
    const taken = new Promise<void>((resolve) => this.c.tookIn.push(resolve));
    const answered = fetch(`${this.apiBase}/bot${this.token}/getUpdates`, {
      method: "POST",
      headers: { "Content-Type": "application/json", [COMPETING_HEADER]: "1" },
      body: JSON.stringify({ timeout: 1, allowed_updates: ["callback_query"] }),
    })
      .then((res) => res.arrayBuffer())
      .catch(() => undefined);
    await Promise.race([taken, answered]);
  }
  idle() {
    const poll = this.c.longPoll;
    return new Promise<void>((resolve) =>
      poll && !poll.woken ? resolve() : this.c.idleWaiters.push(resolve),
    );
  }
  route(origin: string, localBase: string) {
    this.c.state.routes.set(new URL(origin).origin, localBase.replace(/\/+$/, ""));
  }
  press(...args: Parameters<StandIn["press"]>) {
    return press(this.c, ...args);
  }
  reply(...args: Parameters<StandIn["reply"]>) {
    return reply(this.c, ...args);
  }
  write(...args: Parameters<StandIn["write"]>) {
    return write(this.c, ...args);
  }
  get commands() {
    return this.c.state.commands;
  }
  redeliver(update: Update) {
    return deliver(this.c, update);
  }
  reset() {
    const { c } = this;
    c.planned.clear();
    c.atCall.clear();
    c.fallback = { kind: "ok" };
    const poll = c.longPoll;
    c.longPoll = undefined;
    if (poll) {
      clearTimeout(poll.timer);
      c.timers.delete(poll.timer);
      poll.finish(ok([]));
    }
    c.reset();
  }
  close() {
    return new Promise<void>((resolve) => {
      for (const timer of this.c.timers) clearTimeout(timer);
      this.c.timers.clear();
      this.c.longPoll = undefined;
      for (const resolveTaken of this.c.tookIn.splice(0)) resolveTaken();
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }
}
