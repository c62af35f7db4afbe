/**
 * The owner's day (testing/owner-day.ts) on the Node relay: forms posted over HTTP, presses and
 * replies read by long polling as `npm run serve` reads them, the minute tick run at each moment
 * the relay's frozen clock is moved to; after every step the chat, the store, `leads show` and the
 * report agree. Its twin on workerd: worker/owner-day.e2e.test.ts.
 */
import { describe, it } from "vitest";
import { within } from "../testing/leads.ts";
import { testClock } from "../testing/clock.ts";
import {
  brisbaneAt,
  OWNER_DAY,
  OWNER_DAY_ENV,
  OWNER_DAY_ORIGIN,
  replayOwnerDay,
} from "../testing/owner-day.ts";
import { relayPerFile } from "../testing/relay-stack.ts";

const clock = testClock("frozen", brisbaneAt(OWNER_DAY[0].at));
const stack = relayPerFile({
  env: { ...OWNER_DAY_ENV, TELEGRAM_UPDATES: "polling" },
  now: clock.now,
  pollMs: 20,
});

describe("the owner's day on the Node relay", () => {
  it("notices, store, leads show and the report agree after every step: night and day leads, mis-taps and Undo, replies, reminders, Later, a follow-up, Lost with why, the weekly summary", async () => {
    const { relay, tg } = stack;
    // The poller has asked for presses and replies (allowed_updates) before the owner makes any.
    await within(tg.idle(), "the relay's first getUpdates");
    await replayOwnerDay({
      tg,
      moveTo: clock.moveTo,
      post: (form, body) =>
        fetch(`${relay.url}/api/${form}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: OWNER_DAY_ORIGIN },
          body: JSON.stringify(body),
        }),
      delivered: () => relay.drained(),
      handled: () => within(tg.idle(), "the relay to read every update by long polling"),
      tick: () => relay.ownerTick(),
      store: async () => relay.opened.store,
    });
  });
});
