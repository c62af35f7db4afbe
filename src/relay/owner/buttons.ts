/**
 * The owner's buttons routed like handlers, as grammY's
 * `bot.callbackQuery(/^release:/, handler)` keeps a pattern and its handler
 * together: each kind of button is one `button(prefix, …)` in the file of what
 * it does, holding how its callback_data is written, how it is read back, and
 * what a press does. presses.ts lists them (BUTTONS) and hands each press to
 * the one whose data it is. A new button is a file with its `button(…)`, a
 * line in that list, and the keyboard that shows it.
 * https://core.telegram.org/bots/api#inlinekeyboardbutton
 */
import type { TelegramOptions } from "../telegram/client.ts";
import type { Lead } from "../leads/lead.ts";
import type { BookingOwner } from "./booking-owner.ts";
import type { LeadStore } from "../leads/store.ts";
import type { BusinessHours } from "../clock.ts";

/** Telegram refuses callback_data over 64 bytes ("callback_data String 1-64 bytes"). */
export const MAX_CALLBACK_BYTES = 64;

const bytes = (text: string) => new TextEncoder().encode(text).length;

/** What a press's handler may use: the owner's chat and store, the press, and its answer. */
export interface Pressed {
  store: LeadStore;
  telegram: TelegramOptions;
  /** The business's hours in its time zone: Later puts a reminder off to the next opening. */
  hours: BusinessHours;
  log: (message: string) => void;
  now: () => number;
  /** Who pressed, as Telegram names them. */
  by: { name: string; id?: number };
  /** The message whose button was pressed (a page of /leads turns in place). */
  message?: { chatId: string; messageId: number };
  /** Stops the owner's spinner with a short text; each press is answered once. */
  answer(text: string): Promise<void>;
  /** Edits the lead's notice to show where it stands now (notice-edit.ts). */
  edit(lead: Lead): Promise<void>;
  /** The booking's features (issue 51), when the relay has them: quotes sent, acceptances confirmed. */
  booking?: BookingOwner;
}

export interface Button<T> {
  /** The callback_data for `value`: "release:ID"; throws when Telegram would refuse it (over 64 bytes). */
  data(value: T): string;
  /** The value `data` names, or undefined when it is not this button's (or could not have come from it). */
  parse(data: unknown): T | undefined;
  handle(pressed: Pressed, value: T): Promise<void>;
}

/**
 * A kind of button: its callback_data is `prefix:` then what `write` makes of the value, read back by `read`
 * (undefined: not one of these).
 */
export function button<T>(
  prefix: string,
  kind: {
    write(value: T): string;
    read(rest: string): T | undefined;
    handle(pressed: Pressed, value: T): Promise<void>;
  },
): Button<T> {
  const head = `${prefix}:`;
  return {
    data(value) {
      const data = head + kind.write(value);
      if (bytes(data) > MAX_CALLBACK_BYTES)
        throw new Error(`callback_data over ${MAX_CALLBACK_BYTES} bytes: ${data}`);
      return data;
    },
    parse: (data) =>
      typeof data === "string" && data.startsWith(head) && bytes(data) <= MAX_CALLBACK_BYTES
        ? kind.read(data.slice(head.length))
        : undefined,
    handle: kind.handle,
  };
}

/**
 * Hands a press to the first of `buttons` whose data it is; false when none is (the owner pressed a button
 * of another bot, or of an older relay).
 */
export async function routePress(
  buttons: readonly {
    parse(data: unknown): unknown;
    handle(pressed: Pressed, value: never): Promise<void>;
  }[],
  pressed: Pressed,
  data: unknown,
): Promise<boolean> {
  for (const b of buttons) {
    const value = b.parse(data);
    if (value === undefined) continue;
    await b.handle(pressed, value as never);
    return true;
  }
  return false;
}
