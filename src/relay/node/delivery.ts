/**
 * Delivery on Node: the scheduling around the delivery policy (leads/policy.ts), in
 * the relay's own process. A loop sends every lead that is due, at start-up
 * and then each `pollMs`; a new lead is tried at once (`deliverNow`), and the
 * visitor's answer waits for it only a short budget: the lead is already
 * stored, so stored is success. A 429 pauses every send for Telegram's
 * retry_after; while Telegram refuses the settings in force, nothing is sent
 * until the relay restarts (a restart is a new settings mark).
 */
import type { TelegramOptions } from "../telegram/client.ts";
import { attemptDelivery, health, retryRefusedSettings, settingsMark, type Health, type HostHints } from "../leads/policy.ts";
import type { LeadStore } from "../leads/store.ts";
import { logLine } from "../log.ts";

export const NODE_HINTS: HostHints = {
  settings: "check TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID, then restart the relay.",
  show: (id) => `npm run leads -- show ${id}`,
};

export interface DeliveryOptions {
  store: LeadStore;
  /** Undefined when Telegram is not configured: leads are kept, not sent. */
  telegram?: TelegramOptions;
  log?: (message: string) => void;
  now?: () => number;
  random?: () => number;
  /** How often the loop looks for due leads (also picks up `npm run leads -- resend`). */
  pollMs?: number;
}

export interface Delivery {
  /** Sends this lead now (unless it is already being sent); resolves when the attempt ends. */
  deliverNow(id: string): Promise<void>;
  health(): Promise<Health>;
  stop(): Promise<void>;
}

export async function startDelivery({ store, telegram, log = logLine, now = Date.now, random = Math.random, pollMs = 1_000 }: DeliveryOptions): Promise<Delivery> {
  // Each start of the relay is new settings: leads refused by the last run's go out again.
  const mark = await settingsMark(telegram, `node ${crypto.randomUUID()}`);
  await retryRefusedSettings(store, mark, now(), log);
  const inFlight = new Map<string, Promise<void>>();
  let pausedUntil = 0;
  let passing: Promise<void> | undefined;
  let stopped = false;

  const blocked = async () => !telegram || now() < pausedUntil || (await store.settingsRefusals(mark)) > 0;

  async function send(id: string): Promise<void> {
    if (!telegram || (await blocked())) return;
    // Read afresh inside the in-flight guard: a copy read before another attempt finished would resend its parts.
    const lead = await store.get(id);
    if (lead?.status !== "pending") return;
    const result = await attemptDelivery(lead, { store, telegram, mark, hints: NODE_HINTS, log, now, random });
    if (result.kind === "retry" && result.pause) pausedUntil = result.at;
  }

  function deliver(id: string): Promise<void> {
    const running = inFlight.get(id);
    if (running) return running;
    const attempt = send(id)
      .catch((error: unknown) => log(`relay: lead ${id}: delivery failed unexpectedly: ${(error as Error).message}`))
      .finally(() => inFlight.delete(id));
    inFlight.set(id, attempt);
    return attempt;
  }

  async function pass(): Promise<void> {
    if (await blocked()) return;
    for (const id of await store.due(now())) {
      if (stopped || (await blocked())) break;
      await deliver(id);
    }
  }

  function tick() {
    if (stopped || passing) return;
    passing = pass()
      .catch((error: unknown) => log(`relay: the delivery loop could not read the lead store: ${(error as Error).message}`))
      .finally(() => (passing = undefined));
  }

  tick();
  const timer = setInterval(tick, pollMs);
  // The loop alone must not keep the process running.
  timer.unref();

  return {
    deliverNow: deliver,
    health: async () => health(store, telegram, mark, now()),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([passing, ...inFlight.values()]);
    },
  };
}
