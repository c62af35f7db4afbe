/**
 * The owner's button presses on a Node relay without a public address (a
 * laptop, a server behind NAT): long polling with getUpdates, one request
 * waiting up to 25 s at a time. It asks from one past the last update
 * processed (the lead store keeps them), so a restart neither loses a press
 * nor counts one twice. Telegram refuses getUpdates while a webhook is set
 * (409): the relay says so and asks again a minute later.
 * https://core.telegram.org/bots/api#getupdates
 */
import { callBot, type TelegramOptions } from "../telegram.ts";
import type { LeadStore } from "../leads/store.ts";

export const POLL_TIMEOUT_SECONDS = 25;

export interface Polling {
  stop(): Promise<void>;
}

export function startPolling({ store, telegram, handle, log, retryMs = 5_000 }: { store: LeadStore; telegram: TelegramOptions; handle: (update: unknown) => Promise<void>; log: (message: string) => void; retryMs?: number }): Polling {
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
    while (!stopped) {
      const answer = await callBot(telegram, "getUpdates", { offset: await store.nextUpdateId(), timeout: POLL_TIMEOUT_SECONDS, allowed_updates: ["callback_query"] }, (POLL_TIMEOUT_SECONDS + 10) * 1000, controller.signal);
      if (stopped) break;
      if (!answer.ok) {
        const why = answer.status === 409 ? "a webhook is set (npm run telegram -- webhook --delete, or set TELEGRAM_UPDATES=webhook)" : `${answer.status ? `${answer.status} ` : ""}${answer.description}`;
        if (why !== warned) log(`relay: could not read the owner's button presses: ${why}; trying again`);
        warned = why;
        await pause(answer.status === 409 ? 60_000 : (answer.retryAfterMs ?? retryMs));
        continue;
      }
      warned = "";
      for (const update of Array.isArray(answer.result) ? answer.result : []) {
        try {
          await handle(update);
        } catch (error) {
          log(`relay: a button press could not be handled, reading it again: ${(error as Error).message}`);
          await pause(retryMs);
          break;
        }
      }
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
