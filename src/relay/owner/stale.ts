/**
 * No lead left to go quietly stale (issue 52, decision 0099). A lead still waiting (no stage
 * pressed) `staleDays` business days after its reminder gets a second reminder at that day's
 * opening, with the notice's buttons; one still waiting as many business days after that gets one
 * message offering **Lost (No answer)** (the notice's own Lost button with its reason: one press)
 * or **Keep**, which ends the reminders and leaves the lead in /leads and the morning message with
 * its age. Each is taken in the store before it is sent and given back when Telegram does not take
 * it, as the reminder is (owner.ts).
 */
import type { BusinessHours } from "../clock.ts";
import type { LeadStore } from "../leads/store.ts";
import { callBot } from "../telegram/client.ts";
import { button } from "./buttons.ts";
import type { Sends } from "./pace.ts";
import type { SendAbout } from "./owner.ts";
import { staleText } from "./reminder-text.ts";
import { lostButton, stageKeyboard } from "./stage-buttons.ts";

export interface StaleOptions {
  store: LeadStore;
  hours: BusinessHours;
  /** Business days from the reminder to the second, and from it to the offer; 0: never. */
  staleDays?: number;
}

/** The second reminders and the offers due now, at this run's pace. */
export async function staleLeads(
  { store, hours, staleDays = 0 }: StaleOptions,
  now: number,
  sends: Sends,
  send: SendAbout,
): Promise<void> {
  if (!staleDays || !hours.isOpen(now)) return;
  for (const step of ["nudge", "offer"] as const) {
    for (const lead of await store.owner.stale(step, now)) {
      if (!sends.room()) return;
      const due = hours.openingAfterBusinessDays(lead.since, staleDays);
      if (due === undefined || due > now || !(await store.owner.staleStep(step, lead.id, now))) continue;
      await send(lead.id, step === "nudge" ? "nudge" : "stale", (fields) => ({
        text: staleText(step, fields, lead.receivedAt, now, hours.clock),
        markup:
          step === "nudge"
            ? stageKeyboard(lead.id, { phone: fields?.phone, later: true })
            : {
                inline_keyboard: [
                  [
                    {
                      text: "Lost (No answer)",
                      callback_data: lostButton.data({ reason: "no-answer", leadId: lead.id }),
                    },
                    { text: "Keep", callback_data: keepButton.data(lead.id) },
                  ],
                ],
              },
      }));
    }
  }
}

/** Keep, on the offer: no more reminders; the offer loses its buttons and says so. */
export const keepButton = button<string>("keep", {
  write: (leadId) => leadId,
  read: (rest) => rest || undefined,
  async handle({ store, telegram, now, answer, log, message }, leadId) {
    if (!(await store.owner.keep(leadId, now())))
      return answer("Nothing to keep: this lead has moved on (or is not in the store).");
    await answer("Kept open: no more reminders. /leads lists it.");
    log(`relay: lead ${leadId} kept open`);
    if (!message) return;
    const edited = await callBot(telegram, "editMessageReplyMarkup", {
      chat_id: message.chatId,
      message_id: message.messageId,
      reply_markup: { inline_keyboard: [] },
    });
    if (!edited.ok && !/not modified/.test(edited.description))
      log(`relay: could not take the offer's buttons away (${edited.description})`);
  },
});
