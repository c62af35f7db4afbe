/**
 * The owner's chat under a flood (issue 59), against the strict stand-in: one message a second to
 * a chat, 20 a minute to a group, 429 with retry_after past either. The relay paces itself
 * (TELEGRAM_PACE=on) and summarises above FLOOD_LEADS_PER_MINUTE; the test moves the relay's and
 * the stand-in's one clock rather than waiting real seconds.
 */
import { describe, expect, it } from "vitest";
import { testClock } from "../testing/clock.ts";
import { waitFor } from "../testing/leads.ts";
import { relayPerTest, type RunningRelay } from "../testing/relay-stack.ts";
import type { Received } from "../testing/telegram-stand-in.ts";

const clock = testClock();
const stack = relayPerTest({ standIn: { strict: true, now: clock.now } });
const FLOODED = { TELEGRAM_PACE: "on", FLOOD_LEADS_PER_MINUTE: "10" };

const post = (relay: RunningRelay, i: number, message = "2 bed unit, move-out clean") =>
  relay.relay(
    new Request("http://relay.test/api/quote", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: `Flood ${i}`, email: `f${i}@example.com`, message, page: "/quote/" }),
    }),
  );
const health = async (relay: RunningRelay) => {
  const res = await relay.relay(new Request("http://relay.test/api/health"));
  return { status: res.status, ...((await res.json()) as { pending: number; problem?: string }) };
};

/** The relay's clock moved on `stepMs` at a time, as its loop passes, until nothing is pending. */
async function drainMovingTheClock(relay: RunningRelay, stepMs: number, what: string) {
  await waitFor(
    what,
    async () => {
      clock.advance(stepMs);
      return (await relay.opened.store.stats()).pending === 0;
    },
    30_000,
  );
}

/** The most messages the chat took within any second, and within any minute. */
function peaks(messages: Received[]) {
  const most = (windowMs: number) =>
    Math.max(...messages.map((m) => messages.filter((n) => n.at >= m.at && n.at < m.at + windowMs).length));
  return { perSecond: most(1_000), perMinute: most(60_000) };
}

const summaries = (messages: Received[]) => messages.filter((m) => m.shown.endsWith(": /leads"));
const counted = (summary: Received) => Number(/^(\d+) more/.exec(summary.shown)?.[1]);

describe("a flood of leads", () => {
  it("reaches the owner as paced notices and summaries, none lost, no 429; health red with the backlog, green after", async () => {
    const relay = await stack.start({ env: FLOODED, now: clock.now, pollMs: 20 });
    // Five leads a few seconds apart: a notice each.
    for (let i = 0; i < 5; i++) {
      expect((await post(relay, i)).status).toBe(200);
      clock.advance(4_000);
      await waitFor(`lead ${i}'s notice`, () => stack.tg.delivered.length === i + 1);
    }
    // Telegram is down as 195 more come at once (a script past the spam check).
    stack.tg.always({ kind: "down" });
    for (let i = 5; i < 200; i += 15)
      await Promise.all(
        Array.from({ length: Math.min(15, 200 - i) }, (_, k) =>
          post(relay, i + k, (i + k) % 10 === 0 ? "see https://example.com/x" : undefined),
        ),
      );
    const red = await health(relay);
    expect(red).toMatchObject({ status: 503, pending: 195 });
    expect(red.problem).toMatch(/^195 leads waiting to be sent, the oldest for \d+ seconds$/);
    stack.tg.always({ kind: "ok" });
    await drainMovingTheClock(relay, 1_000, "the backlog to be sent");
    expect(await health(relay)).toMatchObject({ status: 200, pending: 0 });

    const messages = stack.tg.delivered;
    const told = summaries(messages);
    const notices = messages.filter((m) => !told.includes(m));
    expect(told).toHaveLength(1);
    expect(told[0].shown).toBe(
      "195 more quote requests in the last minute, 195 from the same page, 19 with a link: /leads",
    );
    // None lost, none twice: five notices by name, the rest counted in the summary.
    expect(notices.map((m) => /Flood (\d+)/.exec(m.shown)?.[1])).toEqual(["0", "1", "2", "3", "4"]);
    const leads = await relay.opened.store.list({ limit: 500 });
    expect(leads).toHaveLength(200);
    expect(leads.every((l) => l.status === "delivered")).toBe(true);
    expect(stack.tg.tooMany).toBe(0);
    expect(peaks(messages)).toMatchObject({ perSecond: 1 });
    expect(peaks(messages).perMinute).toBeLessThanOrEqual(20);

    // The flood goes on: the summary is edited to count the next ones, no new message.
    await Promise.all(Array.from({ length: 12 }, (_, k) => post(relay, 200 + k)));
    await drainMovingTheClock(relay, 1_000, "the next leads to be counted");
    expect(stack.tg.delivered).toHaveLength(6);
    expect(stack.tg.messages.get(told[0].messageId)?.shown).toMatch(/^207 more quote requests in the last/);
    expect(stack.tg.tooMany).toBe(0);

    // The summary's /leads lists every one of them, oldest first (issue 52's desk).
    clock.advance(5_000);
    await stack.tg.write("/leads");
    await waitFor("the answer to /leads", () => stack.tg.delivered.length === 7);
    expect(stack.tg.delivered[6].shown.split("\n").slice(0, 2)).toEqual([
      "Open leads (212), oldest first",
      expect.stringMatching(/^1\. Flood 0,/),
    ]);
    expect(stack.tg.tooMany).toBe(0);
  });

  it("holds back the leads with a link first: the others keep their notices while only all leads together pass the rate", async () => {
    const relay = await stack.start({ env: FLOODED, now: clock.now, pollMs: 20 });
    // Eleven in one minute, three with a link: all of them pass the rate of 10, the eight without a link do not.
    expect((await post(relay, 0)).status).toBe(200);
    await waitFor("the first lead's notice", () => stack.tg.delivered.length === 1);
    const link = (i: number) => (i % 4 === 3 || i === 10 ? "www.example.com/cheap" : undefined);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, k) => post(relay, k + 1, link(k + 1))));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    await drainMovingTheClock(relay, 1_000, "every lead to be told");
    const told = summaries(stack.tg.delivered);
    expect(told.map((m) => m.shown)).toEqual([
      "3 more quote requests in the last minute, 3 from the same page, 3 with a link: /leads",
    ]);
    const named = stack.tg.delivered
      .filter((m) => !told.includes(m))
      .map((m) => Number(/Flood (\d+)/.exec(m.shown)?.[1]));
    // Posted in the same millisecond of the relay's clock: in no one order.
    expect(named.sort((a, b) => a - b)).toEqual([0, 1, 2, 4, 5, 6, 8, 9]);
    expect(stack.tg.tooMany).toBe(0);
    expect(counted(told[0])).toBe(3);
  });

  it("answers the owner's /leads typed the moment after a notice: Telegram's 429 waited out, not an answer lost", async () => {
    const relay = await stack.start({ env: FLOODED, now: clock.now, pollMs: 20 });
    expect((await post(relay, 0)).status).toBe(200);
    await waitFor("the lead's notice", () => stack.tg.delivered.length === 1);
    // The group's next turn is 3 s on: Telegram answers a message before it with 429 and retry_after.
    const typed = stack.tg.write("/leads");
    await waitFor("Telegram's 429 to the answer", () => stack.tg.tooMany === 1);
    clock.advance(3_000);
    await typed;
    await waitFor("the answer to /leads", () => stack.tg.delivered.length === 2, 10_000);
    expect(stack.tg.delivered[1].shown.split("\n")[0]).toBe("Open leads (1), oldest first");
    expect(stack.logs.filter((l) => l.includes("could not answer"))).toEqual([]);
  });
});
