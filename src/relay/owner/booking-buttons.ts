/**
 * What the buttons of a booking (issue 51) share: their callback_data
 * `action:SEQ:LEAD` within Telegram's 64 bytes (buttons.ts), the quote's
 * number before the lead's id, which is last because it is the longest part,
 * and the customer's first name as they say it. Each button sits beside what
 * its press does: under the owner's quote, Send and Not yet (quoting.ts);
 * under a customer's acceptance, Confirm booking and Offer another day, and a
 * day each under Offer another day's question (acceptances.ts).
 */
import { cutText, isolateDirection, oneLine } from "../../shared/text.ts";
import type { Ctx } from "./booking-owner.ts";
import { button, type Button, type Pressed } from "./buttons.ts";

/** A booking button's press: the quote it names (`seq`) of the lead. */
export interface QuotePress {
  leadId: string;
  seq: number;
}

const QUOTE_PRESS = /^([1-9]\d{0,5}):([\w-]{1,40})$/;

/**
 * A booking button whose data is `action:SEQ:LEAD` (buttons.ts): a press of it runs `run` with the
 * booking's features and answers the owner with what it says. A relay without them (no booking) takes
 * it for none of its buttons.
 */
export function quoteButton(
  action: string,
  run: (ctx: Ctx, press: QuotePress, by: Pressed["by"]) => Promise<string>,
  after?: (pressed: Pressed, press: QuotePress) => Promise<void>,
): Button<QuotePress> {
  return button<QuotePress>(action, {
    write: ({ leadId, seq }) => `${seq}:${leadId}`,
    read(rest) {
      const m = QUOTE_PRESS.exec(rest);
      return m ? { seq: Number(m[1]), leadId: m[2] } : undefined;
    },
    async handle(pressed, press) {
      await answerBooking(pressed, (ctx) => run(ctx, press, pressed.by));
      await after?.(pressed, press);
    },
  });
}

/** Runs a booking step for a press and answers the owner with what it says. */
export async function answerBooking(pressed: Pressed, run: (ctx: Ctx) => Promise<string>): Promise<void> {
  const { booking } = pressed;
  await pressed.answer(
    booking ? await run({ ...pressed, booking }) : "This button is not one of the relay's.",
  );
}

/** "Thu 15 Jan" as a day button's data carries it: "20270115". */
export const compactDay = (day: string) => day.replace(/-/g, "");
export const DAY_PRESS = /^([1-9]\d{0,5}):(20\d\d)(\d\d)(\d\d):([\w-]{1,40})$/;

/**
 * "Send to Ann": the customer's first name on one line, cut whole (never half an emoji, which Telegram
 * would refuse as not UTF-8) and isolated when written right to left.
 */
export const sendLabel = (name: string | undefined) => {
  const first = firstName(name);
  return first ? `Send to ${first}` : "Send";
};

/** The customer's first name as the owner's buttons and answers say it; "" without one. */
export function firstName(name: string | undefined): string {
  const first = cutText(
    oneLine(name ?? "")
      .trim()
      .split(" ")[0] ?? "",
    24,
  );
  return first && isolateDirection(first);
}
