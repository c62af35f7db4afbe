/**
 * The Node relay killed with SIGKILL in the middle of sending, and started
 * again on the same lead store: no lead is lost, and a notice that may already
 * have reached the owner is marked "(possible repeat)" when it is sent again.
 * The relay runs in a child process (src/relay/testing/relay-process.ts); the
 * Telegram stand-in runs here and accepts each message before it answers, so a
 * kill between the two leaves a message delivered but not recorded.
 */
import type { ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { openLeadStore } from "./sqlite.ts";
import { NEVER_OPEN, UNPACED } from "../testing/leads.ts";
import { relayPerTest } from "../testing/relay-stack.ts";
import { startRelayChild, type RelayChild } from "../testing/relay-child.ts";

// A burst of 200 leads in under a minute: far over Telegram's 20 messages a minute to a group,
// which this test is not about (it is about a kill mid-send), so the stand-in takes them all.
const stack = relayPerTest({ standIn: { groupMessagesPerMinute: 1_000 } });
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** Starts the relay process on this test's store; resolves with its address once it listens. */
function startRelay({ attemptTimeoutMs = 2_000 } = {}): Promise<RelayChild> {
  return startRelayChild(
    {
      TELEGRAM_BOT_TOKEN: stack.tg.token,
      TELEGRAM_CHAT_ID: stack.tg.chatId,
      TELEGRAM_API_BASE: stack.tg.apiBase,
      ...UNPACED,
      LEADS_DB: stack.db.file,
      SPAM_CHECKS: "off",
      BUSINESS_HOURS: NEVER_OPEN,
      RATE_LIMIT_PER_MINUTE: "10000",
      TEST_ATTEMPT_TIMEOUT_MS: String(attemptTimeoutMs),
    },
    children,
  );
}

const lead = (name: string, i: number) => ({
  name,
  email: `lead${i}@example.com`,
  submissionId: `3f2c1e4a-9b7d-4c2e-8f1a-${String(i).padStart(12, "0")}`,
});

async function post(url: string, body: Record<string, string>): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return res.ok && ((await res.json()) as { ok?: unknown }).ok === true;
  } catch {
    // The relay was killed under this request: the visitor's form says it failed, and they send again.
    return false;
  }
}

/** Every notice the stand-in accepted, by the name it carries. */
function notices(): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const d of stack.tg.delivered) {
    const name = /Name: (.+)/.exec(d.shown)?.[1] ?? "?";
    byName.set(name, [...(byName.get(name) ?? []), d.shown]);
  }
  return byName;
}

const unmarkedRepeats = () =>
  [...notices()].filter(([, shown]) => shown.slice(1).some((s) => !s.startsWith("(possible repeat)")));

describe("the Node relay killed (SIGKILL) mid-send and started again", () => {
  it("sends a notice Telegram took but whose answer the dead relay never read again, marked (possible repeat)", async () => {
    // Telegram accepts the message, then takes a minute to answer: the relay is killed before it hears back.
    stack.tg.next({ kind: "ok", answerDelayMs: 60_000 });
    // Waits 30 s for an answer, so the relay is still waiting when it is killed (the visitor was answered
    // after 3 s).
    const first = await startRelay({ attemptTimeoutMs: 30_000 });
    expect(await post(first.url, lead("Ann Lee", 1))).toBe(true);
    await expect
      .poll(() => stack.tg.delivered.length, { timeout: 10_000, message: "Telegram has the notice" })
      .toBe(1);
    first.child.kill("SIGKILL");
    await first.exited;

    const second = await startRelay();
    await expect
      .poll(() => stack.tg.delivered.length, {
        timeout: 15_000,
        message: "the restarted relay sends it again",
      })
      .toBe(2);
    expect(stack.tg.delivered[0].shown.startsWith("(possible repeat)")).toBe(false);
    expect(stack.tg.delivered[1].shown).toMatch(/^\(possible repeat\)\nNew Quote Request/);
    const store = openLeadStore(stack.db.file);
    await expect
      .poll(async () => (await store.store.list())[0]?.status, {
        timeout: 5_000,
        message: "the store says delivered",
      })
      .toBe("delivered");
    store.close();
    second.child.kill("SIGKILL");
  }, 60_000);

  it("a lead taken while Telegram is down, the relay killed, Telegram back, the relay started again: the owner gets it once", async () => {
    stack.tg.always({ kind: "down" });
    const first = await startRelay();
    expect(await post(first.url, lead("Down Then Back", 3))).toBe(true);
    await expect
      .poll(() => stack.tg.attempts, {
        timeout: 10_000,
        message: "the relay tries Telegram while it is down",
      })
      .toBeGreaterThanOrEqual(1);
    first.child.kill("SIGKILL");
    await first.exited;

    stack.tg.always({ kind: "ok" });
    const second = await startRelay();
    await expect
      .poll(() => stack.tg.delivered.length, {
        timeout: 15_000,
        message: "the restarted relay sends the kept lead",
      })
      .toBe(1);
    const store = openLeadStore(stack.db.file);
    await expect
      .poll(async () => (await store.store.list())[0]?.status, {
        timeout: 5_000,
        message: "the store says delivered",
      })
      .toBe("delivered");
    store.close();
    // Delivered once: a 503 is a refusal, so the notice carries no repeat mark, and nothing follows it.
    expect(stack.tg.delivered[0].shown).toMatch(/^New Quote Request/);
    expect(notices().get("Down Then Back")).toHaveLength(1);
    second.child.kill("SIGKILL");
  }, 60_000);

  it("200 leads at 30 at a time, killed mid-burst: every lead delivered, none lost, no repeat unmarked", async () => {
    // A slow Telegram: 20 ms to take a message, 40 ms more to answer.
    stack.tg.always({ kind: "ok", delayMs: 20, answerDelayMs: 40 });
    const leads = Array.from({ length: 200 }, (_, i) => lead(`Burst ${String(i).padStart(3, "0")}`, i));
    const first = await startRelay();
    const unanswered: typeof leads = [];
    let next = 0;
    const poster = async () => {
      while (next < leads.length) {
        const body = leads[next++];
        if (!(await post(first.url, body))) unanswered.push(body);
      }
    };
    const burst = Promise.all(Array.from({ length: 30 }, poster));
    await expect
      .poll(() => stack.tg.delivered.length, {
        timeout: 30_000,
        interval: 5,
        message: "a third of the burst delivered",
      })
      .toBeGreaterThanOrEqual(60);
    first.child.kill("SIGKILL");
    await first.exited;
    await burst;
    const deliveredAtKill = notices().size;
    expect(deliveredAtKill).toBeLessThan(200);

    // Telegram at its usual speed again: the slowness was there to catch sends in flight at the kill (the
    // restarted relay sends the rest one after another, which at 60 ms each would take most of the test).
    stack.tg.always({ kind: "ok" });
    // Started again; the visitors whose send failed send again (the form keeps its submissionId).
    const second = await startRelay();
    for (const body of unanswered) expect(await post(second.url, body)).toBe(true);
    await expect
      .poll(() => notices().size, {
        timeout: 60_000,
        interval: 200,
        message: "every one of the 200 leads delivered",
      })
      .toBe(200);
    const store = openLeadStore(stack.db.file);
    await expect
      .poll(
        async () => (await store.store.list({ limit: 1_000 })).filter((l) => l.status === "delivered").length,
        { timeout: 10_000, message: "the store says all 200 delivered" },
      )
      .toBe(200);
    store.close();

    const lost = leads.filter((l) => !notices().has(l.name));
    expect({ lost: lost.length, unmarkedDuplicates: unmarkedRepeats().length }).toEqual({
      lost: 0,
      unmarkedDuplicates: 0,
    });
    second.child.kill("SIGKILL");
  }, 150_000);
});
