/**
 * A lead erased at its visitor's request (leads/erasure.ts) is erased from the owner's chat too: at
 * the owner's minute tick, every message of the relay's about it (its notice, each part of a long
 * one, its reminders and follow-ups) is edited to say only that it was erased, its buttons gone.
 * Telegram lets a bot edit its own messages at any age ("Note that business messages that were not
 * sent by the bot and do not contain an inline keyboard can only be edited within 48 hours",
 * https://core.telegram.org/bots/api#editmessagetext: the relay's are sent by the bot).
 *
 * A message Telegram no longer has, or will not edit (a 400), is done with; any other failure (a
 * 429, Telegram down, the bot removed) leaves the lead for the next tick, where the edits already
 * made change nothing. The edits are paced with the tick's other messages (pace.ts).
 */
import { callBot } from "../telegram/client.ts";
import type { Clock } from "../clock.ts";
import { noticesErased, noticesToErase } from "../leads/erasure.ts";
import { noticeChat, type NoticeEditing } from "./notice-edit.ts";
import type { Sends } from "./pace.ts";

/** What an erased lead's messages say instead: the day, and the lead's id for `npm run leads -- show`. */
export const erasedText = (id: string, at: number, clock: Clock): string =>
  `Erased at the visitor's request on ${clock.fullDate(at)}: lead ${id}.`;

export async function eraseNotices(
  { store, telegram, clock, log }: NoticeEditing,
  now: number,
  sends: Sends,
): Promise<void> {
  for (const lead of await noticesToErase(store)) {
    let done = true;
    for (const { chatId, messageId } of lead.messages) {
      if (!sends.room()) return;
      await sends.next();
      // Plain text, and no reply_markup: the buttons go with the words.
      const edited = await callBot(telegram, "editMessageText", {
        chat_id: noticeChat({ noticeChatId: chatId }, telegram),
        message_id: messageId,
        text: erasedText(lead.id, lead.erasedOnRequest, clock),
      });
      if (edited.ok || edited.status === 400) continue;
      done = false;
      log(
        `relay: lead ${lead.id}: could not edit a message about it after its erasure (${edited.status ?? ""} ${edited.description}); tried again at the next minute`,
      );
      break;
    }
    if (!done) return;
    await noticesErased(store, lead.id, now);
    log(`relay: lead ${lead.id}: its ${lead.messages.length} message(s) in Telegram now say it was erased`);
  }
}
