/**
 * What the real Telegram does that a kind stand-in never showed, against the
 * Node relay (each of these also runs on workerd, in worker/worker.e2e.test.ts):
 * a group upgraded to a supergroup, a bot removed from the chat, text Telegram
 * will not take, update ids that start again, a second copy polling with the
 * same token, and a press whose answer is refused or unanswered at first.
 * The relay listens on 127.0.0.1; the stand-in posts presses to it through
 * an https address routed there, as Telegram needs. Every wait is bounded and
 * says what it waits for.
 */
import type { Server } from "node:http";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startNodeRelay, type NodeRelay } from "../node/node.ts";
import { callbackData } from "./stages.ts";
import { standInConfig, tempLeadsDb } from "../testing/leads.ts";
import { startTelegramStandIn, type StandIn } from "../testing/telegram-stand-in.ts";
import { setWebhook } from "./updates.ts";
import { listen } from "../../server/node.ts";
import { TELEGRAM_UPDATES_PATH } from "../../shared/relay-paths.ts";

let tg: StandIn;
let db: ReturnType<typeof tempLeadsDb>;
const running: { relay: NodeRelay; server: Server }[] = [];
const logs: string[] = [];
const RELAY_HOST = "https://relay.test";

beforeAll(async () => {
  tg = await startTelegramStandIn();
});
afterAll(() => tg.close());
beforeEach(() => {
  db = tempLeadsDb();
  logs.length = 0;
});
afterEach(async () => {
  await Promise.all(running.splice(0).map(stop));
  tg.reset();
  db.remove();
});

const telegram = () => ({ apiBase: tg.apiBase, token: tg.token, chatId: tg.chatId });

async function start(updates: "webhook" | "polling" | "off" = "off", now?: () => number): Promise<{ relay: NodeRelay; url: string; server: Server }> {
  const relay = await startNodeRelay({ config: standInConfig(tg, db.file, { TELEGRAM_UPDATES: updates }), site: { phone: "0491 570 156" }, log: (m) => void logs.push(m), pollMs: 100, outboxFile: path.join(path.dirname(db.file), "no-outbox.jsonl"), now });
  const { server, url } = await listen((request, info) => relay.relay(request, info), { port: 0, host: "127.0.0.1" });
  running.push({ relay, server });
  if (updates === "webhook") {
    tg.route(RELAY_HOST, url);
    expect((await setWebhook(telegram(), `${RELAY_HOST}${TELEGRAM_UPDATES_PATH}`)).ok).toBe(true);
  }
  return { relay, url, server };
}

async function stop(r: { relay: NodeRelay; server: Server }) {
  running.splice(running.indexOf(r), 1);
  await new Promise((resolve) => r.server.close(resolve));
  r.server.closeAllConnections();
  await r.relay.close();
}

/** Posts a lead as a script would; answers its id. */
async function post(url: string, name: string, extra: Record<string, string> = {}) {
  const submissionId = crypto.randomUUID();
  const res = await fetch(`${url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name, email: "ann@example.com", message: "Bond clean please", submissionId, ...extra }) });
  expect(res.status).toBe(200);
  return submissionId;
}

const noticesFor = (name: string) => tg.delivered.filter((d) => d.shown.includes(`Name: ${name}\n`));
const arrived = (name: string, message = `the notice for ${name} arrives`) => expect.poll(() => noticesFor(name).length, { timeout: 10_000, message }).toBeGreaterThanOrEqual(1);
const healthOf = async (url: string): Promise<Record<string, unknown>> => {
  const res = await fetch(`${url}/api/health`);
  const body = (await res.json()) as Record<string, unknown>;
  return { ...body, status: res.status };
};

describe("a group upgraded to a supergroup", () => {
  it("a fresh relay follows the move after the third lead: every lead reaches the new chat, none twice, health green, and a restart keeps the new id", async () => {
    const first = await start();
    for (const name of ["Lead One", "Lead Two", "Lead Three"]) {
      await post(first.url, name);
      await arrived(name);
    }
    const supergroup = tg.upgradeToSupergroup();
    for (const name of ["Lead Four", "Lead Five"]) {
      await post(first.url, name);
      await arrived(name, `${name} reaches the supergroup`);
    }
    expect(tg.delivered.map((d) => String(d.chatId))).toEqual([tg.chatId, tg.chatId, tg.chatId, supergroup, supergroup]);
    expect(tg.delivered.every((d) => !d.shown.includes("possible repeat"))).toBe(true);
    expect(logs.filter((l) => l.includes(`Set TELEGRAM_CHAT_ID=${supergroup} to match`))).toHaveLength(1);
    expect(await healthOf(first.url)).toMatchObject({ status: 200, ok: true, undeliverable: 0 });

    await stop(first);
    const second = await start();
    expect(logs.filter((l) => l.includes(`Set TELEGRAM_CHAT_ID=${supergroup} to match`))).toHaveLength(2);
    const oldChatCalls = tg.calls("sendMessage");
    await post(second.url, "Lead Six");
    await arrived("Lead Six");
    // Straight to the supergroup: the old id is not asked first.
    expect(tg.calls("sendMessage")).toBe(oldChatCalls + 1);
    expect(String(tg.delivered.at(-1)!.chatId)).toBe(supergroup);
  });

  it("sends the leads a relay held for the old chat id once the move is known", async () => {
    const { relay, url } = await start();
    // An old relay gave up on these, as it did before it knew of the move.
    await relay.opened.store.add({ id: "held", form: "contact", fields: { name: "Held Lead" }, parts: ["*New Contact Form Submission*\n\n*Name:* Held Lead\n"], receivedAt: Date.now() - 10 * 60_000 });
    await relay.opened.store.undeliverable("held", { kind: "message", error: "400 Bad Request: group chat was upgraded to a supergroup chat" });
    tg.upgradeToSupergroup();
    await post(url, "New Lead");
    await arrived("New Lead");
    await arrived("Held Lead", "the lead held for the old chat goes to the new one");
    expect(noticesFor("Held Lead")[0].shown).toMatch(/^Delayed: received /);
  });
});

describe("a bot removed from the group", () => {
  it("turns health red naming the cause and the count; once the bot is back, a restart delivers every held lead, marked delayed", async () => {
    let time = Date.now();
    const clock = () => time;
    const first = await start("off", clock);
    tg.removeBot("kicked");
    await post(first.url, "Kept One");
    await post(first.url, "Kept Two");
    // The first refusal holds every send: one lead refused, the other not tried while the settings are refused.
    await expect.poll(async () => (await first.relay.opened.store.stats()).undeliverable, { timeout: 10_000, message: "the first lead is refused" }).toBe(1);
    await expect.poll(async () => (await first.relay.opened.store.stats()).pending, { timeout: 10_000, message: "the second lead waits" }).toBe(1);
    const red = await healthOf(first.url);
    expect(red).toMatchObject({ status: 503, ok: false, telegram: "undeliverable", undeliverable: 1, pending: 1 });
    expect(red.problem).toBe("Telegram refuses the relay's settings (403 Forbidden: bot was kicked from the supergroup chat): 2 leads held until they work");

    tg.restoreBot();
    await stop(first);
    time += 5 * 60_000;
    const second = await start("off", clock);
    await arrived("Kept One", "the first held lead goes out after the restart");
    await arrived("Kept Two", "the second held lead goes out after the restart");
    expect(noticesFor("Kept One")[0].shown).toMatch(/^Delayed: received /);
    expect(await healthOf(second.url)).toMatchObject({ status: 200, ok: true, undeliverable: 0 });
  });
});

describe("text Telegram will not take", () => {
  it("half an emoji in what a visitor sent reaches the owner, made whole", async () => {
    const { relay, url } = await start();
    const campaign = `${"a".repeat(199)}\ud83c`;
    const id = await post(url, "Half Emoji", { message: `Cut here: \ud83c\u{1F389}x\ud83c`, utm_campaign: campaign });
    await arrived("Half Emoji");
    expect(noticesFor("Half Emoji")[0].shown).toContain("Cut here: \ufffd\u{1F389}x\ufffd");
    expect((await relay.opened.store.get(id))?.status).toBe("delivered");
  });

  it("a notice Telegram refuses for its content goes again as plain text, with every word the visitor typed", async () => {
    const { relay, url } = await start();
    tg.next({ kind: "refuse", description: "Bad Request: can't parse entities: Can't find end of the entity starting at byte offset 40" });
    const id = await post(url, "Plain_Text *Person*");
    await arrived("Plain_Text *Person*");
    const notice = noticesFor("Plain_Text *Person*")[0];
    expect(notice.parseMode).toBeUndefined();
    expect(notice.shown).toContain("Message:\nBond clean please");
    expect((await relay.opened.store.get(id))?.status).toBe("delivered");
  });
});

describe("the owner's presses when Telegram is slow or busy", () => {
  it("a press whose answer first gets a 429 is answered after retry_after, and its notice edited", async () => {
    const { relay, url } = await start("webhook");
    const id = await post(url, "Busy Press");
    await arrived("Busy Press");
    const { messageId } = noticesFor("Busy Press")[0];
    tg.on("answerCallbackQuery", { kind: "tooMany", retryAfter: 1 });
    expect(await tg.press(messageId, callbackData("called", id))).toBe(200);
    expect(tg.answers.map((a) => a.text)).toEqual(["Marked Called."]);
    expect(tg.calls("answerCallbackQuery")).toBe(2);
    expect(tg.messages.get(messageId)!.shown).toMatch(/\nCalled by Sam at /);
    expect((await relay.opened.store.get(id))?.stage).toBe("called");
  });

  it("a press whose answer hangs is answered on the next try, and the webhook's reply does not wait 30 s", async () => {
    const { url } = await start("webhook");
    const id = await post(url, "Hung Answer");
    await arrived("Hung Answer");
    const { messageId } = noticesFor("Hung Answer")[0];
    tg.on("answerCallbackQuery", { kind: "hang" });
    const began = performance.now();
    expect(await tg.press(messageId, callbackData("quoted", id))).toBe(200);
    expect(performance.now() - began).toBeLessThan(10_000);
    expect(tg.answers.map((a) => a.text)).toEqual(["Marked Quoted."]);
  });

  it("an edit that would change nothing is never sent: the same press twice edits once", async () => {
    const { url } = await start("webhook");
    const id = await post(url, "Twice Pressed");
    await arrived("Twice Pressed");
    const { messageId } = noticesFor("Twice Pressed")[0];
    await tg.press(messageId, callbackData("booked", id));
    await tg.press(messageId, callbackData("booked", id));
    expect(tg.answers.map((a) => a.text)).toEqual(["Marked Booked.", "Already marked Booked."]);
    expect(tg.calls("editMessageText")).toBe(1);
  });

  it("an edit Telegram answers with a 5xx is tried again", async () => {
    const { url } = await start("webhook");
    const id = await post(url, "Edit Retried");
    await arrived("Edit Retried");
    const { messageId } = noticesFor("Edit Retried")[0];
    tg.on("editMessageText", { kind: "down" });
    await tg.press(messageId, callbackData("called", id));
    expect(tg.calls("editMessageText")).toBe(2);
    expect(tg.messages.get(messageId)!.shown).toMatch(/\nCalled by Sam at /);
  });
});

describe("long polling as Telegram answers it", () => {
  it("update ids that start again: a few requests per long poll, and the press with the lower id is handled", async () => {
    const { relay, url } = await start("polling");
    const id = await post(url, "Restarted Ids");
    await arrived("Restarted Ids");
    const { messageId } = noticesFor("Restarted Ids")[0];
    await tg.press(messageId, callbackData("called", id));
    await expect.poll(async () => (await relay.opened.store.get(id))?.stage, { timeout: 10_000, message: "the first press is read" }).toBe("called");

    tg.restartUpdateIds(1);
    await tg.press(messageId, callbackData("booked", id));
    await expect.poll(async () => (await relay.opened.store.get(id))?.stage, { timeout: 10_000, message: "the press numbered afresh is read" }).toBe("booked");
    const calls = tg.calls("getUpdates");
    await new Promise((r) => setTimeout(r, 2_000));
    // Long polls of 25 s: a request to confirm, perhaps one more after the pause; never hundreds.
    expect(tg.calls("getUpdates") - calls).toBeLessThanOrEqual(3);
    expect(tg.answers.map((a) => a.text)).toEqual(["Marked Called.", "Marked Booked."]);
  });

  it("a second copy polling with the same token is named as such, not as a webhook", async () => {
    await start("polling");
    await expect.poll(() => tg.calls("getUpdates"), { timeout: 5_000, message: "the relay is polling" }).toBeGreaterThanOrEqual(1);
    await tg.competingPoll();
    await expect.poll(() => logs.join("\n"), { timeout: 5_000, message: "the relay says why it cannot read presses" }).toContain("another copy of the relay is polling with this token");
    expect(logs.join("\n")).not.toContain("a webhook is set");
  });
});
