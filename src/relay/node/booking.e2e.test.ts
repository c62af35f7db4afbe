/**
 * From quoted to booked on the Node relay (testing/booking-flow.ts): quote requests posted over HTTP,
 * the owner's replies and presses read by long polling, the emails at the Resend stand-in, and the
 * customer in Chromium at 390 px: the page without JavaScript (a press with no day chosen goes
 * nowhere: the browser asks for one), then with it, a day and a time chosen and Accept pressed. Its
 * twin on workerd: worker/booking.e2e.test.ts.
 */
import path from "node:path";
import type { Server } from "node:http";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { emailSettings } from "../email/settings.ts";
import { listen } from "../../server/node.ts";
import { releaseTestBrowser, testBrowser } from "../../testing/browser.ts";
import { freePort } from "../../testing/ports.ts";
import { testClock } from "../testing/clock.ts";
import {
  BOOKING_HOURS,
  BOOKING_RULES,
  BOOKING_START,
  acceptInChromium,
  bookingEmails,
  replayBookingWeek,
} from "../testing/booking-flow.ts";
import { startEmailStandIn, TEST_FROM, type EmailStandIn } from "../testing/email-stand-in.ts";
import { standInConfig, tempLeadsDb, waitFor, within } from "../testing/leads.ts";
import { startTelegramStandIn, type StandIn } from "../testing/telegram-stand-in.ts";
import { FACTS } from "../testing/business.ts";
import { startNodeRelay, type NodeRelay } from "./node.ts";

const clock = testClock("frozen", BOOKING_START);
let tg: StandIn;
let resend: EmailStandIn;
let relay: NodeRelay;
let server: Server;
let browser: Browser;
let origin: string;
const db = tempLeadsDb();
const logs: string[] = [];

beforeAll(async () => {
  [tg, resend, browser] = await Promise.all([
    startTelegramStandIn(),
    startEmailStandIn({ requestsPerSecond: 1_000, now: clock.now }),
    testBrowser(),
  ]);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  relay = await startNodeRelay({
    config: standInConfig(tg, db.file, {
      BUSINESS_HOURS: BOOKING_HOURS,
      RELAY_ORIGIN: origin,
      TELEGRAM_UPDATES: "polling",
    }),
    site: {
      phone: "0491 570 156",
      booking: BOOKING_RULES,
      timeZone: FACTS.timeZone,
      services: FACTS.services,
      business: FACTS.business,
    },
    email: emailSettings({
      EMAIL_API_KEY: resend.apiKey,
      EMAIL_FROM: TEST_FROM,
      OWNER_EMAIL: "owner@example.com.au",
      EMAIL_API_URL: resend.apiUrl,
    }),
    emailTimeoutMs: 2_000,
    log: (m) => void logs.push(m),
    pollMs: 20,
    outboxFile: path.join(path.dirname(db.file), "no-outbox.jsonl"),
    now: clock.now,
  });
  ({ server } = await listen((request, info) => relay.relay(request, info), { port, host: "127.0.0.1" }));
}, 30_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await relay?.close();
  await Promise.all([tg?.close(), resend?.close(), releaseTestBrowser(browser)]);
  db.remove();
});

describe("from quoted to booked on the Node relay", () => {
  it("a quote by reply, Send, the email, the page in Chromium, Accept, Confirm, the reminder and the day's jobs agree at every step", async () => {
    await within(tg.idle(), "the relay's first getUpdates");
    await replayBookingWeek({
      tg,
      resend,
      origin,
      moveTo: clock.moveTo,
      delivered: (what) => within(relay.drained(), what),
      handled: () => within(tg.idle(), "the relay to read every update by long polling"),
      tick: () => relay.ownerTick(),
      emails: async (n) => {
        await waitFor(`${n} emails of a booking at the stand-in`, () => bookingEmails(resend).length >= n);
        return bookingEmails(resend);
      },
      store: async () => relay.opened.store,
      accept: (link, day, time) => acceptInChromium(browser, link, day, time),
    });
  }, 60_000);
});
