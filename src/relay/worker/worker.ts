/**
 * The relay on Cloudflare Workers (wrangler.toml): the same fetch handler as
 * on Node, with the leads in D1 and delivery through a Queue (queue.ts,
 * decision 0040). Settings come from the Worker's variables and secrets.
 *
 * - fetch: stores the lead in D1, puts its id on the Queue, answers. Stored is
 *   success; a lead whose id never reached the Queue waits for the sweep.
 * - queue: the delivery queue's consumer sends leads; the dead-letter queue's
 *   marks the leads it gets undeliverable.
 * - scheduled: every minute the sweep; once a day the erasing of old personal data.
 *
 * A Worker module exports its handlers and nothing else (workerd refuses other exports).
 */
import type { D1Database, MessageBatch, Queue, ScheduledController, WorkerVersionMetadata } from "@cloudflare/workers-types";
import { ConfigError, telegramOptions, workerConfig, type WorkerConfig } from "../config.ts";
import { d1Sql } from "./d1.ts";
import { DEAD_LETTER_SUFFIX, queueDelivery, SWEEP_CRON, type LeadMessage, type QueueDelivery } from "./queue.ts";
import { LeadStore } from "../leads/store.ts";
import { dailyUpkeep } from "../leads/upkeep.ts";
import { telegramInUse } from "../leads/policy.ts";
import type { TelegramOptions } from "../telegram/client.ts";
import type { RateLimiter } from "../intake/rate-limit.ts";
import { tapSiteFromVars } from "../intake/call-taps.ts";
import { createRelay, json, type RelayHandler } from "../intake/relay.ts";
import { spamGuardFor } from "../intake/spam.ts";
import { handleUpdate, webhookSecret } from "../telegram/updates.ts";
import { DEFAULT_HOURS, ownerTick } from "../owner/owner.ts";
import { logLine } from "../log.ts";

/** Cloudflare's rate-limiting binding (wrangler.toml: RATE_LIMITER). */
interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

export interface Env {
  DB: D1Database;
  LEADS_QUEUE?: Queue<LeadMessage>;
  /** The per-client limit shared by every instance of the Worker. */
  RATE_LIMITER?: RateLimitBinding;
  /** Changes with every deployment, `wrangler secret put` included. */
  CF_VERSION_METADATA?: WorkerVersionMetadata;
  [setting: string]: unknown;
}


interface Relay {
  config: WorkerConfig;
  store: LeadStore;
  /** Telegram as the relay sends to it (the chat Telegram moved it to, if it did); undefined when not configured. */
  telegram: TelegramOptions | undefined;
  delivery: QueueDelivery;
  handler: RelayHandler;
}

const log = logLine;

// One relay per environment object (its settings, store and spam key).
const relays = new WeakMap<Env, Promise<Relay | ConfigError>>();

function relayFor(env: Env): Promise<Relay | ConfigError> {
  let relay = relays.get(env);
  if (!relay) {
    relay = startRelay(env);
    relays.set(env, relay);
  }
  return relay;
}

async function startRelay(env: Env): Promise<Relay | ConfigError> {
  let config: WorkerConfig;
  try {
    config = workerConfig(Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === "string")) as Record<string, string>);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return error;
  }
  const store = new LeadStore(d1Sql(env.DB));
  const telegram = await telegramInUse(store, telegramOptions(config), log);
  if (!telegram) log("relay: Telegram is not configured (TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID): leads are stored in D1 and not sent");

  async function enqueue(ids: string[]): Promise<void> {
    if (!ids.length) return;
    try {
      if (!env.LEADS_QUEUE) throw new Error("no LEADS_QUEUE binding");
      await env.LEADS_QUEUE.sendBatch(ids.map((id) => ({ body: { id } })));
    } catch (error) {
      log(`relay: could not put ${ids.length} lead(s) on the Queue (${(error as Error).message}); they stay pending and the sweep tries again within a minute`);
    }
  }

  const delivery = await queueDelivery({ store, telegram, enqueue, version: env.CF_VERSION_METADATA?.id, log });
  const binding = env.RATE_LIMITER;
  // Each instance of a Worker has its own memory: only the binding counts a client across all of them.
  const limiter: RateLimiter | undefined = binding && { take: async (key) => ((await binding.limit({ key })).success ? { ok: true } : { ok: false, retryAfterSeconds: 60 }) };
  if (!binding) log("relay: no RATE_LIMITER binding (wrangler.toml): the rate limit counts per Worker instance only");
  // Call taps are limited by the same binding under keys of their own ("call:" and the address): one count across every
  // instance, with no second namespace to create and keep, and a visitor's taps never use up their form posts. The
  // price: taps share the forms' limit per minute (5), which is more than a person taps.
  const tapLimiter: RateLimiter | undefined = limiter && { take: (key) => limiter.take(`call:${key}`) };
  const spam = await spamGuardFor(config, store);
  const handler = createRelay({
    // The owner's button presses come through Telegram's webhook (README: npm run telegram -- webhook).
    updates: telegram && { secret: await webhookSecret(telegram.token), handle: (update) => handleUpdate(update, { store, telegram, log }) },
    store,
    spam,
    limiter,
    tapLimiter,
    // The site's pages and numbers, which npm run relay:deploy sets from content/ (scripts/relay.ts).
    callTaps: tapSiteFromVars(env),
    deliverNow: telegram ? (id) => enqueue([id]) : undefined,
    health: delivery.health,
    allowedOrigins: config.ALLOWED_ORIGINS,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    phone: config.SITE_PHONE ?? "",
    log,
  });
  return { config, store, telegram, delivery, handler };
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const relay = await relayFor(env);
    if (relay instanceof ConfigError) return json(503, { ok: false, error: "the relay is not configured" });
    // Cloudflare sets CF-Connecting-IP on every request it forwards (a client cannot); X-Forwarded-For is not read here.
    return relay.handler(request, { clientAddress: request.headers.get("CF-Connecting-IP") ?? undefined });
  },

  async queue(batch: MessageBatch<LeadMessage>, env: Env): Promise<void> {
    const relay = await relayFor(env);
    // Settings that do not parse: the leads stay pending, and the sweep sends them once the settings are fixed.
    if (relay instanceof ConfigError) return batch.ackAll();
    await (batch.queue.endsWith(DEAD_LETTER_SUFFIX) ? relay.delivery.deadLetters(batch) : relay.delivery.deliver(batch));
  },

  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    const relay = await relayFor(env);
    if (relay instanceof ConfigError) return;
    if (controller.cron !== SWEEP_CRON) return dailyUpkeep(relay.store, relay.config.LEADS_RETENTION_DAYS, Date.now(), log);
    await relay.delivery.sweep();
    // Reminders and the morning digest ride on the every-minute sweep (its times are UTC; Brisbane is UTC+10 all year).
    const { telegram } = relay;
    if (telegram) await ownerTick({ store: relay.store, telegram, hours: relay.config.BUSINESS_HOURS ?? DEFAULT_HOURS, reminderMinutes: relay.config.LEAD_REMINDER_MINUTES, log }, Date.now());
  },
};
