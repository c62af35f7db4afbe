/**
 * Delivery on Cloudflare Workers: the scheduling around the delivery policy
 * (leads/policy.ts, the same one the Node relay follows). A Queue carries each
 * stored lead's id to a consumer that sends it (decision 0040).
 *
 * - The consumer claims the lead in D1 and makes one attempt. What can be
 *   waited out is retried by the Queue, after the time the policy gives (a 429
 *   makes the rest of the batch wait as long). A message out of retries lands
 *   on the dead-letter queue, whose consumer gives the lead up as undeliverable.
 * - The sweep (a Cron Trigger, every minute) puts back on the Queue each
 *   pending lead whose attempt is due: a send that never reached the Queue, a
 *   consumer that died mid-send (its hold runs out LEASE_MS after its last
 *   part began, so the lead goes out again within two minutes, marked as a
 *   possible repeat), a lead refused by settings no longer in force, and the
 *   probe of a bot Telegram refuses (refused-bot.ts), also sent at once when an
 *   update comes from the owner's chat; once Telegram takes it, the rest.
 * - Each notice waits for the chat's slot in D1 (leads/flood.ts), which every isolate shares: a
 *   lead whose turn has not come goes back on the Queue until its slot frees, and so does the rest
 *   of its batch. In a flood the consumer sends one summary for every lead waiting.
 * - Several consumers may hold a message for the same lead (the sweep's and a
 *   retry); each first claims the lead in D1, and only the one that took it sends.
 */
import type { Message, MessageBatch, Queue } from "@cloudflare/workers-types";
import type { TelegramOptions } from "../telegram/client.ts";
import {
  attemptDelivery,
  giveUp,
  health,
  retryRefusedSettings,
  settingsMark,
  type HostHints,
} from "../leads/policy.ts";
import type { DeliveryParts, Scheduling } from "../host.ts";
import { chatHeard, probeDue } from "../leads/refused-bot.ts";

export interface LeadMessage {
  id: string;
}

/** Batches from a queue whose name ends so are dead letters (wrangler.toml names the queues). */
export const DEAD_LETTER_SUFFIX = "-dlq";
/** The cron trigger of the sweep (wrangler.toml); the other one is the daily erasing. */
export const SWEEP_CRON = "* * * * *";
/**
 * How long a consumer holds a lead, renewed as each part's attempt begins: longer than one
 * attempt (30 s), short enough that with the every-minute sweep a lead held by a consumer that
 * died goes out again within two minutes.
 */
export const LEASE_MS = 60_000;
/** A retried message may arrive a moment before the time D1 holds for it. */
const CLOCK_SLACK_MS = 2_000;
/** The Queue's longest delay is 12 hours. */
const MAX_DELAY_SECONDS = 43_200;

export const WORKER_HINTS: HostHints = {
  settings:
    "check TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID (wrangler secret put), or deploy again once the bot may write to the chat.",
  show: (id) => `npm run leads -- --d1 --remote show ${id}`,
};

export interface QueueDeliveryOptions extends DeliveryParts {
  /** The delivery queue (wrangler.toml: LEADS_QUEUE); without it every lead waits for the sweep. */
  queue: Queue<LeadMessage> | undefined;
  /** The deployment's id (CF_VERSION_METADATA): a new one sends leads refused for the settings again. */
  version?: string;
}

export interface QueueDelivery extends Scheduling {
  /**
   * The Queue consumer's work on one batch: of the delivery queue, each lead sent; of the dead-letter
   * queue, each lead still pending kept as undeliverable.
   */
  consume(batch: MessageBatch<LeadMessage>): Promise<void>;
  /** Puts every due pending lead on the Queue. */
  sweep(): Promise<void>;
  heard(): Promise<void>;
}

type Verdict = { ack: true } | { ack: false; delaySeconds: number; pauseBatch: boolean };
const ACK: Verdict = { ack: true };

export async function queueDelivery({
  store,
  telegram,
  buttons,
  clock: businessClock,
  queue,
  version = "",
  log,
  now: clock,
  pace,
  floodPerMinute,
}: QueueDeliveryOptions): Promise<QueueDelivery> {
  const mark = await settingsMark(telegram, `workers ${version}`);

  /** Puts these leads' ids on the Queue; never throws: a lead it misses waits for the sweep. */
  async function enqueue(ids: string[]): Promise<void> {
    if (!ids.length) return;
    try {
      if (!queue) throw new Error("no LEADS_QUEUE binding");
      await queue.sendBatch(ids.map((id) => ({ body: { id } })));
    } catch (error) {
      log(
        `relay: could not put ${ids.length} lead(s) on the Queue (${(error as Error).message}); they stay pending and the sweep tries again within a minute`,
      );
    }
  }

  /** One attempt at one lead: what to tell the Queue about its message. */
  async function attempt(id: string, telegram: TelegramOptions): Promise<Verdict> {
    const now = clock();
    // Delivered, refused, not due yet, or in another consumer's hands (that one answers for it): nothing to
    // do.
    if (!(await store.claim(id, now + CLOCK_SLACK_MS, now + LEASE_MS))) return ACK;
    const lead = await store.get(id);
    if (!lead) return ACK;
    const result = await attemptDelivery(lead, {
      store,
      telegram,
      buttons,
      clock: businessClock,
      mark,
      hints: WORKER_HINTS,
      log,
      leaseMs: LEASE_MS,
      now: clock,
      pace,
      floodPerMinute,
    });
    // The bot works again: the leads held while it was refused go out now, not at the next sweep.
    if (result.kind === "delivered" && result.released) await enqueue(await store.due(clock(), 100));
    if (result.kind !== "retry" && result.kind !== "paced") return ACK;
    const delaySeconds = Math.min(MAX_DELAY_SECONDS, Math.max(1, Math.ceil((result.at - clock()) / 1000)));
    // Not this lead's turn (the chat's slot is another's): the rest of the batch would wait as long.
    return { ack: false, delaySeconds, pauseBatch: result.kind === "paced" || result.pause };
  }

  function leadIdOf(message: Message<LeadMessage>): string | undefined {
    const id = (message.body as Partial<LeadMessage> | null)?.id;
    if (typeof id === "string") return id;
    log("relay: a Queue message without a lead id was dropped");
    message.ack();
    return undefined;
  }

  async function deliver(batch: MessageBatch<LeadMessage>) {
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
        log(
          `relay: lead ${id}: delivery failed unexpectedly (${(error as Error).message}); trying again in ${LEASE_MS / 1000} s`,
        );
        message.retry({ delaySeconds: LEASE_MS / 1000 });
      }
    }
  }

  async function deadLetters(batch: MessageBatch<LeadMessage>) {
    for (const message of batch.messages) {
      const id = leadIdOf(message);
      if (!id) continue;
      const lead = await store.get(id);
      if (lead?.status === "pending") await giveUp(store, lead, WORKER_HINTS, log);
      message.ack();
    }
  }

  return {
    deliverNow: telegram ? (id) => enqueue([id]) : undefined,
    consume: (batch) => (batch.queue.endsWith(DEAD_LETTER_SUFFIX) ? deadLetters(batch) : deliver(batch)),

    async sweep() {
      if (!telegram) return;
      const now = clock();
      await retryRefusedSettings(store, mark, now, log);
      // The probe, when due, is back in line with the due leads.
      await probeDue(store, mark, now);
      await enqueue(await store.due(now, 100));
    },

    async heard() {
      if (!telegram || !(await chatHeard(store, clock()))) return;
      const probe = await probeDue(store, mark, clock());
      if (probe) await enqueue([probe]);
    },

    health: () => health(store, telegram, mark, clock()),
  };
}
