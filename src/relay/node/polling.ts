/**
 * The owner's button presses on a Node relay without a public address (a
 * laptop, a server behind NAT): long polling with getUpdates, one request
 * waiting up to 25 s at a time.
 *
 * Polling as Telegram's server does it (https://core.telegram.org/bots/api#getupdates;
 * grammY's fetchUpdates does the same):
 * - The offset confirms updates: it is one past the newest update_id Telegram
 *   actually returned, never the highest id ever seen. Update ids may start
 *   again from a lower number (after a week without updates, or with a new
 *   bot), and an offset "in the future" makes the server answer from the start
 *   of its queue and confirm nothing: asking with the highest id ever seen
 *   would read the same updates again and again, at once.
 * - A start asks without an offset: Telegram answers the updates not yet
 *   confirmed. One handled before a crash but not confirmed comes again and
 *   changes nothing (owner/presses.ts remembers handled ids for 24 hours).
 * - An answer with only updates already handled, or with lower ids than the
 *   last, is a restarted sequence or a replay: it is confirmed with the next
 *   request, after a pause, not a reason to ask again at once.
 * - 409 by its cause: a webhook is set (say so, ask again a minute later), or
 *   another copy of the relay polls with the same token ("terminated by other
 *   getUpdates request"): say so and keep trying at a gentle pace, so that the
 *   copy left running gets the presses.
 */
import { callBot, type TelegramOptions } from "../telegram/client.ts";
import { ALLOWED_UPDATES } from "../telegram/updates.ts";

export const POLL_TIMEOUT_SECONDS = 25;
/** A 409 for a webhook: asked again this much later. */
export const WEBHOOK_SET_RETRY_MS = 60_000;
/**
 * A 409 for another copy polling: asked again this much later (the other copy's requests go through
 * meanwhile).
 */
export const OTHER_POLLER_RETRY_MS = 10_000;

export interface Polling {
  stop(): Promise<void>;
}

export interface PollingOptions {
  telegram: TelegramOptions;
  /** Handles one update; answers whether it was new (false: handled before). */
  handle: (update: unknown) => Promise<boolean | void>;
  log: (message: string) => void;
  /** The pause after an error, or after an answer with nothing new. */
  retryMs?: number;
}

/** Why getUpdates was refused, in the owner's words, and how long to wait before asking again. */
function refusal(
  answer: { status: number; description: string; retryAfterMs?: number },
  retryMs: number,
): { why: string; waitMs: number } {
  if (answer.status === 409 && /webhook/i.test(answer.description)) {
    return {
      why: "a webhook is set (npm run telegram -- webhook --delete, or set TELEGRAM_UPDATES=webhook)",
      waitMs: WEBHOOK_SET_RETRY_MS,
    };
  }
  if (answer.status === 409) {
    return {
      why: "another copy of the relay is polling with this token (stop the other copy, or give this one TELEGRAM_UPDATES=off)",
      waitMs: OTHER_POLLER_RETRY_MS,
    };
  }
  return {
    why: `${answer.status ? `${answer.status} ` : ""}${answer.description}`,
    waitMs: answer.retryAfterMs ?? retryMs,
  };
}

export function startPolling({ telegram, handle, log, retryMs = 5_000 }: PollingOptions): Polling {
  let stopped = false;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => (clearTimeout(timer), resolve());
    });
  const controller = new AbortController();

  const loop = (async () => {
    let warned = "";
    /** One past the newest update_id Telegram returned; undefined until it returned one. */
    let offset: number | undefined;
    let newest: number | undefined;
    while (!stopped) {
      const params = {
        ...(offset === undefined ? {} : { offset }),
        timeout: POLL_TIMEOUT_SECONDS,
        allowed_updates: ALLOWED_UPDATES,
      };
      const answer = await callBot(
        telegram,
        "getUpdates",
        params,
        (POLL_TIMEOUT_SECONDS + 10) * 1000,
        controller.signal,
      );
      if (stopped) break;
      if (!answer.ok) {
        const { why, waitMs } = refusal(answer, retryMs);
        if (why !== warned) log(`relay: could not read the owner's button presses: ${why}; trying again`);
        warned = why;
        await pause(waitMs);
        continue;
      }
      if (warned) log("relay: reading the owner's button presses again");
      warned = "";
      const updates = (Array.isArray(answer.result) ? answer.result : []).filter(
        (u): u is { update_id: number } =>
          Number.isSafeInteger((u as { update_id?: unknown } | null)?.update_id),
      );
      let fresh = 0;
      let failed = false;
      for (const update of updates) {
        try {
          if ((await handle(update)) !== false) fresh++;
        } catch (error) {
          log(`relay: a button press could not be handled, reading it again: ${(error as Error).message}`);
          failed = true;
          break;
        }
        // Confirmed with the next request: only what was handled.
        offset = update.update_id + 1;
      }
      if (updates.length && newest !== undefined && updates[0].update_id < newest) {
        log(
          `relay: Telegram numbers its updates afresh (from ${updates[0].update_id}, after ${newest}); reading on from there`,
        );
      }
      if (updates.length) newest = updates[updates.length - 1].update_id;
      // Nothing new (a replay, a restarted sequence's first answer) or a failure: confirm on the next
      // request, not at once.
      if (failed || (updates.length && !fresh)) await pause(retryMs);
    }
  })();

  return {
    async stop() {
      stopped = true;
      controller.abort();
      wake?.();
      await loop;
    },
  };
}
