/**
 * The delivery policy, one for both hosts: what one attempt at a stored lead
 * does, and what follows from Telegram's answer. The hosts keep only their
 * scheduling: a loop in the relay's process on Node (node/delivery.ts), a Queue
 * and a Cron Trigger on Workers (worker/queue.ts).
 *
 * - delivered: every part accepted; the lead is done.
 * - retry: not delivered yet (no answer, a 5xx, a 429). The lead waits a few
 *   seconds, doubling up to 15 minutes, with jitter, or Telegram's retry_after,
 *   which pauses every send. A part that may have reached Telegram (no answer,
 *   or a crash mid-send: send.ts writes each part down before sending it) is
 *   marked "(possible repeat)" when it is sent again.
 * - undeliverable for the message: Telegram refuses this message; kept for
 *   the owner (npm run leads).
 * - undeliverable for the settings: the token or chat is refused. The lead
 *   keeps the mark of the settings in force (`settingsMark`), every send waits,
 *   and when the settings in force carry another mark (new settings, a new
 *   deployment, a restart on Node) such leads go out again. Meanwhile the
 *   oldest is tried again on its own (refused-bot.ts): a bot added back sends
 *   what waited without a restart.
 */
import { sha256Hex } from "../../shared/hex.ts";
import { backoffMs } from "../retry.ts";
import type { TelegramOptions } from "../telegram/client.ts";
import { flooded, holdChat, summarise, takeSlot } from "./flood.ts";
import { botWorks, probing, refusedBot } from "./refused-bot.ts";
import { sendParts, type NoticeButtons, type PartsResult } from "./send.ts";
import type { Clock } from "../clock.ts";
import type { Lead } from "./lead.ts";
import type { LeadStore, StoreStats } from "./store.ts";

/** A lead waiting longer than this turns the health check red. */
export const STALE_AFTER_MS = 15 * 60_000;
/**
 * More leads than this waiting turn the health check red at once: a paced relay sends a group 20
 * notices a minute and summarises a flood, so a backlog this size means Telegram is not taking
 * them (down, or refusing) or a flood goes on past its first summary (issue 59).
 */
export const BACKLOG_RED = 100;

export type TelegramState = "ok" | "not configured" | "undeliverable";

export interface Health {
  ok: boolean;
  telegram: TelegramState;
  pending: number;
  oldestPendingSeconds: number;
  /** Leads Telegram did not take (refused, or out of tries), kept until sent again. */
  undeliverable: number;
  /** While not ok: what is wrong, in words an uptime monitor's alert can carry to the owner. */
  problem?: string;
  /** With email set up: emails the provider has not taken for longer than STALE_AFTER_MS. */
  emailsFailing?: number;
  /** With email set up: leads over a minute old whose confirmation the email loop has not recorded yet. */
  emailsBehind?: number;
  /** With email set up: "refused" while the provider refuses the relay's settings (email-channel.ts). */
  email?: "ok" | "refused";
}

/**
 * The health check's answer, on Node and on Workers alike: red (503) while Telegram refuses the
 * settings (a bot removed from the chat, a wrong chat id), while any lead is undeliverable, while
 * a lead has waited longer than STALE_AFTER_MS, or while more than BACKLOG_RED wait, naming the
 * cause and the count. Storing only
 * (no Telegram) is a choice, not a fault: the owner reads leads with npm run leads.
 */
export function healthFrom(stats: StoreStats, telegram: TelegramState, now: number): Health {
  const oldestPendingSeconds =
    stats.oldestPendingAt === null ? 0 : Math.max(0, Math.round((now - stats.oldestPendingAt) / 1000));
  const stale = oldestPendingSeconds * 1000 > STALE_AFTER_MS || stats.pending > BACKLOG_RED;
  const base = { telegram, pending: stats.pending, oldestPendingSeconds, undeliverable: stats.undeliverable };
  if (telegram === "not configured") return { ok: true, ...base };
  const leads = (n: number) => `${n} lead${n === 1 ? "" : "s"}`;
  const why = stats.undeliverableError ? ` (${stats.undeliverableError})` : "";
  const problem =
    telegram === "undeliverable"
      ? // Every send waits while the settings are refused: the pending leads are held too.
        `Telegram refuses the relay's settings${why}: ${leads(stats.undeliverable + stats.pending)} held until they work`
      : stats.undeliverable
        ? `${leads(stats.undeliverable)} not delivered to Telegram${why}`
        : stale
          ? `${leads(stats.pending)} waiting to be sent, the oldest for ${oldestPendingSeconds < 120 ? `${oldestPendingSeconds} seconds` : `${Math.floor(oldestPendingSeconds / 60)} minutes`}`
          : undefined;
  return problem ? { ok: false, ...base, problem } : { ok: true, ...base };
}

/**
 * The mark of the settings in force: a short hash of the API base, token and chat, and of the
 * host's instance (a Worker's deployment id; a Node relay's start), never the token itself.
 */
export async function settingsMark(telegram: TelegramOptions | undefined, instance: string): Promise<string> {
  return sha256Hex(JSON.stringify([telegram?.apiBase, telegram?.token, telegram?.chatId, instance]), 4);
}

/** What the log tells the owner to do, in the words of each host. */
export interface HostHints {
  /** After "Telegram refuses the settings (reason):", for a token or chat that is wrong. */
  settings: string;
  /** How the owner reads an undeliverable lead. */
  show(id: string): string;
}

export interface Policy {
  store: LeadStore;
  telegram: TelegramOptions;
  buttons: NoticeButtons;
  clock: Clock;
  /** settingsMark() of the settings in force. */
  mark: string;
  hints: HostHints;
  log: (message: string) => void;
  now?: () => number;
  random?: () => number;
  /**
   * Workers: how long a sender holds the lead for each part's attempt (a dead sender's lead is free again
   * after it).
   */
  leaseMs?: number;
  /** Each message waits for the chat's slot (leads/flood.ts); TELEGRAM_PACE=off: it does not. */
  pace?: boolean;
  /** FLOOD_LEADS_PER_MINUTE: above it, leads go in a summary (leads/flood.ts); 0 or undefined: never. */
  floodPerMinute?: number;
}

export type AttemptResult =
  /** `released`: leads held for refused settings that go out again now Telegram took this one. */
  | { kind: "delivered"; released: number }
  /** `pause`: Telegram asked for every send to wait until `at` (429). */
  | { kind: "retry"; at: number; pause: boolean }
  | { kind: "undeliverable" }
  /** Told in a flood's summary with the others waiting (leads/flood.ts): delivered. */
  | { kind: "summarised" }
  /** Not its turn: the chat's slot, or the next summary, comes at `at` (no attempt counted). */
  | { kind: "paced"; at: number };

/**
 * What the owner does about settings Telegram refuses. A bot may not write first to a person
 * (403 "bot can't initiate conversation with a user"): the settings are right, and the person
 * opens the bot and presses Start. A bot removed from the group, or blocked, is added back (or
 * unblocked). Either way the relay tries again on its own (refused-bot.ts).
 */
function whatToDo(reason: string, hints: HostHints): string {
  const again =
    "the relay tries again on its own within 15 minutes, and at once when anyone writes in the chat.";
  if (/can't initiate conversation/i.test(reason))
    return `TELEGRAM_CHAT_ID is a person who has not opened the bot and pressed Start: once they press it, ${again}`;
  if (/kicked|blocked|not a member|deactivated|rights|CHAT_WRITE_FORBIDDEN/i.test(reason))
    return `add the bot back to the chat (or unblock it): ${again}`;
  return hints.settings;
}

/**
 * One attempt at a lead read afresh by a sender that holds it: sends what is left, records the outcome, logs
 * it.
 */
export async function attemptDelivery(lead: Lead, policy: Policy): Promise<AttemptResult> {
  const { store, telegram, buttons, clock, log, now = Date.now, leaseMs, pace, floodPerMinute = 0 } = policy;
  const flood = await flooded(store, lead, now(), floodPerMinute);
  if (flood) {
    const summary = await summarise(store, telegram, now(), flood, log);
    if (summary.kind === "sent") return { kind: "summarised" };
    if (summary.kind === "wait") {
      await store.later(lead.id, summary.until);
      return { kind: "paced", at: summary.until };
    }
    // Telegram refused the summary: this lead's own notice meets the refusal, and the policy answers it.
  }
  const result = await sendParts(store, lead, telegram, {
    buttons,
    clock,
    now,
    leaseUntil: leaseMs === undefined ? undefined : () => now() + leaseMs,
    pace: pace ? () => takeSlot(store, telegram.chatId, now()) : undefined,
  });
  if (!result.done && "paced" in result) {
    await store.later(lead.id, result.paced);
    return { kind: "paced", at: result.paced };
  }
  return outcomeOf(lead, result, policy);
}

/** What follows an attempt that sent what it could: recorded in the store and logged. */
async function outcomeOf(
  lead: Lead,
  result: Exclude<PartsResult, { paced: number }>,
  { store, telegram, mark, hints, log, now = Date.now, random = Math.random }: Policy,
): Promise<AttemptResult> {
  const parts = lead.parts?.length ?? 0;
  if (result.done) {
    log(
      `relay: lead ${lead.id} (${lead.form}) delivered${parts > 1 ? ` in ${parts} parts` : ""}${lead.attempts ? ` after ${lead.attempts + 1} attempts` : ""}`,
    );
    return { kind: "delivered", released: await botWorks(store, mark, now(), log) };
  }
  const { outcome, part } = result;
  const where = parts > 1 ? ` (part ${part + 1}/${parts})` : "";
  // Refused or never connected: this attempt did not reach the owner; an earlier one still may have.
  const uncertainPart = result.wasUncertain || (outcome.kind === "retry" && outcome.uncertain) ? part : null;
  if (outcome.kind === "settings") {
    await store.undeliverable(lead.id, {
      kind: "settings",
      error: outcome.reason,
      settingsMark: mark,
      uncertainPart,
    });
    await refusedBot(store, mark, now());
    log(
      `relay: Telegram refuses the settings (${outcome.reason}): ${whatToDo(outcome.reason, hints)} Lead ${lead.id} is kept and sent after that.`,
    );
    return { kind: "undeliverable" };
  }
  if (outcome.kind === "message") {
    await store.undeliverable(lead.id, { kind: "message", error: outcome.reason, uncertainPart });
    log(
      `relay: lead ${lead.id}${where} refused by Telegram (${outcome.reason}): kept as undeliverable; ${hints.show(lead.id)}`,
    );
    return { kind: "undeliverable" };
  }
  const wait = outcome.retryAfterMs ?? backoffMs(lead.attempts + 1, { random });
  const at = now() + wait;
  await store.retryLater(lead.id, { at, error: outcome.reason, uncertainPart });
  // Telegram's retry_after holds the chat's slot too, on every host and sender.
  if (outcome.retryAfterMs !== undefined) await holdChat(store, telegram.chatId, at);
  log(
    `relay: lead ${lead.id}${where} not delivered yet (${outcome.reason}); next try in ${Math.ceil(wait / 1000)} s`,
  );
  return { kind: "retry", at, pause: outcome.retryAfterMs !== undefined };
}

/** A lead out of tries (the Workers dead-letter queue): kept as undeliverable for the owner. */
export async function giveUp(
  store: LeadStore,
  lead: Lead,
  hints: HostHints,
  log: (message: string) => void,
): Promise<void> {
  await store.undeliverable(lead.id, {
    kind: "message",
    error: `not delivered after ${lead.attempts} attempts: ${lead.lastError ?? "no reason recorded"}`,
    uncertainPart: lead.uncertainPart,
  });
  log(
    `relay: lead ${lead.id} not delivered after ${lead.attempts} attempts (${lead.lastError}): kept as undeliverable; ${hints.show(lead.id)}`,
  );
}

/**
 * Telegram moved the chat to `to` (a group upgraded to a supergroup): the new id is kept (so a
 * restart keeps it, on either host), the owner is told once how to match the setting, and every
 * lead the old id held goes out again, to the new one.
 */
export async function chatMoved(
  store: LeadStore,
  configured: string,
  to: string,
  now: number,
  log: (message: string) => void,
): Promise<void> {
  const first = (await store.settings.read(movedSetting(configured))) !== to;
  if (first) {
    await store.settings.write(movedSetting(configured), to);
    log(movedLine(configured, to, "now sends"));
  }
  const requeued = await store.requeueHeldForChat(now);
  if (requeued) log(`relay: ${requeued} lead(s) held for the old chat go out again to ${to}`);
}

const movedSetting = (chatId: string) => `telegram-chat-moved:${chatId}`;

/**
 * Whether `chatId` is the group Telegram moved to `current` (the configured chat, before it became a
 * supergroup).
 */
export async function movedFrom(store: LeadStore, chatId: string, current: string): Promise<boolean> {
  return chatId !== current && (await store.settings.read(movedSetting(chatId))) === current;
}
const movedLine = (from: string, to: string, sends: string) =>
  `relay: Telegram moved the owner's chat ${from} to ${to} (the group became a supergroup); the relay ${sends} there. Set TELEGRAM_CHAT_ID=${to} to match.`;

/**
 * The Telegram settings as the relay uses them: the chat Telegram moved the configured one to, if
 * it did (said in the log at each start until TELEGRAM_CHAT_ID matches), and a move met while
 * sending followed and kept.
 */
export async function telegramInUse(
  store: LeadStore,
  configured: TelegramOptions | undefined,
  log: (message: string) => void,
  now: () => number = Date.now,
): Promise<TelegramOptions | undefined> {
  if (!configured) return undefined;
  const chat = configured.chatId;
  const moved = await store.settings.read(movedSetting(chat));
  if (moved) log(movedLine(chat, moved, "sends"));
  return {
    ...configured,
    chatId: moved ?? chat,
    chatMoved: (_from, to) => chatMoved(store, chat, to, now(), log),
  };
}

/** Leads refused by settings that are no longer in force go out again. */
export async function retryRefusedSettings(
  store: LeadStore,
  mark: string,
  now: number,
  log: (message: string) => void,
): Promise<void> {
  const requeued = await store.requeueSettingsFailures(now, mark);
  if (requeued) log(`relay: ${requeued} lead(s) Telegram refused with the previous settings go out again`);
}

/** Telegram's state for the health check: refused while a lead carries the mark of the settings in force. */
export async function telegramState(
  store: LeadStore,
  telegram: TelegramOptions | undefined,
  mark: string,
): Promise<TelegramState> {
  if (!telegram) return "not configured";
  // While a refused bot is being tried again, the lead on trial is not held, but nothing is sent yet.
  return (await store.settingsRefusals(mark)) || (await probing(store, mark)) ? "undeliverable" : "ok";
}

export async function health(
  store: LeadStore,
  telegram: TelegramOptions | undefined,
  mark: string,
  now: number,
): Promise<Health> {
  return healthFrom(await store.stats(), await telegramState(store, telegram, mark), now);
}
