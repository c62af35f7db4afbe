/**
 * The owner's commands on the Worker relay in workerd (Miniflare), through Telegram's webhook
 * (issue 52): the menu set for the owner's chat by the every-minute Cron Trigger, /leads and /find
 * answered in the owner's chat, the same from another chat ignored, a page turned in place; a lead
 * going stale through its second reminder to the offer, and Lost (No answer) pressed. The relay's
 * clock is the test's, read from its TEST_CLOCK binding (the morning message on workerd:
 * owner-day.e2e.test.ts). Its twin on Node:
 * node/desk.test.ts; the answers themselves: owner/desk.test.ts.
 */
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import type { D1Database } from "@cloudflare/workers-types";
import { testClock } from "../testing/clock.ts";
import { UNPACED, waitFor } from "../testing/leads.ts";
import {
  COMPATIBILITY_DATE,
  deliveryQueue,
  keepOutput,
  migrationsSql,
  workerScript,
} from "../testing/workerd.ts";
import { brisbaneAt, OWNER_DAY_ENV, OWNER_DAY_ORIGIN } from "../testing/owner-day.ts";
import { startTelegramStandIn, type StandIn } from "../testing/telegram-stand-in.ts";
import { setWebhook } from "../telegram/updates.ts";
import { COMMANDS } from "../owner/commands.ts";
import { SWEEP_CRON } from "./queue.ts";

const NAME = "desk";
const clock = testClock("frozen", brisbaneAt("2026-11-30T09:00"));
let tg: StandIn;
let mf: Miniflare | undefined;
const logs: string[] = [];

beforeAll(async () => {
  const { script } = await workerScript();
  tg = await startTelegramStandIn({ groupMessagesPerMinute: 100 });
  mf = new Miniflare({
    name: NAME,
    modules: true,
    script,
    compatibilityDate: COMPATIBILITY_DATE,
    unsafeDirectSockets: [{ port: 0 }],
    d1Databases: { DB: "desk-db" },
    ...deliveryQueue("desk-leads"),
    bindings: {
      ...OWNER_DAY_ENV,
      TELEGRAM_BOT_TOKEN: tg.token,
      TELEGRAM_CHAT_ID: tg.chatId,
      TELEGRAM_API_BASE: tg.apiBase,
      SPAM_CHECKS: "off",
      // Twelve notices at once to a lenient stand-in, on a frozen clock: unpaced.
      ...UNPACED,
    },
    serviceBindings: { TEST_CLOCK: () => new Response(String(clock.now())) },
    handleRuntimeStdio: keepOutput(logs),
  });
  await mf.ready;
  await (await mf.getD1Database("DB")).prepare(migrationsSql()).run();
}, 60_000);

afterAll(async () => {
  await mf?.dispose();
  await tg?.close();
});

describe("the owner's commands on the Worker relay in workerd", () => {
  it("the menu set for the owner's chat by the cron; /leads paged and /find answered through the webhook; another chat's ignored", async () => {
    onTestFailed(() => console.log(`What the Worker logged:\n${logs.join("\n")}`));
    const db = (await mf!.getD1Database("DB")) as unknown as D1Database;
    tg.route("https://relay-desk.test", (await mf!.unsafeGetDirectURL(NAME)).origin);
    const telegram = { apiBase: tg.apiBase, token: tg.token, chatId: tg.chatId };
    expect(await setWebhook(telegram, "https://relay-desk.test/api/telegram")).toMatchObject({ ok: true });
    // Twelve quote requests posted to the Worker, oldest first, an hour apart.
    for (let i = 0; i < 12; i++) {
      clock.moveTo(brisbaneAt("2026-11-30T09:00") + i * 3_600_000);
      const res = await mf!.dispatchFetch("https://relay.example/api/quote", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Origin: OWNER_DAY_ORIGIN,
          "CF-Connecting-IP": `203.0.113.${i}`,
        },
        body: JSON.stringify({
          name: `Desk ${String(i).padStart(2, "0")}`,
          email: "desk@example.com",
          phone: `0412 345 6${String(i).padStart(2, "0")}`,
          submissionId: `0d000000-0000-4000-8000-0000000000${String(i).padStart(2, "0")}`,
        }),
      });
      expect(res.status).toBe(200);
    }
    await waitFor(
      "the Queue to send every notice",
      async () =>
        ((await db
          .prepare("SELECT count(*) AS n FROM leads WHERE status = 'delivered'")
          .first<number>("n")) ?? 0) === 12,
    );
    const worker = await mf!.getWorker(NAME);
    await worker.scheduled({ cron: SWEEP_CRON, scheduledTime: new Date(clock.now()) });
    expect([...tg.commands]).toEqual([[`chat:${tg.chatId}/`, COMMANDS.map((c) => ({ ...c }))]]);

    const sent = tg.delivered.length;
    expect(await tg.write("/leads", { id: 9_999, first_name: "Stranger" }, "777000111")).toBe(200);
    expect(tg.delivered.length, "nothing for another chat").toBe(sent);
    expect(await tg.write("/leads")).toBe(200);
    const answer = tg.delivered.at(-1)!;
    expect(answer.shown.split("\n").slice(0, 2)).toEqual([
      "Open leads (12), oldest first",
      expect.stringMatching(
        /^1\. Desk 00, \+61 412 345 600, waiting, 11 h https:\/\/t\.me\/c\/1234567890\/\d+$/,
      ),
    ]);
    const next = answer.replyMarkup!.inline_keyboard.at(-1)!.find((b) => b.text === "Next ›")!;
    expect(await tg.press(answer.messageId, next.callback_data!)).toBe(200);
    expect(tg.messages.get(answer.messageId)!.shown).toMatch(/\n11\. Desk 10,[^\n]+\n12\. Desk 11,/);
    expect(await tg.write("/find +61 412 345 605")).toBe(200);
    expect(tg.delivered.at(-1)!.shown).toMatch(/^Found 1 lead for \+61 412 345 605\n1\. Desk 05, /);
    expect(tg.webhookErrors).toEqual([]);
  });

  it("a lead going stale: reminded, a second time two business days on, then offered Lost (No answer) or Keep; Lost closes it", async () => {
    onTestFailed(() => console.log(`What the Worker logged:\n${logs.join("\n")}`));
    const db = (await mf!.getD1Database("DB")) as unknown as D1Database;
    const worker = await mf!.getWorker(NAME);
    const cronAt = async (local: string) => {
      clock.moveTo(brisbaneAt(local));
      await worker.scheduled({ cron: SWEEP_CRON, scheduledTime: new Date(clock.now()) });
    };
    // The twelve leads of the first test kept open by the owner (Keep), so only Quinn is nudged.
    await db.prepare("UPDATE leads SET kept_at = ?").bind(clock.now()).run();
    clock.moveTo(brisbaneAt("2026-12-01T10:00"));
    const res = await mf!.dispatchFetch("https://relay.example/api/quote", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: OWNER_DAY_ORIGIN,
        "CF-Connecting-IP": "203.0.113.99",
      },
      body: JSON.stringify({
        name: "Quiet Quinn",
        email: "quinn@example.com",
        phone: "0412 999 000",
        submissionId: "0d000000-0000-4000-8000-0000000000a1",
      }),
    });
    expect(res.status).toBe(200);
    await waitFor("the Queue to send Quinn's notice", () =>
      tg.delivered.some((d) => d.shown.includes("Quiet Quinn")),
    );
    const notice = tg.delivered.find((d) => d.shown.includes("Quiet Quinn"))!.messageId;
    const inChat = (id: number) => tg.messages.in(tg.chatId, id);
    const about = () => tg.delivered.filter((d) => inChat(d.messageId)?.replyTo === notice);
    await cronAt("2026-12-01T10:31");
    expect(about().map((d) => d.shown.split(":")[0])).toEqual(["Reminder"]);
    // Wednesday is the first business day after it, Thursday the second: at its opening, the second reminder.
    await cronAt("2026-12-02T17:00");
    expect(about()).toHaveLength(1);
    await cronAt("2026-12-03T08:00");
    await cronAt("2026-12-03T08:01");
    expect(about().map((d) => d.shown.split(":")[0])).toEqual(["Reminder", "Second reminder"]);
    // Friday and Saturday (open 9 to 4): the offer at Saturday's opening.
    await cronAt("2026-12-05T09:00");
    await cronAt("2026-12-05T09:01");
    const offer = about()[2];
    expect(offer?.shown).toMatch(
      /^Still waiting: Quiet Quinn, \+61 412 999 000, .+ No answer\? Close it as Lost, or keep it open\.$/,
    );
    expect(offer.replyMarkup!.inline_keyboard.flat().map((b) => b.text)).toEqual([
      "Lost (No answer)",
      "Keep",
    ]);
    // Pressed in the chat: Telegram posts the press to the Worker's webhook.
    expect(await tg.press(offer.messageId, offer.replyMarkup!.inline_keyboard[0][0].callback_data!)).toBe(
      200,
    );
    expect(tg.answers.at(-1)?.text).toBe("Marked Lost: No answer.");
    expect(
      await db
        .prepare("SELECT stage FROM leads WHERE id = ?")
        .bind("0d000000-0000-4000-8000-0000000000a1")
        .first<string>("stage"),
    ).toBe("lost");
    expect(inChat(notice)!.shown).toMatch(/^Stage: Lost \(No answer\)\n/);
    await cronAt("2026-12-08T08:00");
    expect(about()).toHaveLength(3);
    expect(tg.webhookErrors).toEqual([]);
  });
});
