/**
 * Delivery on Node: the scheduling around the delivery policy (leads/policy.ts), in
 * the relay's own process. A loop sends every lead that is due, at start-up
 * and then each `pollMs`; a new lead is tried at once (`deliverNow`), and the
 * visitor's answer waits for it only a short budget: the lead is already
 * stored, so stored is success. A 429 pauses every send for Telegram's
 * retry_after; while Telegram refuses the settings in force, nothing is sent
 * but the probe (refused-bot.ts): the oldest held lead, tried again on its
 * own and at once when the owner's chat is heard from, whose delivery sends
 * the rest. A restart is a new settings mark: held leads go out again.
 */
import type { TelegramOptions } from "../telegram/client.ts";
import { chatHeard, probeDue } from "../leads/refused-bot.ts";
import {
  attemptDelivery,
  health,
  retryRefusedSettings,
  settingsMark,
  type AttemptResult,
  type Health,
  type HostHints,
} from "../leads/policy.ts";
import type { NoticeButtons } from "../leads/send.ts";
import type { Clock } from "../clock.ts";
import { noticeButtons } from "../owner/stage-buttons.ts";
import type { LeadStore } from "../leads/store.ts";
import { logLine } from "../log.ts";

/** The most leads one pass sends while paced, so a stop or a health check never waits long for it. */
const PASS_MOST = 1_000;

export const NODE_HINTS: HostHints = {
  settings: "check TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID, then restart the relay.",
  show: (id) => `npm run leads -- show ${id}`,
};

export interface DeliveryOptions {
  store: LeadStore;
  /** Undefined when Telegram is not configured: leads are kept, not sent. */
  telegram?: TelegramOptions;
  /** The owner's buttons on a notice (default: the stages, owner/stage-buttons.ts). */
  buttons?: NoticeButtons;
  /** The business's clock: a late notice says when its lead came. */
  clock: Clock;
  log?: (message: string) => void;
  now?: () => number;
  random?: () => number;
  /** How often the loop looks for due leads (also picks up `npm run leads -- resend`). */
  pollMs?: number;
  /** Each message waits for the chat's slot (leads/flood.ts); new leads then go in arrival order. */
  pace?: boolean;
  /** FLOOD_LEADS_PER_MINUTE (leads/flood.ts); 0: a notice each, always. */
  floodPerMinute?: number;
}

export interface Delivery {
  /** Sends this lead now (unless it is already being sent); resolves when the attempt ends. */
  deliverNow(id: string): Promise<void>;
  /** An update came from the owner's chat: a bot Telegram refused is tried again now. */
  heard(): Promise<void>;
  health(): Promise<Health>;
  /**
   * For tests asserting that nothing more is sent: resolves after a pass of the loop that began
   * after this call found nothing to send at the relay's clock (nothing due, or sending blocked)
   * and ended with no attempt in flight. A lead due at the clock is sent before it resolves.
   */
  drained(): Promise<void>;
  stop(): Promise<void>;
}

export async function startDelivery({
  store,
  telegram,
  buttons = noticeButtons,
  clock,
  log = logLine,
  now = Date.now,
  random = Math.random,
  pollMs = 1_000,
  pace = false,
  floodPerMinute = 0,
}: DeliveryOptions): Promise<Delivery> {
  // Each start of the relay is new settings: leads refused by the last run's go out again.
  const mark = await settingsMark(telegram, `node ${crypto.randomUUID()}`);
  await retryRefusedSettings(store, mark, now(), log);
  const inFlight = new Map<string, Promise<AttemptResult | undefined>>();
  let pausedUntil = 0;
  let passing: Promise<void> | undefined;
  let stopped = false;
  /** drained()'s waiters, for the next pass to begin. */
  const waiting: (() => void)[] = [];

  const blocked = async () => !telegram || now() < pausedUntil || (await store.settingsRefusals(mark)) > 0;

  /**
   * `probe`: the lead that tries a refused bot again, sent while every other send waits. `fresh`: a lead
   * just stored; while paced it goes now only if no older lead is waiting, so notices keep arrival order.
   */
  async function send(id: string, probe = false, fresh = false): Promise<AttemptResult | undefined> {
    if (!telegram || (!probe && (await blocked()))) return;
    if (fresh && pace && (await store.due(now(), 1))[0] !== id) return;
    // Read afresh inside the in-flight guard: a copy read before another attempt finished would resend its
    // parts.
    const lead = await store.get(id);
    if (lead?.status !== "pending") return;
    const result = await attemptDelivery(lead, {
      store,
      telegram,
      buttons,
      clock: clock,
      mark,
      hints: NODE_HINTS,
      log,
      now,
      random,
      pace,
      floodPerMinute,
    });
    if (result.kind === "retry" && result.pause) pausedUntil = result.at;
    return result;
  }

  function deliver(id: string, probe = false, fresh = false): Promise<AttemptResult | undefined> {
    const running = inFlight.get(id);
    if (running) return running;
    const attempt = send(id, probe, fresh)
      .catch(
        (error: unknown) =>
          void log(`relay: lead ${id}: delivery failed unexpectedly: ${(error as Error).message}`),
      )
      .finally(() => inFlight.delete(id));
    inFlight.set(id, attempt);
    return attempt;
  }

  /** Answers whether the pass found nothing to send. */
  async function pass(): Promise<boolean> {
    if (await blocked()) {
      // Telegram refused the bot: only the probe goes, when it is due (and not inside a 429's pause).
      const probe = telegram && now() >= pausedUntil ? await probeDue(store, mark, now()) : undefined;
      if (probe) await deliver(probe, true);
      return probe === undefined;
    }
    // As fast as Telegram allows: batch after batch, until the chat's slot is taken or nothing is due.
    let sent = 0;
    for (let due = await store.due(now()); due.length; due = await store.due(now())) {
      for (const id of due) {
        if (stopped || (await blocked())) return false;
        const result = await deliver(id);
        if (result?.kind === "paced") return false;
        sent++;
      }
      // Without pacing a pass sends a batch and leaves the rest to the next, as before.
      if (!pace || sent >= PASS_MOST) return false;
    }
    return sent === 0;
  }

  function tick() {
    if (stopped || passing) return;
    const waiters = waiting.splice(0);
    passing = pass()
      .catch(
        (error: unknown) =>
          void log(`relay: the delivery loop could not read the lead store: ${(error as Error).message}`),
      )
      .then((quiet) => {
        if (quiet && inFlight.size === 0) for (const resolve of waiters) resolve();
        else waiting.push(...waiters);
      })
      .finally(() => (passing = undefined));
  }

  tick();
  const timer = setInterval(tick, pollMs);
  // The loop alone must not keep the process running.
  timer.unref();

  return {
    deliverNow: (id) => deliver(id, false, true).then(() => undefined),
    async heard() {
      if (await chatHeard(store, now())) tick();
    },
    health: async () => health(store, telegram, mark, now()),
    drained: () => new Promise<void>((resolve) => (stopped ? resolve() : waiting.push(resolve))),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([passing, ...inFlight.values()]);
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}
