/**
 * The owner's button presses, as Telegram's updates: through the webhook
 * (POST /api/telegram, on both hosts) or long polling (getUpdates, on a Node
 * relay without a public address: node/polling.ts). Each update is processed
 * once, through restarts (its update_id is recorded after it is handled, and
 * a press that finds its lead already at that stage changes nothing), and only
 * presses in the configured chat count.
 *
 * A press records the stage with when and who (and from what stage) in the
 * lead's history, answers the press so the owner's spinner stops, and edits
 * the notice to show the stage at its top and every press below, the stage's
 * button ticked and, for a minute, an Undo that takes the press back. A reply
 * (replies.ts) edits the notice too, to show the quote and the notes.
 * https://core.telegram.org/bots/api#callbackquery
 */
import { callBot, callBotRetrying, type RetryOptions, type TelegramOptions } from "../telegram/client.ts";
import {
  LATER_HOURS,
  parseCallback,
  parseLater,
  parseLost,
  parseUndo,
  reasonLabel,
  stageLabel,
  UNDO_MS,
  type LostReason,
  type Stage,
} from "../telegram/stages.ts";
import { brisbaneClock } from "../telegram/times.ts";
import { nextOpenAt, openingAfterBusinessDays, type HoursLine } from "../leads/hours.ts";
import type { LeadStore } from "../leads/store.ts";
import { editNotice } from "./notice-edit.ts";
import { movedFrom } from "../leads/policy.ts";
import { releaseSpam, showSpam } from "./spam-review.ts";
import { handleReply, type OwnerMessage } from "./replies.ts";
import { bookingPress } from "./acceptances.ts";
import { parseBookingData } from "./booking-buttons.ts";
import type { BookingOwner } from "./quoting.ts";

/**
 * A press's answer: each try given 3 s, three tries, waits of at most 2 s between them, so the owner
 * is answered (or given up on) within about 12 s. Telegram's clients show the spinner until the
 * answer, and Telegram refuses an answer to a query it calls "too old".
 */
const ANSWER_RETRY: RetryOptions = { tries: 3, timeoutMs: 3_000, maxWaitMs: 2_000 };

export interface UpdateHandlerOptions {
  store: LeadStore;
  telegram: TelegramOptions;
  /** The business's hours: a reminder's Later puts it off to the next morning's opening. */
  hours?: readonly HoursLine[];
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
type Ctx = UpdateHandlerOptions & { now: () => number; hours: readonly HoursLine[] };

/**
 * Handles one update: false when it was handled before (or is not an update). Throws only when the
 * store fails (the webhook then answers 500 and Telegram sends it again).
 */
export async function handleUpdate(update: unknown, options: UpdateHandlerOptions): Promise<boolean> {
  const ctx: Ctx = { ...options, now: options.now ?? Date.now, hours: options.hours ?? [] };
  const { store, now } = ctx;
  const updateId = (update as { update_id?: unknown } | null)?.update_id;
  if (typeof updateId !== "number" || !Number.isSafeInteger(updateId)) return false;
  if (await store.updates.seen(updateId, now())) return false;
  await heardFrom(ctx, update);
  const query = (update as { callback_query?: CallbackQuery }).callback_query;
  if (query && typeof query.id === "string") await press(ctx, query);
  const message = (update as { message?: OwnerMessage }).message;
  if (message && typeof message === "object") {
    // A reply recorded a quote or a note: the lead's notice shows it.
    const replied = await handleReply(message, ctx);
    const lead = replied === undefined ? undefined : await store.get(replied);
    if (lead) await editNotice(store, ctx.telegram, lead, now(), ctx.log);
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

async function press(ctx: Ctx, query: CallbackQuery): Promise<void> {
  const { store, telegram, log, now } = ctx;
  // A notice sent before the group became a supergroup stays in the old group, and its buttons still work.
  const chat = String(query.message?.chat?.id);
  if (chat !== telegram.chatId && !(await movedFrom(store, chat, telegram.chatId))) {
    log(`relay: a button press from another chat was ignored`);
    return;
  }
  // Answered first, so the owner's spinner stops within the time Telegram gives an answer, and retried within
  // it.
  const answer = (text: string) =>
    callBotRetrying(
      telegram,
      "answerCallbackQuery",
      { callback_query_id: query.id, text },
      ANSWER_RETRY,
    ).then(warn(log, "answer a button press"));
  // The digest's "See them", and "Not spam" under each message it shows.
  const spam = typeof query.data === "string" ? /^spam:(\d+):(\d+)$/.exec(query.data) : null;
  if (spam) {
    await answer("Here they are.");
    const summary = await showSpam(store, telegram, Number(spam[1]), Number(spam[2]));
    log(`relay: the owner asked to see the spam: ${summary}`);
    return;
  }
  const release = typeof query.data === "string" ? /^release:(.+)$/.exec(query.data) : null;
  if (release) {
    const said = await releaseSpam(store, release[1], now());
    log(`relay: lead ${release[1]}: ${said}`);
    return answer(said);
  }
  const booking = parseBookingData(query.data);
  if (booking && ctx.booking) {
    const said = await bookingPress({ ...ctx, booking: ctx.booking }, booking, presser(query));
    await answer(said);
    // Confirm booking moved the lead to Booked: its notice says so.
    const lead = booking.action === "confirm" ? await store.get(booking.leadId) : undefined;
    if (lead) await editNotice(store, telegram, lead, now(), log);
    return;
  }
  const undo = parseUndo(query.data);
  if (undo) return undoPress(ctx, query, undo, answer);
  const later = parseLater(query.data);
  if (later) return answer(await snooze(ctx, later.leadId, later.soon));
  const lost = parseLost(query.data);
  const pressed = lost
    ? { stage: "lost" as const, leadId: lost.leadId, reason: lost.reason }
    : parseCallback(query.data);
  if (!pressed) return answer("This button is not one of the relay's.");
  return moveStage(ctx, query, pressed, answer);
}

/** A stage's button (or Lost's reason): the lead moves there, and its notice says so. */
async function moveStage(
  ctx: Ctx,
  query: CallbackQuery,
  pressed: { stage: Stage; leadId: string; reason?: LostReason },
  answer: (text: string) => Promise<void>,
): Promise<void> {
  const { store, telegram, log, now } = ctx;
  const lead = await store.get(pressed.leadId);
  if (!lead) return answer("This lead is not in the store.");
  if (lead.erasedAt !== null)
    return answer(
      lead.erasedOnRequest !== null
        ? "This lead was erased at its visitor's request."
        : "This lead's details were erased after the retention period.",
    );
  const reason = pressed.reason ?? null;
  // Answered before the move, so the owner's spinner stops as soon as it can: what the move will do, read
  // first.
  const lostWhy = lead.stage === "lost" ? await store.stages.lostReason(lead.id) : null;
  const already = lead.stage === pressed.stage && (reason === null || reason === lostWhy);
  const label = stageLabel(pressed.stage) + (reason ? `: ${reasonLabel(reason)}` : "");
  await answer(
    already
      ? `Already marked ${label}.`
      : `Marked ${label}.${pressed.stage === "lost" && !reason && !lostWhy ? " Why? Press a reason below." : ""}`,
  );
  const moved = await store.stages.move(lead.id, pressed.stage, now(), presser(query), reason);
  if (moved) log(`relay: lead ${lead.id} marked ${label}`);
  // The lead's own notice is edited, whichever message was pressed (its reminder's buttons too): never the
  // message pressed.
  await editNotice(store, telegram, lead, now(), log);
}

/**
 * Later, on a reminder: it comes again in LATER_HOURS (`soon`; at the next opening if the business is
 * closed by then) or at the next morning's opening, while the lead still waits or is at Quoted. The
 * answer names the time it really comes, after the hours are applied: two hours on from 4:51 pm
 * with a 6 pm close is 8 the next morning, not 6:51 pm.
 */
async function snooze({ store, log, now, hours }: Ctx, leadId: string, soon: boolean): Promise<string> {
  const asked = soon ? now() + LATER_HOURS * 3_600_000 : openingAfterBusinessDays(hours, now(), 1);
  const until = asked === undefined ? undefined : nextOpenAt(hours, asked);
  if (until === undefined) return "The business hours never open: nothing to put off to.";
  if (!(await store.owner.snooze(leadId, until)))
    return "Nothing to remind: this lead has moved on (or is not in the store).";
  log(`relay: lead ${leadId} put off to ${new Date(until).toISOString()}`);
  return `Later: reminded again at ${brisbaneClock(until)}.`;
}

/** Undo: the press it names goes back, if it is the lead's latest and less than a minute old. */
async function undoPress(
  { store, telegram, log, now }: Ctx,
  query: CallbackQuery,
  undo: { seq: number; leadId: string },
  answer: (text: string) => Promise<void>,
): Promise<void> {
  const lead = await store.get(undo.leadId);
  if (!lead || lead.erasedAt !== null) return answer("This lead is not in the store.");
  const result = await store.stages.undo(lead.id, undo.seq, now(), presser(query), UNDO_MS);
  const back = (stage: Stage | null) => (stage === null ? "waiting" : stageLabel(stage));
  await answer(
    result.kind === "undone"
      ? `Undone: back to ${back(result.press.to)}.`
      : result.kind === "late"
        ? "Undo lasts a minute: press the stage it should be."
        : result.kind === "superseded"
          ? "Only the latest press can be undone."
          : "Nothing to undo.",
  );
  if (result.kind === "undone") log(`relay: lead ${lead.id} back to ${back(result.press.to)} (undo)`);
  // Also when nothing was undone: the notice then loses an Undo button that no longer works.
  await editNotice(store, telegram, lead, now(), log);
}

function warn(log: (message: string) => void, what: string) {
  return (answer: Awaited<ReturnType<typeof callBot>>) => {
    if (!answer.ok)
      log(`relay: could not ${what} (${answer.status ? `${answer.status} ` : ""}${answer.description})`);
  };
}
