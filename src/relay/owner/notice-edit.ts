/**
 * A lead's notice edited to show where the lead stands: its stage at the top
 * with the amount quoted, the owner's notes and every press below (as many as
 * fit: notice.ts), the stage's button ticked and, while the latest press is
 * under a minute old, an Undo (stages.ts). Edited after each press and reply
 * (presses.ts) and once more when the Undo's minute is up (the owner's minute
 * tick, owner/owner.ts).
 * https://core.telegram.org/bots/api#editmessagetext
 */
import { callBotRetrying, type RetryOptions, type TelegramOptions } from "../telegram/client.ts";
import { noticeWithHistory } from "../telegram/notice-history.ts";
import { stageKeyboard, UNDO_MS } from "./stage-buttons.ts";
import type { Lead } from "../leads/lead.ts";
import type { LeadStore } from "../leads/store.ts";
import type { Clock } from "../clock.ts";
import { cleanNote } from "./replies.ts";
import { shortDay } from "../telegram/quote-details.ts";

/** The notice's edit: three tries, 10 s each, waiting up to 5 s for a 429. */
export const EDIT_RETRY: RetryOptions = { tries: 3, timeoutMs: 10_000, maxWaitMs: 5_000 };

/**
 * Kept after the edited text while the notice shows an Undo, so the edit that takes the Undo away
 * is sent. No notice's Markdown ends so: its last line is a press's, and a bracket the visitor
 * typed is escaped.
 */
export const UNDO_MARK = "\n[undo]";

/**
 * The chat a lead's notice is in: the one it went to, or, for a notice sent before that was kept,
 * the chat the relay sends to. After a group became a supergroup, older notices stay in the old
 * group, where Telegram still lets the bot edit them (telegram-bot-api Client.cpp,
 * check_chat_access: an upgraded group refuses only write access).
 */
export const noticeChat = (lead: { noticeChatId: string | null }, telegram: TelegramOptions): string =>
  lead.noticeChatId ?? telegram.chatId;

/** What editing a notice needs: the lead's words and presses, the owner's chat, the business's clock. */
export interface NoticeEditing {
  store: LeadStore;
  telegram: TelegramOptions;
  clock: Clock;
  log: (message: string) => void;
}

/**
 * Edits the lead's notice to show its stage and every press, with its buttons. Only an edit that
 * changes it is sent (Telegram answers one that changes nothing 400 "message is not modified"): a
 * press handled before a crash whose edit never reached the notice is edited now; one whose edit
 * did changes nothing. `lead` as read before the press: its last edit is what the notice reads.
 */
export async function editNotice(
  { store, telegram, clock, log }: NoticeEditing,
  lead: Lead,
  now: number,
): Promise<void> {
  const messageId = lead.noticeMessageId;
  if (messageId === null) return;
  const words = store.notes;
  const [current, presses, quoteCents, notes, booking] = await Promise.all([
    store.get(lead.id),
    store.stages.presses(lead.id),
    words.quote(lead.id),
    words.notes(lead.id),
    store.quotes.booking(lead.id),
  ]);
  const stage = current?.stage ?? null;
  const latest = presses.at(-1);
  const undo = latest && latest.undoes === null && now - latest.at < UNDO_MS ? latest.seq : undefined;
  // At Lost, the reason is the latest press's: every change of reason is a press.
  const reason = stage === "lost" ? (latest?.reason ?? null) : null;
  const reply_markup = stageKeyboard(lead.id, { current: stage, reason, undo, phone: lead.fields?.phone });
  const warn = (what: string, answer: { status?: number; description: string }) =>
    log(`relay: could not ${what} (${answer.status ? `${answer.status} ` : ""}${answer.description})`);
  // A notice sent as plain text (Telegram refused its Markdown) keeps no text to edit: only its buttons
  // change.
  if (!lead.noticeText) {
    const edited = await callBotRetrying(
      telegram,
      "editMessageReplyMarkup",
      { chat_id: noticeChat(lead, telegram), message_id: messageId, reply_markup },
      EDIT_RETRY,
    );
    if (!edited.ok && !/not modified/i.test(edited.description)) warn("edit the notice's buttons", edited);
    return;
  }
  // The buttons are part of what the notice shows: an Undo that comes or goes is an edit too. Notes are kept
  // clean (replies.ts); cleaned again here, the one cleaner, so no control character reaches the chat
  // whatever wrote the row.
  const text = noticeWithHistory(lead.noticeText, stage, presses, lead.receivedAt, clock, {
    quoteCents,
    notes: notes.map((n) => ({ ...n, text: cleanNote(n.text) })),
    booked: booking?.day && booking.timeOfDay && `${shortDay(booking.day)}, ${booking.timeOfDay}`,
  });
  const mark = `${text}${undo === undefined ? "" : UNDO_MARK}`;
  if (mark === (lead.noticeEdited ?? lead.noticeText)) return;
  const edited = await callBotRetrying(
    telegram,
    "editMessageText",
    {
      chat_id: noticeChat(lead, telegram),
      message_id: messageId,
      text,
      parse_mode: "Markdown",
      link_preview_options: { is_disabled: true },
      reply_markup,
    },
    EDIT_RETRY,
  );
  // "not modified": the edit reached Telegram before a crash kept us from writing it down.
  if (edited.ok || /not modified/i.test(edited.description)) await store.stages.noticeEdited(lead.id, mark);
  else warn("edit the notice", edited);
}

/** Notices still showing an Undo whose minute is up lose it: one edit each, at the owner's minute tick. */
export async function expireUndos(editing: NoticeEditing, now: number): Promise<void> {
  for (const lead of await editing.store.stages.showingUndo(UNDO_MARK, now - UNDO_MS))
    await editNotice(editing, lead, now);
}
