/**
 * From quoted to booked on the Worker relay in workerd (testing/booking-flow.ts): forms posted to
 * its fetch handler, the owner's replies and presses posted by the stand-in to its webhook, the
 * minute tick and the email pass as its every-minute Cron Trigger, delivery through its Queue, the
 * quotes in D1 with the shared migrations, and the customer in Chromium at 390 px on workerd's own
 * socket. The Worker reads the test's clock from its TEST_CLOCK binding. Its twin on Node:
 * node/booking.e2e.test.ts.
 */
import { Miniflare } from "miniflare";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it, onTestFailed } from "vitest";
import type { D1Database } from "@cloudflare/workers-types";
import { releaseTestBrowser, testBrowser } from "../../testing/browser.ts";
import { freePort } from "../../testing/ports.ts";
import { testClock } from "../testing/clock.ts";
import {
  acceptInChromium,
  BOOKING_HOURS,
  BOOKING_RULES,
  BOOKING_START,
  bookingEmails,
  replayBookingWeek,
} from "../testing/booking-flow.ts";
import { startEmailStandIn, TEST_FROM, type EmailStandIn } from "../testing/email-stand-in.ts";
import { tempLeadStore, waitFor, UNPACED } from "../testing/leads.ts";
import { startTelegramStandIn, type StandIn } from "../testing/telegram-stand-in.ts";
import {
  COMPATIBILITY_DATE,
  d1Copy,
  deliveryQueue,
  keepOutput,
  migrationsSql,
  workerScript,
} from "../testing/workerd.ts";
import { setWebhook } from "../telegram/updates.ts";
import { SWEEP_CRON } from "./queue.ts";
import { siteVars } from "./site-vars.ts";
import { FACTS } from "../testing/business.ts";

const NAME = "booking";
const clock = testClock("frozen", BOOKING_START);
let tg: StandIn;
let resend: EmailStandIn;
let mf: Miniflare | undefined;
let browser: Browser;
let origin: string;
const copy = tempLeadStore();
const logs: string[] = [];

beforeAll(async () => {
  const [{ script }, port] = await Promise.all([workerScript(), freePort()]);
  [tg, resend, browser] = await Promise.all([
    startTelegramStandIn(),
    startEmailStandIn({ requestsPerSecond: 1_000, now: clock.now }),
    testBrowser(),
  ]);
  origin = `http://127.0.0.1:${port}`;
  mf = new Miniflare({
    name: NAME,
    modules: true,
    script,
    compatibilityDate: COMPATIBILITY_DATE,
    // workerd's own socket, which Chromium and the customer's links reach it at (RELAY_ORIGIN).
    unsafeDirectSockets: [{ host: "127.0.0.1", port }],
    d1Databases: { DB: "booking-db" },
    ...deliveryQueue("booking-leads"),
    bindings: {
      ...siteVars({
        phone: "0491 570 156",
        landline: "(07) 5550 1234",
        hours: [],
        timeZone: FACTS.timeZone,
        pages: ["/"],
        emailProvider: "resend",
        booking: BOOKING_RULES,
        services: FACTS.services,
        business: FACTS.business,
      }),
      BUSINESS_HOURS: BOOKING_HOURS,
      RELAY_ORIGIN: origin,
      SPAM_CHECKS: "off",
      // The accept page's posts share the forms' limit, counted per instance without RATE_LIMITER.
      RATE_LIMIT_PER_MINUTE: "1000",
      TELEGRAM_BOT_TOKEN: tg.token,
      TELEGRAM_CHAT_ID: tg.chatId,
      TELEGRAM_API_BASE: tg.apiBase,
      ...UNPACED,
      EMAIL_API_KEY: resend.apiKey,
      EMAIL_FROM: TEST_FROM,
      OWNER_EMAIL: "owner@example.com.au",
      EMAIL_API_URL: resend.apiUrl,
    },
    serviceBindings: { TEST_CLOCK: () => new Response(String(clock.now())) },
    handleRuntimeStdio: keepOutput(logs),
  });
  await mf.ready;
  await (await mf.getD1Database("DB")).prepare(migrationsSql()).run();
}, 60_000);

afterAll(async () => {
  await mf?.dispose();
  await Promise.all([tg?.close(), resend?.close(), releaseTestBrowser(browser)]);
  copy.remove();
});

describe("from quoted to booked on the Worker relay in workerd", () => {
  it("the same week as on Node: D1, the webhook, the Queue and the cron agree at every step", async () => {
    onTestFailed(() => console.log(`What the Worker logged:\n${logs.join("\n")}`));
    const d1 = async () => (await mf!.getD1Database("DB")) as unknown as D1Database;
    const pending = async () =>
      (await (
        await d1()
      )
        .prepare("SELECT count(*) AS n FROM leads WHERE status = 'pending'")
        .first<number>("n")) ?? 1;
    tg.route("https://relay-booking.test", origin);
    await setWebhook(
      { apiBase: tg.apiBase, token: tg.token, chatId: tg.chatId },
      "https://relay-booking.test/api/telegram",
    );
    const worker = await mf!.getWorker(NAME);
    const tick = () =>
      worker.scheduled({ cron: SWEEP_CRON, scheduledTime: new Date(clock.now()) }).then(() => undefined);
    await replayBookingWeek({
      tg,
      resend,
      origin,
      moveTo: clock.moveTo,
      delivered: (what) => waitFor(what, async () => (await pending()) === 0),
      handled: async () => {
        if (tg.webhookErrors.length) throw new Error(JSON.stringify(tg.webhookErrors));
      },
      tick,
      // The Worker sends email after a Queue batch and from its every-minute sweep: the sweep runs here.
      emails: async (n) => {
        await waitFor(`${n} emails of a booking at the stand-in`, async () => {
          if (bookingEmails(resend).length < n) await tick();
          return bookingEmails(resend).length >= n;
        });
        return bookingEmails(resend);
      },
      store: async () => d1Copy(await d1(), copy),
      accept: (link, day, time) => acceptInChromium(browser, link, day, time),
    });
  }, 90_000);
});
