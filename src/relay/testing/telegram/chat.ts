/**
 * The stand-in's chat as a test moves it, each move as Telegram would make it: a group upgraded to a
 * supergroup, the bot removed, blocked or added back, Start pressed, update ids restarted, and the
 * owner's press on a button or reply to a message, each an update delivered as the server delivers it.
 */
import { BOT, OWNER, type TelegramUser, type Update } from "./api.ts";
import { kindOf, type Core } from "./core.ts";
import { nextMessageId } from "./messages.ts";
import { deliver } from "./updates.ts";

/**
 * A person's message in `chat`, sent to the bot as a message update (delivered as press() delivers):
 * it is in the chat too, numbered as the chat numbers its messages, so the relay's answer may reply to it.
 */
export function personWrites(
  c: Core,
  chat: string,
  from: TelegramUser,
  text: string,
  more: Pick<NonNullable<Update["message"]>, "entities" | "reply_to_message"> = {},
): Promise<number | undefined> {
  const own = nextMessageId(c, chat);
  c.state.messages.set({
    messageId: own,
    chatId: chat,
    text,
    shown: text,
    entities: [],
    replyTo: more.reply_to_message?.message_id,
  });
  const update: Update = {
    update_id: c.state.nextUpdateId++,
    message: {
      message_id: own,
      from,
      chat: { id: Number(chat), type: kindOf(chat) },
      date: Math.floor(Date.now() / 1000),
      text,
      ...more,
    },
  };
  c.state.updates.push(update);
  return deliver(c, update);
}

export function upgradeToSupergroup(c: Core, newChatId?: string): string {
  const old = c.state.currentChatId;
  if (kindOf(old) !== "group")
    throw new Error(
      `upgradeToSupergroup: only a basic group becomes a supergroup, and ${old} is a ${kindOf(old)} chat (start the stand-in with chatId: TEST_GROUP_ID)`,
    );
  let next = newChatId;
  while (next === undefined || next === old || c.state.upgraded.has(next)) {
    if (newChatId !== undefined)
      throw new Error("upgradeToSupergroup: the supergroup needs an id of its own");
    next = `-100${2_000_000_000 + ++c.supergroups}`;
  }
  for (const [from, to] of c.state.upgraded) if (to === old) c.state.upgraded.set(from, next);
  c.state.upgraded.set(old, next);
  c.state.currentChatId = next;
  return next;
}

export function removeBot(c: Core, how: "kicked" | "blocked"): void {
  const kind = kindOf(c.state.currentChatId);
  if (how === "kicked" && kind === "private")
    throw new Error(
      'removeBot("kicked"): a bot is kicked from a group; a private chat\'s user blocks it (removeBot("blocked"))',
    );
  if (how === "blocked" && kind !== "private")
    throw new Error(
      'removeBot("blocked"): only the user of a private chat blocks a bot; a group kicks it (removeBot("kicked"))',
    );
  c.state.removed = how;
}

export function restoreBot(c: Core): void {
  c.state.removed = undefined;
}

export function addBotBack(c: Core): Promise<number | undefined> {
  const chat = c.state.currentChatId;
  if (kindOf(chat) === "private")
    throw new Error("addBotBack: a bot is added back to a group; a person unblocks it (restoreBot)");
  c.state.removed = undefined;
  const update: Update = {
    update_id: c.state.nextUpdateId++,
    message: {
      message_id: nextMessageId(c, chat),
      from: OWNER,
      chat: { id: Number(chat), type: kindOf(chat) },
      date: Math.floor(Date.now() / 1000),
      new_chat_members: [BOT],
    },
  };
  c.state.updates.push(update);
  return deliver(c, update);
}

export function startBot(c: Core): Promise<number | undefined> {
  const chat = c.state.currentChatId;
  if (kindOf(chat) !== "private")
    throw new Error(
      "startBot: Start is pressed in a private chat with the bot; a group adds the bot instead",
    );
  c.state.started = true;
  return personWrites(c, chat, { ...OWNER, id: Number(chat) }, "/start", {
    entities: [{ type: "bot_command", offset: 0, length: "/start".length }],
  });
}

export function restartUpdateIds(c: Core, from = 1): void {
  // The Bot API page on getUpdates (https://core.telegram.org/bots/api#getting-updates): "If there
  // are no new updates for at least a week, then identifier of the next update will be chosen
  // randomly instead of sequentially." A week on, every queued update (kept 150 s) and every
  // callback query has long expired.
  c.state.queue = [];
  c.state.queries.clear();
  c.state.nextUpdateId = from;
}

export function press(
  c: Core,
  messageId: number,
  data: string,
  from: Partial<TelegramUser> = {},
  inChat?: string,
): Promise<number | undefined> {
  const message =
    inChat === undefined ? c.state.messages.get(messageId) : c.state.messages.in(inChat, messageId);
  const chat = inChat ?? message?.chatId ?? c.state.currentChatId;
  const id = String(c.nextQueryId++);
  c.state.queries.set(id, { expiresAt: c.clock() + c.callbackQueryTtlMs, answered: false });
  const update: Update = {
    update_id: c.state.nextUpdateId++,
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
  c.state.updates.push(update);
  return deliver(c, update);
}

export function reply(
  c: Core,
  messageId: number,
  text: string,
  from: Partial<TelegramUser> = {},
  inChat?: string,
): Promise<number | undefined> {
  const message =
    inChat === undefined ? c.state.messages.get(messageId) : c.state.messages.in(inChat, messageId);
  const chat = inChat ?? message?.chatId ?? c.state.currentChatId;
  // An upgraded group is deactivated (tdlib's basicGroup: is_active false, upgraded_to_supergroup_id):
  // its buttons still send presses, but nobody writes in it any more.
  if (c.state.upgraded.has(chat))
    throw new Error(`reply: group ${chat} was upgraded to a supergroup, and nobody writes in it any more`);
  const replied = {
    message_id: messageId,
    from: BOT,
    chat: { id: Number(chat), type: kindOf(chat) },
    date: Math.floor(Date.now() / 1000),
    text: message?.shown ?? "",
  };
  return personWrites(c, chat, { ...OWNER, ...from }, text, { reply_to_message: replied });
}

export function write(
  c: Core,
  text: string,
  from: Partial<TelegramUser> = {},
  inChat?: string,
): Promise<number | undefined> {
  const chat = inChat ?? c.state.currentChatId;
  const command = /^\/[A-Za-z0-9_]+(@\w+)?/.exec(text);
  return personWrites(c, chat, { ...OWNER, ...from }, text, {
    ...(command ? { entities: [{ type: "bot_command", offset: 0, length: command[0].length }] } : {}),
  });
}
