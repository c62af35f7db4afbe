/**
 * The relay on Cloudflare Workers (wrangler.toml), composed once (compose.ts) over what Workers give
 * it (bindings.ts): D1, a Queue for delivery (queue.ts, decision 0040), Cron Triggers and the rate
 * limiter; the site's facts from the variables npm run relay:deploy sets (site-vars.ts). A Worker
 * module exports its handlers and nothing else (workerd refuses other exports).
 */
import type { MessageBatch, ScheduledController } from "@cloudflare/workers-types";
import { composeRelay, relaySettings, type Relay } from "../compose.ts";
import { ConfigError, WorkerEnv } from "../config.ts";
import { emailStartupLine } from "../email/settings.ts";
import { json } from "../intake/answers.ts";
import { LeadStore } from "../leads/store.ts";
import { logLine as log } from "../log.ts";
import { limiters, perEnvironment, settingVars, type Env } from "./bindings.ts";
import { d1Sql } from "./d1.ts";
import { queueDelivery, SWEEP_CRON, type LeadMessage, type QueueDelivery } from "./queue.ts";
import { siteFromVars } from "./site-vars.ts";

type Started = Relay<QueueDelivery>;
const relayFor = perEnvironment(startRelay);

async function startRelay(env: Env, now: () => number): Promise<Started | ConfigError> {
  try {
    const settings = relaySettings(WorkerEnv, settingVars(env));
    const relay = await composeRelay(settings, siteFromVars(env), {
      store: new LeadStore(d1Sql(env.DB)),
      delivery: (parts) =>
        queueDelivery({ ...parts, queue: env.LEADS_QUEUE, version: env.CF_VERSION_METADATA?.id }),
      // The owner's button presses come through Telegram's webhook (README: npm run telegram -- webhook).
      webhook: true,
      door: limiters(env.RATE_LIMITER, log),
      now,
      log,
    });
    if (!relay.telegram)
      log(
        "relay: Telegram is not configured (TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID): leads are stored in D1 and not sent",
      );
    log(`relay: ${emailStartupLine(settings.email)}`);
    return relay;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return error;
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const relay = await relayFor(env);
    if (relay instanceof ConfigError) return json(503, { ok: false, error: "the relay is not configured" });
    // Cloudflare sets CF-Connecting-IP on every request it forwards (a client cannot); X-Forwarded-For is not.
    return relay.handler(request, { clientAddress: request.headers.get("CF-Connecting-IP") ?? undefined });
  },

  async queue(batch: MessageBatch<LeadMessage>, env: Env): Promise<void> {
    const relay = await relayFor(env);
    // Settings that do not parse: the leads stay pending, and the sweep sends them once they are fixed.
    if (relay instanceof ConfigError) return batch.ackAll();
    await relay.delivery.consume(batch);
    // The batch's notices are out (or waiting): now the emails, so a confirmation need not wait for the sweep.
    await relay.emailPass?.();
  },

  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    const relay = await relayFor(env);
    if (relay instanceof ConfigError) return;
    if (controller.cron !== SWEEP_CRON) return relay.upkeep();
    await relay.delivery.sweep();
    // Once an isolate: a webhook set for presses only (before replies were read) would lose the replies.
    await relay.checkWebhook();
    // The owner's minute rides on the every-minute sweep (its times are UTC; the clock keeps the business's).
    await relay.tick?.();
    await relay.emailPass?.();
  },
};
