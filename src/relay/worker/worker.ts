/**
 * The relay on Cloudflare Workers (wrangler.toml): the relay composed once
 * (compose.ts), as on Node, over what Workers give it: the leads in D1,
 * delivery through a Queue (queue.ts, decision 0040), Cron Triggers, and
 * Cloudflare's rate limiter. Settings come from the Worker's variables and
 * secrets; the site's facts from the variables npm run relay:deploy sets
 * (site-vars.ts).
 *
 * - fetch: stores the lead in D1, puts its id on the Queue, answers. Stored is
 *   success; a lead whose id never reached the Queue waits for the sweep.
 * - queue: the delivery queue's consumer sends leads; the dead-letter queue's
 *   marks the leads it gets undeliverable.
 * - scheduled: every minute the sweep; once a day the erasing of old personal data.
 * - email (with EMAIL_* set, leads/emails.ts): after each Queue batch and each
 *   sweep, after Telegram's work and apart from it.
 *
 * Every time the relay keeps or shows (a lead's arrival, a press, a reminder's
 * due time) is read from one clock: Date.now(), or in a test the time its
 * TEST_CLOCK binding answers, read once as each event begins (testClock).
 *
 * A Worker module exports its handlers and nothing else (workerd refuses other exports).
 */
import type {
  D1Database,
  Fetcher,
  MessageBatch,
  Queue,
  ScheduledController,
  WorkerVersionMetadata,
} from "@cloudflare/workers-types";
import { composeRelay, type Relay as Composed } from "../compose.ts";
import { ConfigError, telegramOptions, workerConfig, type WorkerConfig } from "../config.ts";
import { privacyProblem, privacyUnknownLine } from "../email/privacy.ts";
import { emailSettings, emailStartupLine, type EmailSettings } from "../email/settings.ts";
import { json } from "../intake/answers.ts";
import { tellIn } from "../leads/email-channel.ts";
import { emailPass } from "../leads/emails.ts";
import type { RateLimiter } from "../intake/rate-limit.ts";
import { telegramInUse } from "../leads/policy.ts";
import { LeadStore } from "../leads/store.ts";
import { dailyUpkeep } from "../leads/upkeep.ts";
import { logLine } from "../log.ts";
import { siteInUse } from "../site.ts";
import { d1Sql } from "./d1.ts";
import {
  DEAD_LETTER_SUFFIX,
  queueDelivery,
  SWEEP_CRON,
  type LeadMessage,
  type QueueDelivery,
} from "./queue.ts";
import { siteFromVars } from "./site-vars.ts";
import { noticeButtons } from "../owner/stage-buttons.ts";
import type { TelegramOptions } from "../telegram/client.ts";
import { webhookUpdatesInOrder } from "../telegram/updates.ts";

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
  /**
   * Tests only (wrangler.toml never binds it): a service answering the time, in milliseconds since
   * the epoch, that the relay reads as its clock for the event; workerd's own cannot be moved.
   */
  TEST_CLOCK?: Fetcher;
  [setting: string]: unknown;
}

interface Relay {
  config: WorkerConfig;
  store: LeadStore;
  delivery: QueueDelivery;
  composed: Composed;
  /** One pass of the email policy (leads/emails.ts); undefined: email is off. */
  emailPass: (() => Promise<void>) | undefined;
  telegram: TelegramOptions | undefined;
  /** Whether this isolate has checked that the webhook asks for every kind of update the relay reads. */
  webhookChecked?: boolean;
  /** The relay's clock: Date.now(), or the time TEST_CLOCK gave for the event under way. */
  now: () => number;
  clock: { at: number | undefined };
}

const log = logLine;

// One relay per environment object (its settings, store and spam key).
const relays = new WeakMap<Env, Promise<Relay | ConfigError>>();

/** The environment's relay, its clock set for the event that begins (testClock). */
async function relayFor(env: Env): Promise<Relay | ConfigError> {
  let relay = relays.get(env);
  if (!relay) {
    relay = startRelay(env);
    relays.set(env, relay);
  }
  const started = await relay;
  if (!(started instanceof ConfigError)) started.clock.at = await testClock(env);
  return started;
}

/**
 * The time a test's TEST_CLOCK binding answers; undefined without the binding (in production:
 * the relay then reads Date.now(), as it always has). Read once per event, so a test moves the
 * Worker's clock between events as the Node relay's tests move theirs (NodeRelayOptions.now).
 */
async function testClock(env: Env): Promise<number | undefined> {
  if (!env.TEST_CLOCK) return undefined;
  const answer = await env.TEST_CLOCK.fetch("http://test-clock/");
  const at = Number(await answer.text());
  if (!Number.isSafeInteger(at)) throw new Error(`TEST_CLOCK answered ${answer.status}, not a time`);
  return at;
}

async function startRelay(env: Env): Promise<Relay | ConfigError> {
  let config: WorkerConfig;
  let email: EmailSettings | undefined;
  try {
    const vars = Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === "string")) as Record<
      string,
      string
    >;
    config = workerConfig(vars);
    email = emailSettings(vars);
    const problem = privacyProblem(email, siteFromVars(env));
    if (problem) throw new ConfigError([problem]);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return error;
  }
  const store = new LeadStore(d1Sql(env.DB));
  // Set as each event begins (relayFor).
  const clock: { at: number | undefined } = { at: undefined };
  const now = () => clock.at ?? Date.now();
  const telegram = await telegramInUse(store, telegramOptions(config), log, now);
  if (!telegram)
    log(
      "relay: Telegram is not configured (TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID): leads are stored in D1 and not sent",
    );

  async function enqueue(ids: string[]): Promise<void> {
    if (!ids.length) return;
    try {
      if (!env.LEADS_QUEUE) throw new Error("no LEADS_QUEUE binding");
      await env.LEADS_QUEUE.sendBatch(ids.map((id) => ({ body: { id } })));
    } catch (error) {
      log(
        `relay: could not put ${ids.length} lead(s) on the Queue (${(error as Error).message}); they stay pending and the sweep tries again within a minute`,
      );
    }
  }

  const delivery = await queueDelivery({
    store,
    telegram,
    buttons: noticeButtons,
    enqueue,
    version: env.CF_VERSION_METADATA?.id,
    log,
    now,
  });
  const composed = await composeRelay({
    store,
    config,
    telegram,
    scheduling: {
      deliverNow: telegram ? (id) => enqueue([id]) : undefined,
      health: delivery.health,
      heard: delivery.heard,
    },
    // The site's facts, which npm run relay:deploy sets from content/ (scripts/relay.ts).
    site: siteFromVars(env),
    // The owner's button presses come through Telegram's webhook (README: npm run telegram -- webhook).
    webhook: true,
    door: limiters(env.RATE_LIMITER),
    now,
    log,
    email,
  });
  log(`relay: ${emailStartupLine(email)}`);
  const unknown = privacyUnknownLine(email, siteFromVars(env));
  if (unknown) log(unknown);
  const phone = siteInUse(config, siteFromVars(env)).phone;
  const pass = email && {
    store,
    settings: email,
    phone,
    telegram: !!telegram,
    tell: telegram && tellIn(telegram),
    log,
    now,
  };
  return {
    config,
    store,
    delivery,
    composed,
    telegram,
    emailPass: pass && (() => runEmail(() => emailPass(pass))),
    now,
    clock,
  };
}

/**
 * Email goes after Telegram's work and apart from it: its failure is logged, never thrown into the Queue's or
 * the sweep's.
 */
async function runEmail(pass: () => Promise<unknown>): Promise<void> {
  try {
    await pass();
  } catch (error) {
    log(`relay: the email pass failed: ${(error as Error).message}`);
  }
}

/**
 * The limiters for posts and call taps, from Cloudflare's binding; without it, each instance counts in its
 * own memory.
 */
function limiters(binding: RateLimitBinding | undefined): {
  limiter?: RateLimiter;
  tapLimiter?: RateLimiter;
} {
  if (!binding) {
    log("relay: no RATE_LIMITER binding (wrangler.toml): the rate limit counts per Worker instance only");
    return {};
  }
  // Each instance of a Worker has its own memory: only the binding counts a client across all of them.
  const limiter: RateLimiter = {
    take: async (key) =>
      (await binding.limit({ key })).success ? { ok: true } : { ok: false, retryAfterSeconds: 60 },
  };
  // Call taps are limited by the same binding under keys of their own ("call:" and the address): one count
  // across every instance, with no second namespace to create and keep, and a visitor's taps never use up
  // their form posts. The price: taps share the forms' limit per minute (5), which is more than a person
  // taps.
  return { limiter, tapLimiter: { take: (key) => limiter.take(`call:${key}`) } };
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const relay = await relayFor(env);
    if (relay instanceof ConfigError) return json(503, { ok: false, error: "the relay is not configured" });
    // Cloudflare sets CF-Connecting-IP on every request it forwards (a client cannot); X-Forwarded-For is not
    // read here.
    return relay.composed.handler(request, {
      clientAddress: request.headers.get("CF-Connecting-IP") ?? undefined,
    });
  },

  async queue(batch: MessageBatch<LeadMessage>, env: Env): Promise<void> {
    const relay = await relayFor(env);
    // Settings that do not parse: the leads stay pending, and the sweep sends them once the settings are
    // fixed.
    if (relay instanceof ConfigError) return batch.ackAll();
    await (batch.queue.endsWith(DEAD_LETTER_SUFFIX)
      ? relay.delivery.deadLetters(batch)
      : relay.delivery.deliver(batch));
    // The batch's notices are out (or waiting): now the emails, so the visitor's confirmation need not wait
    // for the sweep.
    await relay.emailPass?.();
  },

  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    const relay = await relayFor(env);
    if (relay instanceof ConfigError) return;
    if (controller.cron !== SWEEP_CRON)
      return dailyUpkeep(relay.store, relay.config.LEADS_RETENTION_DAYS, relay.now(), log);
    await relay.delivery.sweep();
    if (!relay.webhookChecked && relay.telegram) {
      // Once an isolate: a webhook set for presses only (before replies were read) would lose the owner's
      // replies.
      relay.webhookChecked = true;
      const done = await webhookUpdatesInOrder(relay.telegram);
      if (done) log(done);
    }
    // Reminders and the morning digest ride on the every-minute sweep (its times are UTC; Brisbane is UTC+10
    // all year).
    await relay.composed.ownerTick?.(relay.now());
    await relay.emailPass?.();
  },
};
