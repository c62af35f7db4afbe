/**
 * What the real Telegram does that a kind stand-in never showed, against the
 * Node relay (each of these also runs on workerd, in worker/worker.e2e.test.ts):
 * a group upgraded to a supergroup (whose message ids start again), a bot
 * removed from the chat, a chat with one person who never pressed Start, text
 * Telegram will not take, update ids that start again, a second copy polling with the
 * same token, and a press whose answer is refused or unanswered at first.
 * The relay listens on 127.0.0.1; the stand-in posts presses to it through
 * an https address routed there, as Telegram needs. Every wait is bounded and
 * says what it waits for.
 */
import { describe, expect, it } from "vitest";
import { stageData } from "../owner/stage-buttons.ts";
import { within } from "../testing/leads.ts";
import { testClock } from "../testing/clock.ts";
import { relayPerTest } from "../testing/relay-stack.ts";
import { OWNER, TEST_GROUP_ID } from "../testing/telegram-stand-in.ts";
import { ownerTick } from "../owner/owner.ts";
import { HOURS } from "../testing/business.ts";

// A basic group, as the owner's chat usually starts: Telegram upgrades it to a supergroup when it grows.
const stack = relayPerTest({ standIn: { chatId: TEST_GROUP_ID } });
const { logs } = stack;
/**
 * A relay reading the owner's presses this way (none by default); with "webhook" the stand-in's webhook
 * points at it.
 */
const start = (updates: "webhook" | "polling" | "off" = "off", now?: () => number) =>
  stack.start({ env: { TELEGRAM_UPDATES: updates }, now });

/** Posts a lead as a script would; answers its id. */
async function post(url: string, name: string, extra: Record<string, string> = {}) {
  const submissionId = crypto.randomUUID();
  const res = await fetch(`${url}/api/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name,
      email: "ann@example.com",
      message: "Bond clean please",
      submissionId,
      ...extra,
    }),
  });
  expect(res.status).toBe(200);
  return submissionId;
}

const noticesFor = (name: string) => stack.tg.delivered.filter((d) => d.shown.includes(`Name: ${name}\n`));
const arrived = (name: string, message = `the notice for ${name} arrives`) =>
  expect.poll(() => noticesFor(name).length, { timeout: 10_000, message }).toBeGreaterThanOrEqual(1);
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
    const supergroup = stack.tg.upgradeToSupergroup();
    for (const name of ["Lead Four", "Lead Five"]) {
      await post(first.url, name);
      await arrived(name, `${name} reaches the supergroup`);
    }
    expect(stack.tg.delivered.map((d) => String(d.chatId))).toEqual([
      stack.tg.chatId,
      stack.tg.chatId,
      stack.tg.chatId,
      supergroup,
      supergroup,
    ]);
    expect(stack.tg.delivered.every((d) => !d.shown.includes("possible repeat"))).toBe(true);
    expect(logs.filter((l) => l.includes(`Set TELEGRAM_CHAT_ID=${supergroup} to match`))).toHaveLength(1);
    expect(await healthOf(first.url)).toMatchObject({ status: 200, ok: true, undeliverable: 0 });

    await stack.stop(first);
    const second = await start();
    expect(logs.filter((l) => l.includes(`Set TELEGRAM_CHAT_ID=${supergroup} to match`))).toHaveLength(2);
    const oldChatCalls = stack.tg.calls("sendMessage");
    await post(second.url, "Lead Six");
    await arrived("Lead Six");
    // Straight to the supergroup: the old id is not asked first.
    expect(stack.tg.calls("sendMessage")).toBe(oldChatCalls + 1);
    expect(String(stack.tg.delivered.at(-1)!.chatId)).toBe(supergroup);
  });

  it("sends the leads a relay held for the old chat id once the move is known", async () => {
    const relay = await start();
    const { url } = relay;
    // An old relay gave up on these, as it did before it knew of the move.
    await relay.opened.store.add({
      id: "held",
      form: "contact",
      fields: { name: "Held Lead" },
      parts: ["*New Contact Form Submission*\n\n*Name:* Held Lead\n"],
      receivedAt: Date.now() - 10 * 60_000,
    });
    await relay.opened.store.undeliverable("held", {
      kind: "message",
      error: "400 Bad Request: group chat was upgraded to a supergroup chat",
    });
    stack.tg.upgradeToSupergroup();
    await post(url, "New Lead");
    await arrived("New Lead");
    await arrived("Held Lead", "the lead held for the old chat goes to the new one");
    expect(noticesFor("Held Lead")[0].shown).toMatch(/^Delayed: received /);
  });
});

describe("notices left in the group after it became a supergroup", () => {
  it("keep working: a press on one is answered and edits it there; a reminder for one goes to the new chat as a message of its own", async () => {
    const relay = await start("webhook");
    for (const name of ["Old Lead", "Waiting Lead"]) {
      await post(relay.url, name);
      await arrived(name);
    }
    const supergroup = stack.tg.upgradeToSupergroup();
    await post(relay.url, "New Lead");
    await arrived("New Lead", "the next lead reaches the supergroup");
    const idOf = async (name: string) =>
      (await relay.opened.store.list()).find((l) => l.fields?.name === name)!.id;
    const oldId = await idOf("Old Lead");
    expect((await relay.opened.store.get(oldId))?.noticeChatId).toBe(stack.tg.chatId);
    expect((await relay.opened.store.get(await idOf("New Lead")))?.noticeChatId).toBe(supergroup);

    // The owner presses Called on the old notice, in the old group: answered, and that notice edited.
    const old = noticesFor("Old Lead")[0];
    expect(await stack.tg.press(old.messageId, stageData("called", oldId), {}, stack.tg.chatId)).toBe(200);
    expect(stack.tg.answers.at(-1)?.text).toBe("Marked Called.");
    expect((await relay.opened.store.get(oldId))?.stage).toBe("called");
    const edited = stack.tg.messages.in(stack.tg.chatId, old.messageId)!;
    expect(edited.chatId).toBe(stack.tg.chatId);
    expect(edited.shown).toContain("\nCalled by Sam at ");
    expect(logs.filter((l) => /could not edit|another chat/.test(l))).toEqual([]);

    // The supergroup numbers its messages afresh: the new notice has the old one's id, in the other chat
    // (where the owner can no longer write). A reply there names the new notice, not the old one.
    const newId = await idOf("New Lead");
    const fresh = noticesFor("New Lead")[0];
    expect(fresh.messageId).toBe(old.messageId);
    expect(() => stack.tg.reply(old.messageId, "$380", {}, stack.tg.chatId)).toThrow(/nobody writes in it/);
    expect(await stack.tg.reply(fresh.messageId, "$450", {}, supergroup)).toBe(200);
    expect([
      await relay.opened.store.notes.quote(oldId),
      await relay.opened.store.notes.quote(newId),
    ]).toEqual([null, 45_000]);
    expect(
      stack.tg.delivered
        .filter((d) => d.shown.startsWith("Quote recorded"))
        .map((d) => [String(d.chatId), d.shown.split("\n")[0]]),
    ).toEqual([[supergroup, "Quote recorded for New Lead: $450. Marked Quoted."]]);
    expect(stack.tg.messages.in(supergroup, fresh.messageId)!.shown).toMatch(
      /^Stage: Quoted\nQuote: \$450\n/,
    );
    expect(stack.tg.messages.in(stack.tg.chatId, old.messageId)!.shown).not.toContain("$450");

    // Waiting Lead's notice stayed behind: its reminder goes to the supergroup, replying to nothing there.
    const telegram = { apiBase: stack.tg.apiBase, token: stack.tg.token, chatId: supergroup };
    // An hour after the next morning's opening: the business is open, and the lead has waited.
    const tick = HOURS.openingAfterBusinessDays(Date.now(), 1)! + 60 * 60_000;
    await ownerTick(
      { store: relay.opened.store, telegram, hours: HOURS, reminderMinutes: 30, log: () => {} },
      tick,
    );
    const reminder = stack.tg.delivered.find(
      (d) => d.shown.includes("Waiting Lead") && !d.shown.includes("Name: Waiting Lead"),
    );
    expect(reminder && String(reminder.chatId)).toBe(supergroup);
    expect(stack.tg.messages.in(supergroup, reminder!.messageId)?.replyTo).toBeUndefined();
  });
});

describe("a bot removed from the group", () => {
  it("turns health red naming the cause and the count; tries again on its own, backing off, and once the bot is back delivers every held lead without a restart", async () => {
    const clock = testClock();
    const relay = await start("off", clock.now);
    stack.tg.removeBot("kicked");
    await post(relay.url, "Kept One");
    await post(relay.url, "Kept Two");
    // The first refusal holds every send: one lead refused, the other not tried while the settings are
    // refused.
    await expect
      .poll(async () => (await relay.opened.store.stats()).undeliverable, {
        timeout: 10_000,
        message: "the first lead is refused",
      })
      .toBe(1);
    await expect
      .poll(async () => (await relay.opened.store.stats()).pending, {
        timeout: 10_000,
        message: "the second lead waits",
      })
      .toBe(1);
    const red = await healthOf(relay.url);
    expect(red).toMatchObject({
      status: 503,
      ok: false,
      telegram: "undeliverable",
      undeliverable: 1,
      pending: 1,
    });
    expect(red.problem).toBe(
      "Telegram refuses the relay's settings (403 Forbidden: bot was kicked from the group chat): 2 leads held until they work",
    );
    expect(
      logs.some((l) =>
        l.includes("add the bot back to the chat (or unblock it): the relay tries again on its own"),
      ),
    ).toBe(true);

    // Tried again a minute on, then two minutes after that: one send each, still refused, still red.
    const calls = stack.tg.attempts;
    clock.advance(59_000);
    await relay.drained();
    expect(stack.tg.attempts).toBe(calls);
    clock.advance(1_000);
    await expect
      .poll(() => stack.tg.attempts, { timeout: 10_000, message: "the first try again" })
      .toBe(calls + 1);
    await relay.drained();
    expect(await healthOf(relay.url)).toMatchObject({ status: 503, telegram: "undeliverable" });
    clock.advance(119_000);
    await relay.drained();
    expect(stack.tg.attempts).toBe(calls + 1);

    // Back in the group, unannounced: the next try (two minutes on) takes, and the other goes after it.
    stack.tg.restoreBot();
    clock.advance(1_000);
    await arrived("Kept One", "the first held lead goes out on the next try");
    await arrived("Kept Two", "the other held lead goes out once Telegram takes the first");
    expect(noticesFor("Kept One")[0].shown).toMatch(/^Delayed: received /);
    await relay.drained();
    expect(stack.tg.delivered).toHaveLength(2);
    expect(await healthOf(relay.url)).toMatchObject({ status: 200, ok: true, undeliverable: 0, pending: 0 });
  });

  it("sends what waited at once when the owner adds the bot back: the group's service message reaches the relay", async () => {
    const clock = testClock();
    const relay = await start("webhook", clock.now);
    stack.tg.removeBot("kicked");
    await post(relay.url, "Held Lead");
    await expect
      .poll(async () => (await relay.opened.store.stats()).undeliverable, {
        timeout: 10_000,
        message: "the lead is refused",
      })
      .toBe(1);
    // No time passes on the relay's clock: the update from the chat is what sends it.
    expect(await stack.tg.addBotBack()).toBe(200);
    await arrived("Held Lead", "the held lead goes out as the bot is added back");
    expect(await healthOf(relay.url)).toMatchObject({ status: 200, ok: true, undeliverable: 0 });
  });
});

describe("a chat with one person who never pressed Start", () => {
  // The owner's own chat with the bot, set up before they opened it: Telegram lets no bot write first.
  const person = relayPerTest({ standIn: { chatId: String(OWNER.id), started: false } });
  it("holds every lead, health red naming the cause; once they press Start, a restart delivers each, marked delayed", async () => {
    const clock = testClock();
    const first = await person.start({ env: { TELEGRAM_UPDATES: "off" }, now: clock.now });
    await post(first.url, "Before Start");
    await expect
      .poll(async () => (await first.opened.store.stats()).undeliverable, {
        timeout: 10_000,
        message: "the lead is refused for the settings",
      })
      .toBe(1);
    expect(person.tg.delivered).toEqual([]);
    // The settings are right: the log says what to do instead of "check the settings".
    expect(
      person.logs.filter((l) => l.includes("403 Forbidden: bot can't initiate conversation with a user")),
    ).toEqual([
      expect.stringMatching(
        /: TELEGRAM_CHAT_ID is a person who has not opened the bot and pressed Start: once they press it, the relay tries again on its own within 15 minutes, and at once when anyone writes in the chat\. Lead [\w-]+ is kept and sent after that\.$/,
      ),
    ]);
    expect(await healthOf(first.url)).toMatchObject({
      status: 503,
      telegram: "undeliverable",
      problem:
        "Telegram refuses the relay's settings (403 Forbidden: bot can't initiate conversation with a user): 1 lead held until they work",
    });

    // Start sends the bot "/start", which waits for the relay's next poll.
    await person.stop(first);
    expect(await person.tg.startBot()).toBeUndefined();
    clock.advance(5 * 60_000);
    const second = await person.start({ env: { TELEGRAM_UPDATES: "polling" }, now: clock.now });
    await expect
      .poll(() => person.tg.delivered.length, {
        timeout: 10_000,
        message: "the held lead goes out after the restart",
      })
      .toBe(1);
    expect(person.tg.delivered[0].shown).toMatch(/^Delayed: received [^]*Name: Before Start\n/);
    // The "/start" is read and left alone: no answer to it, nothing in the log about it.
    await within(person.tg.idle(), "the poller to have read the /start");
    expect(person.tg.delivered).toHaveLength(1);
    expect(person.logs.filter((l) => /\/start|update/i.test(l))).toEqual([]);
    expect(await healthOf(second.url)).toMatchObject({ status: 200, ok: true, undeliverable: 0 });
  });
});

describe("text Telegram will not take", () => {
  it("half an emoji in what a visitor sent reaches the owner, made whole", async () => {
    const relay = await start();
    const { url } = relay;
    const campaign = `${"a".repeat(199)}\ud83c`;
    const id = await post(url, "Half Emoji", {
      message: `Cut here: \ud83c\u{1F389}x\ud83c`,
      utm_campaign: campaign,
    });
    await arrived("Half Emoji");
    expect(noticesFor("Half Emoji")[0].shown).toContain("Cut here: \ufffd\u{1F389}x\ufffd");
    expect((await relay.opened.store.get(id))?.status).toBe("delivered");
  });

  it("a notice Telegram refuses for its content goes again as plain text, with every word the visitor typed", async () => {
    const relay = await start();
    const { url } = relay;
    stack.tg.next({
      kind: "refuse",
      description:
        "Bad Request: can't parse entities: Can't find end of the entity starting at byte offset 40",
    });
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
    const relay = await start("webhook");
    const { url } = relay;
    const id = await post(url, "Busy Press");
    await arrived("Busy Press");
    const { messageId } = noticesFor("Busy Press")[0];
    stack.tg.on("answerCallbackQuery", { kind: "tooMany", retryAfter: 1 });
    expect(await stack.tg.press(messageId, stageData("called", id))).toBe(200);
    expect(stack.tg.answers.map((a) => a.text)).toEqual(["Marked Called."]);
    expect(stack.tg.calls("answerCallbackQuery")).toBe(2);
    expect(stack.tg.messages.get(messageId)!.shown).toMatch(/\nCalled by Sam at /);
    expect((await relay.opened.store.get(id))?.stage).toBe("called");
  });

  it("a press whose answer hangs is answered on the next try, and the webhook's reply does not wait 30 s", async () => {
    const { url } = await start("webhook");
    const id = await post(url, "Hung Answer");
    await arrived("Hung Answer");
    const { messageId } = noticesFor("Hung Answer")[0];
    stack.tg.on("answerCallbackQuery", { kind: "hang" });
    const began = performance.now();
    expect(await stack.tg.press(messageId, stageData("quoted", id))).toBe(200);
    expect(performance.now() - began).toBeLessThan(10_000);
    expect(stack.tg.answers.map((a) => a.text)).toEqual(["Marked Quoted."]);
  });

  it("an edit that would change nothing is never sent: the same press twice edits once", async () => {
    const { url } = await start("webhook");
    const id = await post(url, "Twice Pressed");
    await arrived("Twice Pressed");
    const { messageId } = noticesFor("Twice Pressed")[0];
    await stack.tg.press(messageId, stageData("booked", id));
    await stack.tg.press(messageId, stageData("booked", id));
    expect(stack.tg.answers.map((a) => a.text)).toEqual(["Marked Booked.", "Already marked Booked."]);
    expect(stack.tg.calls("editMessageText")).toBe(1);
  });

  it("an edit Telegram answers with a 5xx is tried again", async () => {
    const { url } = await start("webhook");
    const id = await post(url, "Edit Retried");
    await arrived("Edit Retried");
    const { messageId } = noticesFor("Edit Retried")[0];
    stack.tg.on("editMessageText", { kind: "down" });
    await stack.tg.press(messageId, stageData("called", id));
    expect(stack.tg.calls("editMessageText")).toBe(2);
    expect(stack.tg.messages.get(messageId)!.shown).toMatch(/\nCalled by Sam at /);
  });
});

describe("long polling as Telegram answers it", () => {
  it("update ids that start again: a few requests per long poll, and the press with the lower id is handled", async () => {
    const relay = await start("polling");
    const { url } = relay;
    const id = await post(url, "Restarted Ids");
    await arrived("Restarted Ids");
    const { messageId } = noticesFor("Restarted Ids")[0];
    await stack.tg.press(messageId, stageData("called", id));
    await expect
      .poll(async () => (await relay.opened.store.get(id))?.stage, {
        timeout: 10_000,
        message: "the first press is read",
      })
      .toBe("called");

    stack.tg.restartUpdateIds(1);
    await stack.tg.press(messageId, stageData("booked", id));
    await expect
      .poll(async () => (await relay.opened.store.get(id))?.stage, {
        timeout: 10_000,
        message: "the press numbered afresh is read",
      })
      .toBe("booked");
    const calls = stack.tg.calls("getUpdates");
    // A poller that asked again with an offset Telegram takes for "in the future" would be answered the same
    // press again and again, and never wait on an empty queue.
    await within(
      stack.tg.idle(),
      "the poller to confirm the press numbered afresh and wait on an empty queue",
    );
    // Long polls of 25 s: a request to confirm, perhaps one more after the pause; never hundreds.
    expect(stack.tg.calls("getUpdates") - calls).toBeLessThanOrEqual(3);
    expect(stack.tg.answers.map((a) => a.text)).toEqual(["Marked Called.", "Marked Booked."]);
  });

  it("a second copy polling with the same token is named as such, not as a webhook", async () => {
    await start("polling");
    await expect
      .poll(() => stack.tg.calls("getUpdates"), { timeout: 5_000, message: "the relay is polling" })
      .toBeGreaterThanOrEqual(1);
    await stack.tg.competingPoll();
    await expect
      .poll(() => logs.join("\n"), { timeout: 5_000, message: "the relay says why it cannot read presses" })
      .toContain("another copy of the relay is polling with this token");
    expect(logs.join("\n")).not.toContain("a webhook is set");
  });
});
