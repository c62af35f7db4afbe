/**
 * The stand-in's messages: sendMessage (legacy Markdown parsed, the inline
 * keyboard checked, a reply to a message, 20 a minute to a group), the two
 * edits (with "message is not modified"), and a press's answer
 * (answerCallbackQuery, once and in time), each refusal as the server words it.
 */
import { parseLegacyMarkdownEntities, type MarkdownEntity } from "../../telegram/markdown.ts";
import type { ChatMessage, ReplyMarkup } from "./api.ts";
import { byteLength, DESCRIPTIONS, fail, kindOf, ok, tooMany, type Core, type Reply } from "./core.ts";

/** A Markdown text as the owner would see it, with its entities, or why Telegram refuses it. */
export function parse(
  text: unknown,
  parseMode: unknown,
): { shown: string; entities: MarkdownEntity[] } | { error: string } {
  if (typeof text !== "string" || text.trim() === "") return { error: "Bad Request: message text is empty" };
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
export function keyboard(markup: unknown): { markup?: ReplyMarkup } | { error: string } {
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
export function chatFor(
  c: Core,
  chatIdParam: unknown,
  access: "write" | "edit",
): { chatId: string } | { refusal: Reply } {
  if (chatIdParam === undefined || chatIdParam === null || chatIdParam === "")
    return { refusal: fail(400, "Bad Request: chat_id is empty") };
  const id = String(chatIdParam);
  const upgradedTo = c.state.upgraded.get(id);
  if (upgradedTo !== undefined) {
    if (access === "write")
      return { refusal: fail(400, DESCRIPTIONS.upgraded, { migrate_to_chat_id: Number(upgradedTo) }) };
    return { chatId: id };
  }
  if (id !== c.state.currentChatId) return { refusal: fail(400, "Bad Request: chat not found") };
  if (c.state.removed === "blocked") return { refusal: fail(403, DESCRIPTIONS.blocked) };
  if (!c.state.started && kindOf(id) === "private" && access === "write")
    return { refusal: fail(403, DESCRIPTIONS.notStarted) };
  if (c.state.removed === "kicked")
    return {
      refusal: fail(
        403,
        kindOf(id) === "supergroup" ? DESCRIPTIONS.kickedSupergroup : DESCRIPTIONS.kickedGroup,
      ),
    };
  return { chatId: id };
}

/** The id a new message in this chat gets: the supergroup's own count, or the bot's (ChatMessages). */
export function nextMessageId(c: Core, chatId: string): number {
  if (kindOf(chatId) !== "supergroup") return c.state.nextMessageId++;
  const id = c.state.supergroupMessageIds.get(chatId) ?? 1;
  c.state.supergroupMessageIds.set(chatId, id + 1);
  return id;
}

export function sendMessage(c: Core, body: Record<string, unknown>): Reply {
  // Client.cpp process_send_message_query: the text is read first (get_input_message_text), then
  // do_send_message reads the reply markup, then check_reply_parameters checks the chat.
  const parsed = parse(body.text, body.parse_mode);
  if ("error" in parsed) return fail(400, parsed.error);
  const kb = keyboard(body.reply_markup);
  if ("error" in kb) return fail(400, kb.error);
  const chat = chatFor(c, body.chat_id, "write");
  if ("refusal" in chat) return chat.refusal;
  const replyParameters = body.reply_parameters as
    { message_id?: unknown; allow_sending_without_reply?: unknown } | undefined;
  let replyTo = replyParameters?.message_id;
  // https://core.telegram.org/bots/api#replyparameters, allow_sending_without_reply: "Pass True if the
  // message should be sent even if the specified message to be replied to is not found" (a message id names
  // a message in its chat only).
  if (replyTo !== undefined && !c.state.messages.in(chat.chatId, Number(replyTo))) {
    if (replyParameters?.allow_sending_without_reply !== true)
      return fail(400, "Bad Request: message to be replied not found");
    replyTo = undefined;
  }
  const limited = floodLimit(c, chat.chatId);
  if (limited) return limited;
  const messageId = nextMessageId(c, chat.chatId);
  const text = body.text as string;
  const linkPreviewDisabled =
    (body.link_preview_options as { is_disabled?: unknown } | undefined)?.is_disabled === true;
  const { shown, entities } = parsed;
  c.state.delivered.push({
    chatId: body.chat_id,
    parseMode: body.parse_mode,
    text,
    shown,
    entities,
    linkPreviewDisabled,
    messageId,
    replyMarkup: kb.markup,
    at: c.clock(),
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
  c.state.messages.set(message);
  return ok(messageResult(message));
}

/**
 * The flood limits a message to this chat meets, as 429 with retry_after, or undefined when it may go
 * (and is counted). A group takes GROUP_MESSAGES_PER_MINUTE in a rolling minute: the next is refused
 * until the oldest of the last minute's is a minute old. A strict stand-in also takes one message a
 * second to any chat (CHAT_MESSAGE_GAP_MS). retry_after is whole seconds, at least 1, as
 * Query.cpp's set_retry_after_error writes it.
 */
function floodLimit(c: Core, chatId: string): Reply | undefined {
  const now = c.clock();
  const group = kindOf(chatId) !== "private";
  const recent = (c.state.sent.get(chatId) ?? []).filter((t) => t > now - 60_000);
  c.state.sent.set(chatId, recent);
  const waits = [
    group && recent.length >= c.groupMessagesPerMinute
      ? recent[recent.length - c.groupMessagesPerMinute] + 60_000 - now
      : 0,
    c.chatGapMs && recent.length ? recent[recent.length - 1] + c.chatGapMs - now : 0,
  ];
  const wait = Math.max(...waits);
  if (wait > 0) {
    c.state.tooMany++;
    return tooMany(Math.max(1, Math.ceil(wait / 1000)));
  }
  recent.push(now);
  return undefined;
}

export const messageResult = (m: ChatMessage) => ({
  message_id: m.messageId,
  chat: { id: Number(m.chatId), type: kindOf(m.chatId) },
  date: Math.floor(Date.now() / 1000),
  text: m.shown,
  ...(m.entities.length ? { entities: m.entities } : {}),
  ...(m.replyMarkup ? { reply_markup: m.replyMarkup } : {}),
});

export function edit(c: Core, method: string, body: Record<string, unknown>): Reply {
  // Client.cpp process_edit_message_text_query: text and markup are read first, then
  // check_message(…, AccessRights::Edit, "message to edit").
  const parsed = method === "editMessageText" ? parse(body.text, body.parse_mode) : undefined;
  if (parsed && "error" in parsed) return fail(400, parsed.error);
  const kb = keyboard(body.reply_markup);
  if ("error" in kb) return fail(400, kb.error);
  const chat = chatFor(c, body.chat_id, "edit");
  if ("refusal" in chat) return chat.refusal;
  const message = c.state.messages.in(chat.chatId, Number(body.message_id));
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
  c.state.messages.set(edited);
  c.state.edits.push({ method, messageId: message.messageId });
  return ok(messageResult(edited));
}

export function answerCallbackQuery(c: Core, body: Record<string, unknown>): Reply {
  const id = String(body.callback_query_id ?? "");
  const query = c.state.queries.get(id);
  // Answered once, within c.callbackQueryTtlMs (CALLBACK_QUERY_TTL_MS); else QUERY_ID_INVALID.
  if (!query || query.answered || c.clock() > query.expiresAt) return fail(400, DESCRIPTIONS.queryTooOld);
  if (body.text !== undefined && (typeof body.text !== "string" || body.text.length > 200))
    return fail(400, "Bad Request: text is too long");
  query.answered = true;
  c.state.answers.push({ callbackQueryId: id, text: body.text as string | undefined });
  return ok(true);
}
