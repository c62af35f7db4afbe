/**
 * The owner's button presses, as Telegram's updates: through the webhook
 * (POST /api/telegram, on both hosts) or long polling (getUpdates, on a Node
 * relay without a public address: node/polling.ts). Each update is processed
 * once, through restarts (its update_id is recorded after it is handled, and
 * a press that finds its lead already at that stage changes nothing), and only
 * presses in the configured chat count.
 *
 * A press goes to the handler of its button (BUTTONS below; buttons.ts), a
 * reply (replies.ts) records a quote or a note, and either has the lead's
 * notice edited to show where it stands (notice-edit.ts).
 * https://core.telegram.org/bots/api#callbackquery
 */
import { callBot, callBotRetrying, type RetryOptions, type TelegramOptions } from "../telegram/client.ts";
import type { BusinessHours } from "../clock.ts";
import type { Lead } from "../leads/lead.ts";
import type { LeadStore } from "../leads/store.ts";
import { movedFrom } from "../leads/policy.ts";
import { routePress, type Pressed } from "./buttons.ts";
import { editNotice } from "./notice-edit.ts";
import { laterButton } from "./later.ts";
import { releaseButton, spamButton } from "./spam-review.ts";
import { lostButton, stageButton, undoButton } from "./stage-buttons.ts";
import { handleReply, type OwnerMessage } from "./replies.ts";
import { confirmButton, dayButton, offerButton } from "./acceptances.ts";
import type { BookingOwner } from "./booking-owner.ts";
import { holdButton, sendButton } from "./quoting.ts";
import { handleCommand, openButton, pageButton } from "./commands.ts";
import { keepButton } from "./stale.ts";

/**
 * Every kind of button the relay puts in the owner's chat, each with its handler (buttons.ts): a press goes
 * to the one whose callback_data it carries.
 */
const BUTTONS = [
  stageButton,
  lostButton,
  undoButton,
  laterButton,
  spamButton,
  releaseButton,
  sendButton,
  holdButton,
  confirmButton,
  offerButton,
  dayButton,
  pageButton,
  openButton,
  keepButton,
];

/**
 * A press's answer: each try given 3 s, three tries, waits of at most 2 s between them, so the owner
 * is answered (or given up on) within about 12 s. Telegram's clients show the spinner until the
 * answer, and Telegram refuses an answer to a query it calls "too old".
 */
const ANSWER_RETRY: RetryOptions = { tries: 3, timeoutMs: 3_000, maxWaitMs: 2_000 };

export interface UpdateHandlerOptions {
  store: LeadStore;
  telegram: TelegramOptions;
  /** The business's hours in its time zone: Later puts a reminder off to the next opening. */
  hours: BusinessHours;
  log: (message: string) => void;
  now?: () => number;
  /** The booking's features (issue 51): quotes sent from a reply, acceptances confirmed. */
  booking?: BookingOwner;
  /**
   * An update came from the owner's chat (a press, a reply, the service message of the bot added
   * back, a "/start"): a bot Telegram refused is tried again at once (refused-bot.ts).
   */
  heard?: () => Promise<void>;
}

interface CallbackQuery {
  id: string;
  from?: { id?: number; first_name?: string; last_name?: string; username?: string };
  message?: { message_id?: number; chat?: { id?: number | string } };
  data?: unknown;
}

/** Who pressed, as Telegram names them. */
function presser(query: CallbackQuery): { name: string; id?: number } {
  return {
    name:
      [query.from?.first_name, query.from?.last_name].filter(Boolean).join(" ") ||
      query.from?.username ||
      "someone",
    id: query.from?.id,
  };
}

/** What handling one update needs, with its clock read as a function. */
type Ctx = UpdateHandlerOptions & { now: () => number };

/**
 * Handles one update: false when it was handled before (or is not an update). Throws only when the
 * store fails (the webhook then answers 500 and Telegram sends it again).
 */
export async function handleUpdate(update: unknown, options: UpdateHandlerOptions): Promise<boolean> {
  const ctx: Ctx = { ...options, now: options.now ?? Date.now };
  const { store, now } = ctx;
  const updateId = (update as { update_id?: unknown } | null)?.update_id;
  if (typeof updateId !== "number" || !Number.isSafeInteger(updateId)) return false;
  if (await store.updates.seen(updateId, now())) return false;
  await heardFrom(ctx, update);
  // Each press and each reply has the lead's notice show where the lead stands now.
  const { telegram, hours, log } = ctx;
  const edit = (lead: Lead) => editNotice({ store, telegram, clock: hours.clock, log }, lead, now());
  const query = (update as { callback_query?: CallbackQuery }).callback_query;
  if (query && typeof query.id === "string") await press(ctx, query, edit);
  const message = (update as { message?: OwnerMessage }).message;
  // A command (/leads, /find …) is answered; any other message may be a reply about a lead.
  if (
    message &&
    typeof message === "object" &&
    !(await handleCommand(message, { ...ctx, clock: hours.clock }))
  ) {
    // A reply recorded a quote or a note: the lead's notice shows it.
    const replied = await handleReply(message, ctx);
    const lead = replied === undefined ? undefined : await store.get(replied);
    if (lead) await edit(lead);
  }
  await store.updates.done(updateId, now());
  return true;
}

/** Someone is in the owner's chat: a refused bot is tried again now; its failure never holds up the update. */
async function heardFrom({ telegram, heard, log }: Ctx, update: unknown): Promise<void> {
  const u = update as {
    callback_query?: CallbackQuery;
    message?: { chat?: { id?: number | string } };
  };
  const chat = u.callback_query?.message?.chat?.id ?? u.message?.chat?.id;
  if (!heard || chat === undefined || String(chat) !== telegram.chatId) return;
  await heard().catch((error: unknown) =>
    log(`relay: could not try the refused bot again: ${(error as Error).message}`),
  );
}

async function press(ctx: Ctx, query: CallbackQuery, edit: (lead: Lead) => Promise<void>): Promise<void> {
  const { store, telegram, log } = ctx;
  // A notice sent before the group became a supergroup stays in the old group, and its buttons still work.
  const chat = String(query.message?.chat?.id);
  if (chat !== telegram.chatId && !(await movedFrom(store, chat, telegram.chatId))) {
    log(`relay: a button press from another chat was ignored`);
    return;
  }
  const pressed: Pressed = {
    ...ctx,
    by: presser(query),
    message:
      typeof query.message?.message_id === "number"
        ? { chatId: chat, messageId: query.message.message_id }
        : undefined,
    // Answered first, so the owner's spinner stops within the time Telegram gives an answer, and retried
    // within it.
    answer: (text) =>
      callBotRetrying(
        telegram,
        "answerCallbackQuery",
        { callback_query_id: query.id, text },
        ANSWER_RETRY,
      ).then(warn(log, "answer a button press")),
    edit,
  };
  if (!(await routePress(BUTTONS, pressed, query.data)))
    await pressed.answer("This button is not one of the relay's.");
}

function warn(log: (message: string) => void, what: string) {
  return (answer: Awaited<ReturnType<typeof callBot>>) => {
    if (!answer.ok)
      log(`relay: could not ${what} (${answer.status ? `${answer.status} ` : ""}${answer.description})`);
  };
}
