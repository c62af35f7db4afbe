/**
 * Delivery against a Telegram stand-in that misbehaves: slow, down, refusing,
 * rate limiting, silent. The relay runs in this process with a real lead store
 * file; each wait is bounded and says what it waits for.
 */
import { rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testClock } from "../testing/clock.ts";
import { relayPerTest, type RelayOptions, type RunningRelay } from "../testing/relay-stack.ts";
import { TEST_TOKEN } from "../testing/telegram-stand-in.ts";
import { backoffMs, MAX_RETRY_MS } from "../retry.ts";

const stack = relayPerTest();
const { logs } = stack;
const start = (env: Record<string, string> = {}, options: Omit<RelayOptions, "env"> = {}) =>
  stack.start({ env, ...options });
const stop = (relay: RunningRelay) => stack.stop(relay);

const post = (relay: RunningRelay, body: Record<string, string>, form = "quote") =>
  relay.relay(
    new Request(`http://relay.test/api/${form}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
const ann = { name: "Ann", email: "ann@example.com" };

/** The relay's one lead once its failed tries are recorded (the next try's time with them). */
async function afterFailedTries(relay: RunningRelay, tries: number) {
  await expect
    .poll(async () => (await relay.opened.store.list())[0]?.attempts, {
      timeout: 10_000,
      message: `the lead's failed try ${tries} is recorded`,
    })
    .toBe(tries);
  return (await relay.opened.store.list())[0];
}
const health = async (relay: RunningRelay) => {
  const res = await relay.relay(new Request("http://relay.test/api/health"));
  return { status: res.status, ...(await res.json()) };
};

describe("delivery", () => {
  it("delivers a lead Telegram answers in 4.5 s exactly once, and answers the visitor within 8 s", async () => {
    const relay = await start();
    stack.tg.always({ kind: "ok", delayMs: 4_500 });
    const started = Date.now();
    const res = await post(relay, ann);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(8_000);
    await expect
      .poll(() => stack.tg.delivered.length, { timeout: 15_000, message: "the slow answer arrives" })
      .toBe(1);
    await relay.drained();
    expect(stack.tg.attempts).toBe(1);
    expect((await relay.opened.store.list())[0]).toMatchObject({ status: "delivered", partsSent: 1 });
  });

  it("sends one notice for the same submissionId posted twice", async () => {
    const relay = await start();
    const body = { ...ann, submissionId: "5b7c2d1e-8f9a-4b3c-9d2e-abcdefabcdef" };
    expect((await post(relay, body)).status).toBe(200);
    expect((await post(relay, body)).status).toBe(200);
    await expect
      .poll(() => stack.tg.delivered.length, { timeout: 5_000, message: "the notice arrives" })
      .toBe(1);
    await relay.drained();
    expect(stack.tg.delivered).toHaveLength(1);
  });

  it("delivers a 3-part message whose second part fails once whole: every part once, in order", async () => {
    const clock = testClock();
    const relay = await start({}, { now: clock.now });
    stack.tg.failCall(2, { kind: "down" });
    const message = Array.from({ length: 10_000 }, (_, i) => String(i % 10)).join("");
    await post(relay, { ...ann, message }, "contact");
    // The retry's time comes without waiting for it.
    clock.moveTo((await afterFailedTries(relay, 1)).nextAttemptAt);
    await expect
      .poll(() => stack.tg.delivered.length, { timeout: 15_000, message: "all three parts arrive" })
      .toBe(3);
    expect(stack.tg.delivered.map((d) => d.shown.split("\n")[0].replace(/:.*/, ""))).toEqual([
      "New Contact Form Submission (1/3)",
      "New Contact Form Submission (2/3)",
      "New Contact Form Submission (3/3)",
    ]);
    expect(stack.tg.attempts).toBe(4);
    const joined = stack.tg.delivered
      .map((d) => /Message(?: \(continued\))?:\n([\s\S]*)\n\nSubmitted: /.exec(d.shown)![1])
      .join("");
    expect(joined).toBe(message);
  });

  it("keeps retrying while Telegram is down for 20 s and delivers once it is back", async () => {
    // The relay's clock is moved on to each next try instead of waiting for it.
    const clock = testClock();
    const relay = await start({}, { now: clock.now });
    stack.tg.always({ kind: "down" });
    const downSince = clock.now();
    const res = await post(relay, ann);
    expect(res.status).toBe(200);
    let lead = await afterFailedTries(relay, 1);
    while (lead.nextAttemptAt - downSince <= 20_000) {
      clock.moveTo(lead.nextAttemptAt);
      lead = await afterFailedTries(relay, lead.attempts + 1);
    }
    clock.moveTo(downSince + 20_000);
    // Tries at 0, 2, 6 and 14 s (doubling from 2 s, with jitter).
    expect(stack.tg.attempts).toBeGreaterThanOrEqual(3);
    expect(stack.tg.attempts).toBe(lead.attempts);
    expect((await health(relay)).pending).toBe(1);
    stack.tg.always({ kind: "ok" });
    const recoveredAt = clock.now();
    clock.moveTo(lead.nextAttemptAt);
    await expect
      .poll(() => stack.tg.delivered.length, { timeout: 5_000, message: "the next try delivers it" })
      .toBe(1);
    // The next try after four failures comes at most 16 s (plus jitter) after the last: well within 90 s.
    expect(lead.nextAttemptAt - recoveredAt).toBeLessThanOrEqual(30_000);
    // Telegram has it; the store records it as soon as the answer is read.
    await expect
      .poll(() => health(relay), { timeout: 5_000, message: "the store records the delivery" })
      .toMatchObject({ status: 200, ok: true, pending: 0 });
  });

  it("waits out a 429's retry_after before sending anything", async () => {
    const clock = testClock();
    const relay = await start({}, { now: clock.now });
    // Longer than any first backoff (at most 2.5 s): only retry_after makes the relay wait this long.
    stack.tg.next({ kind: "tooMany", retryAfter: 3 });
    const sentAt = clock.now();
    await post(relay, ann);
    const { nextAttemptAt } = await afterFailedTries(relay, 1);
    expect(nextAttemptAt).toBeGreaterThanOrEqual(sentAt + 3_000);
    // A moment before that time, a pass of the delivery loop sends nothing.
    clock.moveTo(nextAttemptAt - 1);
    await relay.drained();
    expect(stack.tg.attempts).toBe(1);
    clock.moveTo(nextAttemptAt);
    await expect
      .poll(() => stack.tg.delivered.length, { timeout: 5_000, message: "delivered after retry_after" })
      .toBe(1);
    expect(stack.tg.attempts).toBe(2);
  });

  it("marks the retry after an unanswered attempt as a possible repeat", async () => {
    const clock = testClock();
    const relay = await start({}, { attemptTimeoutMs: 300, now: clock.now });
    stack.tg.next({ kind: "hang" });
    await post(relay, ann);
    clock.moveTo((await afterFailedTries(relay, 1)).nextAttemptAt);
    await expect
      .poll(() => stack.tg.delivered.length, { timeout: 10_000, message: "the retry arrives" })
      .toBe(1);
    expect(stack.tg.delivered[0].shown.startsWith("(possible repeat)\nNew Quote Request: ")).toBe(true);
  });

  it("says when a lead delivered more than 2 minutes late was received", async () => {
    const relay = await start();
    stack.tg.always({ kind: "down" });
    const receivedAt = Date.parse("2026-11-22T09:14:05+10:00");
    await relay.opened.store.add({
      id: "late",
      form: "quote",
      fields: ann,
      parts: ["*New Quote Request*\n\n*Name:* Ann\n"],
      receivedAt,
    });
    stack.tg.always({ kind: "ok" });
    await expect
      .poll(() => stack.tg.delivered.length, { timeout: 5_000, message: "the late lead goes out" })
      .toBe(1);
    expect(stack.tg.delivered[0].shown).toBe(
      "Delayed: received 22 November 2026 at 9:14:05 am AEST\nNew Quote Request\n\nName: Ann\n",
    );
  });

  it("keeps a lead Telegram refuses for a wrong token as undeliverable, turns health red, and delivers it once after a restart with the right token", async () => {
    const wrong = await start({ TELEGRAM_BOT_TOKEN: "999:WRONG-token-abcdefghijklmnopqrst" });
    expect((await post(wrong, ann)).status).toBe(200);
    await expect
      .poll(async () => (await wrong.opened.store.list())[0]?.status, {
        timeout: 5_000,
        message: "the lead is marked undeliverable",
      })
      .toBe("undeliverable");
    expect(await health(wrong)).toEqual({
      status: 503,
      ok: false,
      telegram: "undeliverable",
      pending: 0,
      oldestPendingSeconds: 0,
      undeliverable: 1,
      problem: "Telegram refuses the relay's settings (401 Unauthorized): 1 lead held until they work",
    });
    // Sending is paused: a second lead waits instead of being refused too.
    await post(wrong, { ...ann, name: "Bo" });
    await wrong.drained();
    expect(await wrong.opened.store.list({ statuses: ["pending"] })).toHaveLength(1);
    expect(logs.join("\n")).toContain("401 Unauthorized");
    expect(logs.join("\n")).not.toContain("WRONG-token");
    await stop(wrong);

    const right = await start({ TELEGRAM_BOT_TOKEN: TEST_TOKEN });
    await expect
      .poll(() => stack.tg.delivered.length, {
        timeout: 10_000,
        message: "both kept leads go out after the restart",
      })
      .toBe(2);
    expect(stack.tg.delivered.map((d) => /Name: (\w+)/.exec(d.shown)![1]).sort()).toEqual(["Ann", "Bo"]);
    expect(await health(right)).toMatchObject({ status: 200, telegram: "ok" });
  });

  it("turns health red (503) while a pending lead has waited more than 15 minutes, and green once it is delivered", async () => {
    const clock = testClock();
    const relay = await start({}, { now: clock.now });
    stack.tg.always({ kind: "down" });
    expect(await health(relay)).toEqual({
      status: 200,
      ok: true,
      telegram: "ok",
      pending: 0,
      oldestPendingSeconds: 0,
      undeliverable: 0,
    });
    const receivedAt = Date.now() - 16 * 60_000;
    await relay.opened.store.add({
      id: "stuck",
      form: "quote",
      fields: ann,
      parts: ["*New Quote Request*\n\n*Name:* Ann\n"],
      receivedAt,
    });
    await expect
      .poll(() => stack.tg.attempts, {
        timeout: 5_000,
        message: "the delivery loop tries the stuck lead against a Telegram that is down",
      })
      .toBeGreaterThanOrEqual(1);
    const red = await health(relay);
    expect(red).toMatchObject({ status: 503, ok: false, telegram: "ok" });
    expect(red.pending).toBeGreaterThanOrEqual(1);
    expect(red.oldestPendingSeconds).toBeGreaterThan(900);
    expect((await relay.opened.store.get("stuck"))?.status).toBe("pending");

    stack.tg.always({ kind: "ok" });
    clock.moveTo((await afterFailedTries(relay, 1)).nextAttemptAt);
    await expect
      .poll(() => stack.tg.delivered.length, {
        timeout: 10_000,
        message: "the stuck lead goes out once Telegram is back",
      })
      .toBe(1);
    await expect
      .poll(async () => (await health(relay)).status, {
        timeout: 5_000,
        message: "health turns green after the delivery",
      })
      .toBe(200);
    expect(await health(relay)).toEqual({
      status: 200,
      ok: true,
      telegram: "ok",
      pending: 0,
      oldestPendingSeconds: 0,
      undeliverable: 0,
    });
  });

  it("keeps leads without sending when Telegram is not configured, and says so in the health check", async () => {
    const relay = await start({ TELEGRAM_BOT_TOKEN: "", TELEGRAM_CHAT_ID: "" });
    expect((await post(relay, ann)).status).toBe(200);
    expect(await health(relay)).toEqual({
      status: 200,
      ok: true,
      telegram: "not configured",
      pending: 1,
      oldestPendingSeconds: 0,
      undeliverable: 0,
    });
    expect(stack.tg.attempts).toBe(0);
  });
});

describe("the store file", () => {
  it("is readable by the relay's user only, in a folder only it can enter", async () => {
    // The relay makes them here, not the migrated copy the other tests start from (tempLeadsDb).
    rmSync(path.dirname(stack.db.file), { recursive: true });
    const relay = await start();
    await post(relay, ann);
    expect(statSync(stack.db.file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(stack.db.file)).mode & 0o777).toBe(0o700);
    expect(statSync(`${stack.db.file}-wal`).mode & 0o777).toBe(0o600);
  });

  it("imports a pre-store outbox file once, as pending leads that are then delivered", async () => {
    const outbox = path.join(path.dirname(stack.db.file), "..", "telegram.jsonl");
    writeFileSync(
      outbox,
      `${JSON.stringify({ at: new Date().toISOString(), form: "quote", parse_mode: "Markdown", texts: ["*New Quote Request*\n\nfrom the outbox"] })}\n`,
    );
    const relay = await start({}, { outboxFile: outbox });
    await expect
      .poll(() => stack.tg.delivered.map((d) => d.shown), {
        timeout: 5_000,
        message: "the outbox lead goes out",
      })
      .toEqual(["New Quote Request\n\nfrom the outbox"]);
    expect(statSync(`${outbox}.imported`).isFile()).toBe(true);
    await stop(relay);
    await (await start({}, { outboxFile: outbox })).drained();
    expect(stack.tg.delivered).toHaveLength(1);
  });

  it("erases what visitors typed from delivered leads older than LEADS_RETENTION_DAYS, keeping ids and times", async () => {
    const first = await start();
    const old = Date.now() - 91 * 24 * 60 * 60_000;
    await first.opened.store.add({ id: "old", form: "quote", fields: ann, parts: ["*x*"], receivedAt: old });
    await expect
      .poll(async () => (await first.opened.store.get("old"))?.status, {
        timeout: 5_000,
        message: "the old lead is delivered",
      })
      .toBe("delivered");
    await stop(first);
    const second = await start({ LEADS_RETENTION_DAYS: "90" });
    expect(await second.opened.store.get("old")).toMatchObject({
      id: "old",
      status: "delivered",
      fields: null,
      parts: null,
      receivedAt: old,
    });
  });
});

describe("backoff", () => {
  it("starts at a few seconds, doubles, and stops at 15 minutes, with jitter", () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((n) => backoffMs(n, { random: mid }))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(backoffMs(30, { random: mid })).toBe(MAX_RETRY_MS);
    expect(backoffMs(1, { random: () => 0 })).toBe(1_500);
    expect(backoffMs(1, { random: () => 1 })).toBe(2_500);
  });
});
