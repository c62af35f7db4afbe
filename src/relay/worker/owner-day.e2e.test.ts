/**
 * The owner's day (testing/owner-day.ts) on the Worker relay in workerd (Miniflare): forms posted
 * to its fetch handler, presses and replies posted by the stand-in to its webhook, the minute tick
 * as its every-minute Cron Trigger, delivery through its Queue, the leads in D1 with the shared
 * migrations. workerd's clock cannot be moved, so the Worker reads the test's from its TEST_CLOCK
 * binding (a function here; never bound in production, where the relay reads Date.now()). After
 * every step the chat, D1, `leads show` and the report agree. Its twin on Node: node/owner-day.test.ts.
 */
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import type { D1Database } from "@cloudflare/workers-types";
import type { LeadStore } from "../leads/store.ts";
import { testClock } from "../testing/clock.ts";
import { tempLeadStore, waitFor, UNPACED } from "../testing/leads.ts";
import {
  COMPATIBILITY_DATE,
  d1Copy,
  deliveryQueue,
  keepOutput,
  migrationsSql,
  workerScript,
} from "../testing/workerd.ts";
import {
  brisbaneAt,
  OWNER_DAY,
  OWNER_DAY_ENV,
  OWNER_DAY_ORIGIN,
  replayOwnerDay,
} from "../testing/owner-day.ts";
import { startTelegramStandIn, type StandIn } from "../testing/telegram-stand-in.ts";
import { setWebhook } from "../telegram/updates.ts";
import { SWEEP_CRON } from "./queue.ts";

const NAME = "owner-day";
const QUEUE = "owner-day-leads";

const clock = testClock("frozen", brisbaneAt(OWNER_DAY[0].at));
let tg: StandIn;
let mf: Miniflare | undefined;
/** The copy of D1 the checks read (copyOfD1). */
let copy: ReturnType<typeof tempLeadStore> | undefined;
/** What the Worker logged, line by line: printed when the test fails. */
const logs: string[] = [];

beforeAll(async () => {
  const { script } = await workerScript();
  tg = await startTelegramStandIn();
  copy = tempLeadStore();
  mf = new Miniflare({
    name: NAME,
    modules: true,
    script,
    compatibilityDate: COMPATIBILITY_DATE,
    // An address of its own, for Telegram's webhook.
    unsafeDirectSockets: [{ port: 0 }],
    d1Databases: { DB: "owner-day-db" },
    ...deliveryQueue(QUEUE),
    bindings: {
      ...OWNER_DAY_ENV,
      TELEGRAM_BOT_TOKEN: tg.token,
      TELEGRAM_CHAT_ID: tg.chatId,
      TELEGRAM_API_BASE: tg.apiBase,
      ...UNPACED,
      SITE_PHONE: "0491 570 156",
      SPAM_CHECKS: "off",
    },
    // The relay's clock for each event: the test's (worker.ts, testClock).
    serviceBindings: { TEST_CLOCK: () => new Response(String(clock.now())) },
    handleRuntimeStdio: keepOutput(logs),
  });
  await mf.ready;
  await (await mf.getD1Database("DB")).prepare(migrationsSql()).run();
}, 60_000);

afterAll(async () => {
  await mf?.dispose();
  await tg?.close();
  copy?.remove();
});

/** D1 as it is now, copied into a SQLite store for the checks to read (d1Copy, testing/workerd.ts). */
const copyOfD1 = async (): Promise<LeadStore> => {
  if (!copy) throw new Error("the copy's store is made in beforeAll");
  return d1Copy((await mf!.getD1Database("DB")) as unknown as D1Database, copy);
};

describe("the owner's day on the Worker relay in workerd", () => {
  it("notices, D1, leads show and the report agree after every step, on the test's clock through TEST_CLOCK", async () => {
    onTestFailed(() => console.log(`What the Worker logged:\n${logs.join("\n")}`));
    const pending = async () =>
      (await ((await mf!.getD1Database("DB")) as unknown as D1Database)
        .prepare("SELECT count(*) AS n FROM leads WHERE status = 'pending'")
        .first<number>("n")) ?? 1;
    // Telegram posts only to https on port 443, 80, 88 or 8443: the stand-in routes this address to
    // workerd's.
    tg.route("https://relay-owner-day.test", (await mf!.unsafeGetDirectURL(NAME)).origin);
    expect(
      await setWebhook(
        { apiBase: tg.apiBase, token: tg.token, chatId: tg.chatId },
        "https://relay-owner-day.test/api/telegram",
      ),
    ).toMatchObject({ ok: true });
    const worker = await mf!.getWorker(NAME);
    await replayOwnerDay({
      tg,
      moveTo: clock.moveTo,
      post: (form, body) =>
        mf!.dispatchFetch(`https://relay.example/api/${form}`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Origin: OWNER_DAY_ORIGIN,
            "CF-Connecting-IP": "203.0.113.9",
          },
          body: JSON.stringify(body),
        }) as unknown as Promise<Response>,
      // The Queue's consumer sends the notice a moment after the post is answered.
      delivered: (what) => waitFor(what, async () => (await pending()) === 0),
      // A webhook post is answered once the update is handled: nothing to wait for, but it must have been
      // taken.
      handled: async () => expect(tg.webhookErrors).toEqual([]),
      tick: () =>
        worker.scheduled({ cron: SWEEP_CRON, scheduledTime: new Date(clock.now()) }).then(() => undefined),
      store: copyOfD1,
    });
  });
});
