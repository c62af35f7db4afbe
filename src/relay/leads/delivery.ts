/**
 * Delivery on Node: a loop in the relay's own process that sends every lead
 * not yet delivered. It runs at start-up, then whenever a lead is due: a
 * failed lead waits a few seconds, doubling up to 15 minutes, with jitter; a
 * 429 pauses all sending for Telegram's retry_after; a refused token or chat
 * pauses all sending until the relay restarts with new settings. A new lead
 * is tried at once (`deliverNow`), and the visitor's answer waits for it only
 * a short budget: the lead is already stored, so stored is success.
 */
import type { TelegramOptions } from "../telegram.ts";
import { sendParts } from "./send.ts";
import type { LeadStore, StoreStats } from "./store.ts";

export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 15 * 60_000;
/** A lead waiting longer than this turns the health check red. */
export const STALE_AFTER_MS = 15 * 60_000;

export type TelegramState = "ok" | "not configured" | "undeliverable";

export interface Health {
  ok: boolean;
  telegram: TelegramState;
  pending: number;
  oldestPendingSeconds: number;
}

/**
 * The health check's answer, on Node and on Workers alike: red while Telegram refuses the
 * settings or a lead has waited longer than STALE_AFTER_MS. Storing only (no Telegram) is a
 * choice, not a fault: the owner reads leads with npm run leads.
 */
export function healthFrom(stats: StoreStats, telegram: TelegramState, now: number): Health {
  const oldestPendingSeconds = stats.oldestPendingAt === null ? 0 : Math.max(0, Math.round((now - stats.oldestPendingAt) / 1000));
  const ok = telegram === "not configured" || (telegram === "ok" && oldestPendingSeconds * 1000 <= STALE_AFTER_MS);
  return { ok, telegram, pending: stats.pending, oldestPendingSeconds };
}

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

/** The wait before the next try after `attempts` failed tries: doubling from FIRST_RETRY_MS, capped, ±25% jitter. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
  return Math.round(base * (0.75 + random() * 0.5));
}

export function startDelivery({ store, telegram, log = console.log, now = Date.now, random = Math.random, pollMs = 1_000 }: DeliveryOptions): Delivery {
  const inFlight = new Map<string, Promise<void>>();
  let pausedUntil = 0;
  let refusedSettings: string | undefined;
  let passing: Promise<void> | undefined;
  let stopped = false;

  async function send(id: string): Promise<void> {
    if (!telegram || refusedSettings || now() < pausedUntil) return;
    // Read afresh inside the in-flight guard: a copy read before another attempt finished would resend its parts.
    const lead = await store.get(id);
    if (lead?.status !== "pending") return;
    const result = await sendParts(store, lead, telegram, now);
    const parts = lead.parts?.length ?? 0;
    if (result.done) {
      log(`relay: lead ${lead.id} (${lead.form}) delivered${parts > 1 ? ` in ${parts} parts` : ""}${lead.attempts ? ` after ${lead.attempts + 1} attempts` : ""}`);
      return;
    }
    const { outcome, part } = result;
    const where = parts > 1 ? ` (part ${part + 1}/${parts})` : "";
    if (outcome.kind === "settings") {
      refusedSettings = outcome.reason;
      await store.undeliverable(lead.id, "settings", outcome.reason);
      log(`relay: Telegram refuses the settings (${outcome.reason}): check TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID, then restart. Leads are kept and sent after the restart.`);
      return;
    }
    if (outcome.kind === "message") {
      await store.undeliverable(lead.id, "message", outcome.reason);
      log(`relay: lead ${lead.id}${where} refused by Telegram (${outcome.reason}): kept as undeliverable; npm run leads -- show ${lead.id}`);
      return;
    }
    const wait = outcome.retryAfterMs ?? backoffMs(lead.attempts + 1, random);
    if (outcome.retryAfterMs) pausedUntil = now() + outcome.retryAfterMs;
    await store.retryLater(lead.id, { at: now() + wait, error: outcome.reason, uncertainPart: outcome.uncertain ? part : null });
    log(`relay: lead ${lead.id}${where} not delivered yet (${outcome.reason}); next try in ${Math.round(wait / 1000)} s`);
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
    if (!telegram || refusedSettings || now() < pausedUntil) return;
    for (const id of await store.due(now())) {
      if (stopped || refusedSettings || now() < pausedUntil) break;
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
  // On Node, the loop alone must not keep the process running; other runtimes have no unref.
  (timer as { unref?: () => void }).unref?.();

  return {
    deliverNow: deliver,
    async health() {
      return healthFrom(await store.stats(), !telegram ? "not configured" : refusedSettings ? "undeliverable" : "ok", now());
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([passing, ...inFlight.values()]);
    },
  };
}
