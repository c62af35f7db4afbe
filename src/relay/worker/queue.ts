/**
 * Delivery on Cloudflare Workers, the counterpart of delivery.ts: a Queue
 * carries each stored lead's id to a consumer that sends it (decision 0040).
 *
 * - The consumer sends a lead's parts (send.ts). What can be waited out is
 *   retried by the Queue, after `retry_after` on a 429, else after the Node
 *   relay's backoff; a refusal marks the lead undeliverable. A message out of
 *   retries lands on the dead-letter queue, whose consumer marks its lead
 *   undeliverable.
 * - The sweep (a Cron Trigger) puts back on the Queue each pending lead whose
 *   attempt is due: a send that never reached the Queue, a consumer that died
 *   mid-send, a lead refused by settings that are no longer in force.
 * - Several consumers may hold a message for the same lead (the sweep's and a
 *   retry); each first claims the lead in D1, and only the one that took it sends.
 */
import type { Message, MessageBatch } from "@cloudflare/workers-types";
import type { TelegramOptions } from "../telegram.ts";
import { backoffMs, healthFrom, type Health, type TelegramState } from "../leads/delivery.ts";
import { sendParts } from "../leads/send.ts";
import type { LeadStore } from "../leads/store.ts";
import { sha256Hex } from "../../shared/hex.ts";

export interface LeadMessage {
  id: string;
}

/** Batches from a queue whose name ends so are dead letters (wrangler.toml names the queues). */
export const DEAD_LETTER_SUFFIX = "-dlq";
/** The cron trigger of the sweep (wrangler.toml); the other one is the daily erasing. */
export const SWEEP_CRON = "* * * * *";
/** How long a consumer holds a lead it claimed: enough for every part's attempt (30 s each) twice. */
export const LEASE_MS = 5 * 60_000;
/** A retried message may arrive a moment before the time D1 holds for it. */
const CLOCK_SLACK_MS = 2_000;
/** The Queue's longest delay is 12 hours. */
const MAX_DELAY_SECONDS = 43_200;

export interface QueueDeliveryOptions {
  store: LeadStore;
  /** Undefined when Telegram is not configured: leads are kept, not sent. */
  telegram?: TelegramOptions;
  /** Puts these leads' ids on the Queue; must not throw (a lead it misses waits for the sweep). */
  enqueue(ids: string[]): Promise<void>;
  /** The deployment's id (CF_VERSION_METADATA): a new one sends leads refused for the settings again. */
  version?: string;
  log?: (message: string) => void;
}

export interface QueueDelivery {
  /** The Queue consumer's work on one batch of the delivery queue. */
  deliver(batch: MessageBatch<LeadMessage>): Promise<void>;
  /** The dead-letter queue's consumer: each lead still pending is kept as undeliverable. */
  deadLetters(batch: MessageBatch<LeadMessage>): Promise<void>;
  /** Puts every due pending lead on the Queue. */
  sweep(): Promise<void>;
  health(): Promise<Health>;
}

type Verdict = { ack: true } | { ack: false; delaySeconds: number; pauseBatch: boolean };
const ACK: Verdict = { ack: true };

export async function queueDelivery({ store, telegram, enqueue, version = "", log = console.log }: QueueDeliveryOptions): Promise<QueueDelivery> {
  const mark = await settingsMark(telegram, version);

  /** One attempt at one lead: what to tell the Queue about its message. */
  async function attempt(id: string, telegram: TelegramOptions): Promise<Verdict> {
    const now = Date.now();
    // Delivered, refused, not due yet, or in another consumer's hands (that one answers for it): nothing to do.
    if (!(await store.claim(id, now + CLOCK_SLACK_MS, now + LEASE_MS))) return ACK;
    const lead = await store.get(id);
    if (!lead) return ACK;
    const result = await sendParts(store, lead, telegram);
    const parts = lead.parts?.length ?? 0;
    if (result.done) {
      log(`relay: lead ${lead.id} (${lead.form}) delivered${parts > 1 ? ` in ${parts} parts` : ""}${lead.attempts ? ` after ${lead.attempts + 1} attempts` : ""}`);
      return ACK;
    }
    const { outcome, part } = result;
    const where = parts > 1 ? ` (part ${part + 1}/${parts})` : "";
    if (outcome.kind === "settings") {
      await store.undeliverable(lead.id, "settings", `${outcome.reason} ${mark}`);
      log(
        `relay: Telegram refuses the settings (${outcome.reason}): check TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID (wrangler secret put), or deploy again once the bot may write to the chat. Lead ${lead.id} is kept and sent after that.`,
      );
      return ACK;
    }
    if (outcome.kind === "message") {
      await store.undeliverable(lead.id, "message", outcome.reason);
      log(`relay: lead ${lead.id}${where} refused by Telegram (${outcome.reason}): kept in D1 as undeliverable`);
      return ACK;
    }
    const delaySeconds = Math.min(MAX_DELAY_SECONDS, Math.ceil((outcome.retryAfterMs ?? backoffMs(lead.attempts + 1)) / 1000));
    await store.retryLater(lead.id, { at: Date.now() + delaySeconds * 1000, error: outcome.reason, uncertainPart: outcome.uncertain ? part : null });
    log(`relay: lead ${lead.id}${where} not delivered yet (${outcome.reason}); next try in ${delaySeconds} s`);
    return { ack: false, delaySeconds, pauseBatch: outcome.retryAfterMs !== undefined };
  }

  function leadIdOf(message: Message<LeadMessage>): string | undefined {
    const id = (message.body as Partial<LeadMessage> | null)?.id;
    if (typeof id === "string") return id;
    log("relay: a Queue message without a lead id was dropped");
    message.ack();
    return undefined;
  }

  return {
    async deliver(batch) {
      // Not configured: the leads stay pending; the sweep sends them once the settings are there.
      if (!telegram) return batch.ackAll();
      // Telegram asked us to wait (429): the rest of the batch waits as long, without asking again.
      let pause = 0;
      for (const message of batch.messages) {
        if (pause) {
          message.retry({ delaySeconds: pause });
          continue;
        }
        const id = leadIdOf(message);
        if (!id) continue;
        try {
          const verdict = await attempt(id, telegram);
          if (verdict.ack) message.ack();
          else {
            message.retry({ delaySeconds: verdict.delaySeconds });
            if (verdict.pauseBatch) pause = verdict.delaySeconds;
          }
        } catch (error) {
          // D1 failed mid-way: the lead may still be claimed; try again once the claim has run out.
          log(`relay: lead ${id}: delivery failed unexpectedly (${(error as Error).message}); trying again in ${LEASE_MS / 1000} s`);
          message.retry({ delaySeconds: LEASE_MS / 1000 });
        }
      }
    },

    async deadLetters(batch) {
      for (const message of batch.messages) {
        const id = leadIdOf(message);
        if (!id) continue;
        const lead = await store.get(id);
        if (lead?.status === "pending") {
          await store.undeliverable(id, "message", `not delivered after ${lead.attempts} attempts: ${lead.lastError ?? "no reason recorded"}`);
          log(`relay: lead ${id} not delivered after ${lead.attempts} attempts (${lead.lastError}): kept in D1 as undeliverable`);
        }
        message.ack();
      }
    },

    async sweep() {
      if (!telegram) return;
      const now = Date.now();
      const requeued = await store.requeueSettingsFailures(now, mark);
      if (requeued) log(`relay: ${requeued} lead(s) Telegram refused with the previous settings go out again`);
      await enqueue(await store.due(now, 100));
    },

    async health() {
      const state: TelegramState = !telegram ? "not configured" : (await store.settingsRefusals(mark)) ? "undeliverable" : "ok";
      return healthFrom(await store.stats(), state, Date.now());
    },
  };
}

/**
 * A lead Telegram refused for the settings waits for new settings or a new
 * deployment, as on Node it waits for a restart. Its last error ends with this
 * mark, a short hash of the settings and the deployment (never the token
 * itself), so the sweep can tell that what refused it is gone.
 */
async function settingsMark(telegram: TelegramOptions | undefined, version: string): Promise<string> {
  const canonical = JSON.stringify([telegram?.apiBase, telegram?.token, telegram?.chatId, version]);
  return `[settings ${await sha256Hex(canonical, 4)}]`;
}
