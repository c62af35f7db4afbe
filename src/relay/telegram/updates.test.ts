/**
 * The owner works a lead from Telegram, on the Node relay: the notice's
 * buttons, a press through the webhook or long polling, forged and repeated
 * updates, and a restart between two presses. The relay listens on 127.0.0.1
 * so the Telegram stand-in can post presses to it as Telegram would.
 */
import { describe, expect, it } from "vitest";
import { STAGES } from "../leads/stages.ts";
import { MAX_CALLBACK_BYTES } from "../owner/buttons.ts";
import { stageData } from "../owner/stage-buttons.ts";
import { within } from "../testing/leads.ts";
import { RELAY_HOST, relayPerTest } from "../testing/relay-stack.ts";
import { OWNER } from "../testing/telegram-stand-in.ts";
import { callBot, callBotRetrying } from "./client.ts";
import { cleanNote, NOTE_MAX, quoteCents } from "../owner/replies.ts";
import type { LeadStore } from "../leads/store.ts";
import { followUpText } from "../owner/reminder-text.ts";
import { webhookSecret, webhookUpdatesInOrder } from "./updates.ts";
import { TELEGRAM_UPDATES_PATH } from "../../shared/relay-paths.ts";
import { CLOCK } from "../testing/business.ts";

/** Telegram takes a setWebhook with a URL once a second; the stand-in, for this file, once in this long. */
const SET_WEBHOOK_INTERVAL_MS = 100;
const stack = relayPerTest({ standIn: { setWebhookIntervalMs: SET_WEBHOOK_INTERVAL_MS } });
const telegram = () => ({ apiBase: stack.tg.apiBase, token: stack.tg.token, chatId: stack.tg.chatId });
/** A relay reading the owner's presses this way; with "webhook" the stand-in's webhook points at it. */
const start = (updates: "webhook" | "polling", now?: () => number) =>
  stack.start({ env: { TELEGRAM_UPDATES: updates }, now });

/** Posts a lead and waits for its notice; answers the notice's message id and the lead's id. */
async function lead(url: string, name = "Ann Lee") {
  const submissionId = crypto.randomUUID();
  const res = await fetch(`${url}/api/quote`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name, email: "ann@example.com", phone: "0412 345 678", submissionId }),
  });
  expect(res.status).toBe(200);
  await expect
    .poll(() => stack.tg.delivered.some((d) => d.shown.includes(`Name: ${name}\n`)), {
      timeout: 10_000,
      message: "the notice arrives",
    })
    .toBe(true);
  const notice = stack.tg.delivered.find((d) => d.shown.includes(`Name: ${name}\n`))!;
  return { messageId: notice.messageId, id: submissionId };
}

const shown = (messageId: number) => stack.tg.messages.get(messageId)!.shown;
const buttons = (messageId: number) =>
  stack.tg.messages
    .get(messageId)!
    .replyMarkup?.inline_keyboard.flat()
    .map((b) => b.text);

describe("the owner's buttons, through the webhook", () => {
  it("puts the number to copy, then Called, Quoted, Booked and Not a job on each notice, within Telegram's 64 bytes", async () => {
    const { url } = await start("webhook");
    const { messageId } = await lead(url);
    expect(buttons(messageId)).toEqual([
      "Copy +61 412 345 678",
      "Called",
      "Quoted",
      "Booked",
      "Lost",
      "Not a job",
    ]);
    // The copy button copies the number as a phone dials it; Telegram takes 1-256 characters.
    expect(stack.tg.messages.get(messageId)!.replyMarkup!.inline_keyboard[0]).toEqual([
      { text: "Copy +61 412 345 678", copy_text: { text: "+61412345678" } },
    ]);
    const longest = stageData("not-a-job", `form-${"f".repeat(32)}`);
    expect(new TextEncoder().encode(longest).length).toBeLessThanOrEqual(MAX_CALLBACK_BYTES);
  });

  it("a press moves the stage, answers it, and edits the notice once; the same button again changes nothing", async () => {
    const relay = await start("webhook");
    const { url } = relay;
    const { messageId, id } = await lead(url);
    const before = shown(messageId);

    expect(await stack.tg.press(messageId, stageData("called", id))).toBe(200);
    expect((await relay.opened.store.get(id))?.stage).toBe("called");
    expect(stack.tg.answers.map((a) => a.text)).toEqual(["Marked Called."]);
    expect(stack.tg.edits).toHaveLength(1);
    expect(shown(messageId)).toMatch(
      new RegExp(
        `^Stage: Called\\n\\n${before.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\nCalled by Sam at \\d{1,2}:\\d\\d [ap]m$`,
      ),
    );
    expect(buttons(messageId)).toEqual([
      "Copy +61 412 345 678",
      "✓ Called",
      ...STAGES.slice(1).map((s) => s.label),
      "Undo",
    ]);

    expect(await stack.tg.press(messageId, stageData("called", id), { first_name: "Kim" })).toBe(200);
    expect(stack.tg.answers.map((a) => a.text)).toEqual(["Marked Called.", "Already marked Called."]);
    expect(stack.tg.edits).toHaveLength(1);

    expect(
      await stack.tg.press(messageId, stageData("quoted", id), {
        first_name: "Kim",
        last_name: "O_Neil *x*",
      }),
    ).toBe(200);
    expect(shown(messageId)).toMatch(
      /^Stage: Quoted\n[^]+\nCalled by Sam at [^\n]+\nCalled → Quoted by Kim O_Neil \*x\* at [^\n]+$/,
    );
    expect((await relay.opened.store.stages.history([id])).get(id)?.map((e) => [e.stage, e.byName])).toEqual([
      ["called", "Sam"],
      ["quoted", "Kim O_Neil *x*"],
    ]);
  });

  it("a forged update (no secret, a wrong one, another chat) gets 401 or is ignored, and changes nothing", async () => {
    const relay = await start("webhook");
    const { url } = relay;
    const { messageId, id } = await lead(url);
    const update = (chatId: string) =>
      JSON.stringify({
        update_id: 7,
        callback_query: {
          id: "1",
          from: OWNER,
          message: { message_id: messageId, chat: { id: Number(chatId) } },
          data: stageData("booked", id),
        },
      });
    const post = (headers: Record<string, string>, body = update(stack.tg.chatId)) =>
      fetch(`${url}${TELEGRAM_UPDATES_PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body,
      });
    const secret = await webhookSecret(stack.tg.token);
    expect((await post({})).status).toBe(401);
    expect(
      (
        await post({
          "X-Telegram-Bot-Api-Secret-Token": secret.slice(0, -1) + (secret.endsWith("A") ? "B" : "A"),
        })
      ).status,
    ).toBe(401);
    expect((await post({ "X-Telegram-Bot-Api-Secret-Token": `${secret}x` })).status).toBe(401);
    expect(await stack.tg.press(messageId, stageData("booked", id), {}, "-1009999999999")).toBe(200);
    expect((await relay.opened.store.get(id))?.stage).toBeNull();
    expect(stack.tg.edits).toHaveLength(0);
    expect(stack.tg.answers).toHaveLength(0);
  });

  it("a press naming another message than its lead's notice (a reminder, a copied button) edits the lead's own notice, never the message pressed", async () => {
    const relay = await start("webhook");
    const { url } = relay;
    const first = await lead(url, "First Lead");
    const second = await lead(url, "Second Lead");
    const before = shown(second.messageId);
    // The first lead's button, as if on the second lead's notice.
    expect(await stack.tg.press(second.messageId, stageData("booked", first.id))).toBe(200);
    expect((await relay.opened.store.get(first.id))?.stage).toBe("booked");
    expect(shown(second.messageId)).toBe(before);
    expect(stack.tg.edits).toEqual([{ method: "editMessageText", messageId: first.messageId }]);
    expect(shown(first.messageId)).toMatch(/^Stage: Booked\n/);
  });

  it("mis-taps on a clock standing still (a Worker's, within a request): Not a job, Booked, Called, Not a job, Called ends at Called, the notice and the store agreeing", async () => {
    // Every press in the same millisecond: the order they were made in is all that tells them apart.
    const relay = await start("webhook", () => Date.parse("2026-11-24T05:00:00Z"));
    const { url } = relay;
    const { messageId, id } = await lead(url);
    const presses = [
      ["not-a-job", "Sam"],
      ["booked", "Kim"],
      ["called", "Sam"],
      ["not-a-job", "Kim"],
    ] as const;
    for (const [stage, name] of presses)
      expect(await stack.tg.press(messageId, stageData(stage, id), { first_name: name })).toBe(200);
    expect((await relay.opened.store.get(id))?.stage).toBe("not-a-job");
    expect(stack.tg.answers.map((a) => a.text)).toEqual([
      "Marked Not a job.",
      "Marked Booked.",
      "Marked Called.",
      "Marked Not a job.",
    ]);
    expect(shown(messageId)).toMatch(/^Stage: Not a job\n\n/);
    // Every press, in the order made (all of them fit).
    expect(shown(messageId)).toMatch(
      /\nNot a job by Sam at 3:00 pm\nNot a job → Booked by Kim at 3:00 pm\nBooked → Called by Sam at 3:00 pm\nCalled → Not a job by Kim at 3:00 pm$/,
    );
    expect(buttons(messageId)).toEqual([
      "Copy +61 412 345 678",
      "Called",
      "Quoted",
      "Booked",
      "Lost",
      "✓ Not a job",
      "Undo",
    ]);

    // One more: Called sorts before Not a job, so ordering by time, then stage, would end at the wrong one.
    await stack.tg.press(messageId, stageData("called", id));
    expect((await relay.opened.store.get(id))?.stage).toBe("called");
    expect(shown(messageId)).toMatch(/^Stage: Called\n[^]+\nNot a job → Called by Sam at 3:00 pm$/);
    // The history npm run leads -- show prints (scripts/leads.test.ts shows it printed).
    expect((await relay.opened.store.stages.presses(id)).map((p) => [p.from, p.to, p.byName])).toEqual([
      [null, "not-a-job", "Sam"],
      ["not-a-job", "booked", "Kim"],
      ["booked", "called", "Sam"],
      ["called", "not-a-job", "Kim"],
      ["not-a-job", "called", "Sam"],
    ]);
  });

  it("Undo within a minute takes the latest press back, says so on the notice and in the history, and goes; after a minute it is refused and its button taken away", async () => {
    let clock = Date.parse("2026-11-24T05:00:00Z");
    const relay = await start("webhook", () => clock);
    const { url } = relay;
    const { messageId, id } = await lead(url);
    await stack.tg.press(messageId, stageData("called", id));
    clock += 5 * 60_000;
    await stack.tg.press(messageId, stageData("booked", id), { first_name: "Kim" });
    const undo = () =>
      stack.tg.messages
        .get(messageId)!
        .replyMarkup!.inline_keyboard.flat()
        .find((b) => b.text === "Undo")!.callback_data!;
    const booked = undo();
    clock += 59_000;
    expect(await stack.tg.press(messageId, booked, { first_name: "Kim" })).toBe(200);
    expect(stack.tg.answers.at(-1)?.text).toBe("Undone: back to Called.");
    expect((await relay.opened.store.get(id))?.stage).toBe("called");
    expect(shown(messageId)).toMatch(
      /^Stage: Called\n[^]+\nCalled by Sam at 3:00 pm\nCalled → Booked by Kim at 3:05 pm\nUndo by Kim at 3:05 pm \(back to Called\)$/,
    );
    expect(buttons(messageId)).toEqual([
      "Copy +61 412 345 678",
      "✓ Called",
      "Quoted",
      "Booked",
      "Lost",
      "Not a job",
    ]);
    // The report's times forget the press taken back: Booked was never pressed.
    expect((await relay.opened.store.stages.history([id])).get(id)?.map((e) => e.stage)).toEqual(["called"]);
    expect((await relay.opened.store.stages.presses(id)).at(-1)).toMatchObject({
      from: "booked",
      to: "called",
      byName: "Kim",
      undoes: 2,
    });

    // The same Undo again (a second tap, or a replay with a new update id) takes nothing more back.
    expect(await stack.tg.press(messageId, booked)).toBe(200);
    expect(stack.tg.answers.at(-1)?.text).toBe("Only the latest press can be undone.");
    expect((await relay.opened.store.get(id))?.stage).toBe("called");

    await stack.tg.press(messageId, stageData("quoted", id));
    const quoted = undo();
    clock += 60_000;
    const edits = stack.tg.edits.length;
    await stack.tg.press(messageId, quoted);
    expect(stack.tg.answers.at(-1)?.text).toBe("Undo lasts a minute: press the stage it should be.");
    expect((await relay.opened.store.get(id))?.stage).toBe("quoted");
    expect(stack.tg.edits).toHaveLength(edits + 1);
    expect(buttons(messageId)).toEqual([
      "Copy +61 412 345 678",
      "Called",
      "✓ Quoted",
      "Booked",
      "Lost",
      "Not a job",
    ]);
  });

  it("Lost asks why with a second row of reasons; a reason is kept, ticked, shown on top, and can be undone; another stage clears it", async () => {
    const clock = Date.parse("2026-11-24T05:00:00Z");
    const relay = await start("webhook", () => clock);
    const { messageId, id } = await lead(relay.url);
    await stack.tg.press(messageId, stageData("quoted", id));
    await stack.tg.press(messageId, stageData("lost", id));
    expect(stack.tg.answers.at(-1)?.text).toBe("Marked Lost. Why? Press a reason below.");
    expect(shown(messageId)).toMatch(
      /^Stage: Lost \(why\? press a reason below\)\n[^]+\nQuoted → Lost by Sam at 3:00 pm$/,
    );
    const keyboard = () =>
      stack.tg.messages.get(messageId)!.replyMarkup!.inline_keyboard.map((row) => row.map((b) => b.text));
    expect(keyboard()).toEqual([
      ["Copy +61 412 345 678"],
      ["Called", "Quoted"],
      ["Booked", "✓ Lost"],
      ["Not a job"],
      ["Price", "Timing", "No answer"],
      ["Not our service", "Other"],
      ["Undo"],
    ]);
    const reason = (text: string) =>
      stack.tg.messages
        .get(messageId)!
        .replyMarkup!.inline_keyboard.flat()
        .find((b) => b.text === text)!.callback_data!;
    expect(reason("Not our service")).toBe(`lost:not-our-service:${id}`);

    await stack.tg.press(messageId, reason("Price"));
    expect(stack.tg.answers.at(-1)?.text).toBe("Marked Lost: Price.");
    expect(await relay.opened.store.stages.lostReason(id)).toBe("price");
    expect(shown(messageId)).toMatch(
      /^Stage: Lost \(Price\)\n[^]+\nQuoted → Lost by Sam at 3:00 pm\nLost: Price by Sam at 3:00 pm$/,
    );
    expect(keyboard()[4]).toEqual(["✓ Price", "Timing", "No answer"]);
    await stack.tg.press(messageId, reason("✓ Price"));
    await stack.tg.press(messageId, stageData("lost", id));
    expect(stack.tg.answers.slice(-2).map((a) => a.text)).toEqual([
      "Already marked Lost: Price.",
      "Already marked Lost.",
    ]);

    // Undo takes the reason back, not the Lost.
    await stack.tg.press(messageId, reason("Timing"));
    await stack.tg.press(messageId, reason("Undo"));
    expect(stack.tg.answers.at(-1)?.text).toBe("Undone: back to Lost.");
    expect(await relay.opened.store.stages.lostReason(id)).toBe("price");
    expect(shown(messageId)).toMatch(
      /^Stage: Lost \(Price\)\n[^]+\nUndo by Sam at 3:00 pm \(back to Lost \(Price\)\)$/,
    );

    // A reason that is not one of the buttons' is refused; another stage clears the reason and its row.
    await stack.tg.press(messageId, `lost:cheaper:${id}`);
    expect(stack.tg.answers.at(-1)?.text).toBe("This button is not one of the relay's.");
    await stack.tg.press(messageId, stageData("booked", id));
    expect(await relay.opened.store.stages.lostReason(id)).toBeNull();
    expect(shown(messageId)).toMatch(/\nLost \(Price\) → Booked by Sam at 3:00 pm$/);
    expect(keyboard()).toEqual([
      ["Copy +61 412 345 678"],
      ["Called", "Quoted"],
      ["✓ Booked", "Lost"],
      ["Not a job"],
      ["Undo"],
    ]);
    expect(
      (await relay.opened.store.stages.presses(id)).map((p) => [
        p.from,
        p.fromReason,
        p.to,
        p.reason,
        p.undoes !== null,
      ]),
    ).toEqual([
      [null, null, "quoted", null, false],
      ["quoted", null, "lost", null, false],
      ["lost", null, "lost", "price", false],
      ["lost", "price", "lost", "timing", false],
      ["lost", "timing", "lost", "price", true],
      ["lost", "price", "booked", null, false],
    ]);
  });

  it("a forged Undo (another lead's press, a press that is not there, nonsense) moves nothing and edits nothing", async () => {
    let clock = Date.parse("2026-11-24T05:00:00Z");
    const relay = await start("webhook", () => clock);
    const { url } = relay;
    const first = await lead(url, "First Lead");
    const second = await lead(url, "Second Lead");
    await stack.tg.press(first.messageId, stageData("booked", first.id));
    await stack.tg.press(second.messageId, stageData("called", second.id));
    clock += 1_000;
    const edits = stack.tg.edits.length;
    const before = shown(second.messageId);
    const firstsPress = (await relay.opened.store.stages.presses(first.id))[0].seq;
    for (const data of [
      `undo:${firstsPress}:${second.id}`,
      `undo:999999:${second.id}`,
      `undo:0:${second.id}`,
      `undo:-1:${second.id}`,
      `undo:1e3:${second.id}`,
      `undo:1:nope`,
    ]) {
      expect(await stack.tg.press(second.messageId, data)).toBe(200);
    }
    expect(stack.tg.answers.slice(-6).map((a) => a.text)).toEqual([
      "Nothing to undo.",
      "Nothing to undo.",
      "This button is not one of the relay's.",
      "This button is not one of the relay's.",
      "This button is not one of the relay's.",
      "This lead is not in the store.",
    ]);
    expect((await relay.opened.store.get(first.id))?.stage).toBe("booked");
    expect((await relay.opened.store.get(second.id))?.stage).toBe("called");
    expect(shown(second.messageId)).toBe(before);
    expect(stack.tg.edits).toHaveLength(edits);
    // From another chat, even the real Undo is ignored.
    const real = stack.tg.messages
      .get(second.messageId)!
      .replyMarkup!.inline_keyboard.flat()
      .find((b) => b.text === "Undo")!.callback_data!;
    await stack.tg.press(second.messageId, real, {}, "-1009999999999");
    expect((await relay.opened.store.get(second.id))?.stage).toBe("called");
  });

  it("the same update sent twice is processed once", async () => {
    const { url } = await start("webhook");
    const { messageId, id } = await lead(url);
    await stack.tg.press(messageId, stageData("booked", id));
    expect(await stack.tg.redeliver(stack.tg.updates[0])).toBe(200);
    expect(stack.tg.answers).toHaveLength(1);
    expect(stack.tg.edits).toHaveLength(1);
  });

  it("answers a press on an unknown or erased lead politely, and leaves the notice alone", async () => {
    const relay = await start("webhook");
    const { url } = relay;
    const { messageId, id } = await lead(url);
    await stack.tg.press(messageId, stageData("called", "form-0123456789abcdef0123456789abcdef"));
    await relay.opened.store.erase(0, Date.now() + 1);
    await stack.tg.press(messageId, stageData("called", id));
    expect(stack.tg.answers.map((a) => a.text)).toEqual([
      "This lead is not in the store.",
      "This lead's details were erased after the retention period.",
    ]);
    expect(stack.tg.edits).toHaveLength(0);
  });
});

describe("the owner's buttons, through long polling (no public address)", () => {
  it("a press reaches the relay, and a press made while it was stopped is processed once after a restart", async () => {
    const first = await start("polling");
    const { messageId, id } = await lead(first.url);
    await stack.tg.press(messageId, stageData("called", id));
    await expect
      .poll(async () => (await first.opened.store.get(id))?.stage, {
        timeout: 10_000,
        message: "the press is read",
      })
      .toBe("called");
    await expect
      .poll(() => stack.tg.edits.length, { timeout: 5_000, message: "the notice is edited" })
      .toBe(1);

    await stack.stop(first);
    await stack.tg.press(messageId, stageData("booked", id));
    const second = await start("polling");
    await expect
      .poll(async () => (await second.opened.store.get(id))?.stage, {
        timeout: 10_000,
        message: "the press made while stopped is read",
      })
      .toBe("booked");
    await expect
      .poll(() => stack.tg.edits.length, { timeout: 5_000, message: "the notice is edited again" })
      .toBe(2);
    // Nothing is read twice: two presses, two answers, once the poller waits on an empty queue.
    await within(stack.tg.idle(), "the poller to have handled and confirmed every update the stand-in holds");
    expect(stack.tg.answers.map((a) => a.text)).toEqual(["Marked Called.", "Marked Booked."]);
    expect(shown(messageId)).toMatch(/\nCalled by Sam at [^\n]+\nCalled → Booked by Sam at [^\n]+$/);
  });
});

describe("the owner's replies to a notice", () => {
  const notesOf = (relay: { opened: { store: LeadStore } }) => relay.opened.store.notes;
  // Each answer's first line: a quote's answer goes on to show it as the customer reads it (issue 51).
  const confirmations = () =>
    stack.tg.delivered
      .filter((d) => /^(Quote recorded|Note added)/.test(d.shown))
      .map((d) => d.shown.split("\n")[0]);

  it("through the webhook: a number records the quote, text adds a note (controls and direction marks gone), each confirmed as a reply; the follow-up names the amount", async () => {
    const relay = await start("webhook");
    const { messageId, id } = await lead(relay.url);
    expect(await stack.tg.reply(messageId, "$380")).toBe(200);
    expect(await notesOf(relay).quote(id)).toBe(38_000);
    expect(
      await stack.tg.reply(messageId, " wants Saturday\u0007\u202e,\r\nbond due 3 Dec\u001b[2J ", {
        first_name: "Kim",
      }),
    ).toBe(200);
    expect(await notesOf(relay).notes(id)).toEqual([
      { at: expect.any(Number), byName: "Kim", text: "wants Saturday,\nbond due 3 Dec[2J" },
    ]);
    expect(await stack.tg.reply(messageId, "$1,250.50")).toBe(200);
    expect(await notesOf(relay).quote(id)).toBe(125_050);
    expect(confirmations()).toEqual([
      "Quote recorded for Ann Lee: $380. Marked Quoted.",
      "Note added to Ann Lee's lead.",
      "Quote recorded for Ann Lee: $1,250.50.",
    ]);
    // Each confirmation replies to the owner's own message.
    const replies = stack.tg.delivered
      .filter((d) => /^(Quote recorded|Note added)/.test(d.shown))
      .map((d) => stack.tg.messages.get(d.messageId)!.replyTo);
    expect(replies.every((to) => to !== undefined && to !== messageId)).toBe(true);
    expect(
      followUpText(
        { name: "Ann Lee", phone: "0412 345 678" },
        Date.parse("2026-11-23T00:05:00Z"),
        Date.parse("2026-11-26T00:00:00Z"),
        CLOCK,
        38_000,
      ),
    ).toContain("quoted $380 at 10:05 am, 23 Nov, not booked yet.");
  });

  // Found by the owner's day (testing/owner-day.ts): a Booked lead told to press Quoted would be pressed back
  // and lose its booking. Since issue 51 the reply moves the lead to Quoted itself, from waiting or Called
  // only.
  it("moves a lead to Quoted with an amount only while it is not yet quoted: a Quoted, Booked or Lost lead stays, and its answer says no more than the amount", async () => {
    const relay = await start("webhook");
    const { messageId, id } = await lead(relay.url);
    const said: string[] = [];
    for (const stage of ["called", "quoted", "booked", "lost"] as const) {
      expect(await stack.tg.press(messageId, stageData(stage, id))).toBe(200);
      expect(await stack.tg.reply(messageId, "$380")).toBe(200);
      said.push(confirmations().at(-1)!);
    }
    expect(said).toEqual([
      "Quote recorded for Ann Lee: $380. Marked Quoted.",
      "Quote recorded for Ann Lee: $380.",
      "Quote recorded for Ann Lee: $380.",
      "Quote recorded for Ann Lee: $380.",
    ]);
    expect((await relay.opened.store.get(id))?.stage).toBe("lost");
  });

  it("ignores a reply from another chat, a message that replies to nothing or to a message not a notice, and a bot's; the same update twice counts once", async () => {
    const relay = await start("webhook");
    const { messageId, id } = await lead(relay.url);
    await stack.tg.reply(messageId, "$999", {}, "-1009999999999");
    const other = (await callBot(telegram(), "sendMessage", { chat_id: stack.tg.chatId, text: "chat" })) as {
      ok: true;
      result: { message_id: number };
    };
    // The other chat's ids are its own: from here on, each reply names its chat.
    const { chatId } = stack.tg;
    await stack.tg.reply(other.result.message_id, "$999", {}, chatId);
    await stack.tg.reply(messageId, "$999", { is_bot: true, first_name: "Other Bot" }, chatId);
    expect(await notesOf(relay).quote(id)).toBeNull();
    await stack.tg.reply(messageId, "call after 5", {}, chatId);
    expect(await stack.tg.redeliver(stack.tg.updates.at(-1)!)).toBe(200);
    expect(await notesOf(relay).notes(id)).toHaveLength(1);
    expect(confirmations()).toEqual(["Note added to Ann Lee's lead."]);
    expect(stack.tg.dropped).toEqual([]);
  });

  it("a reply to the first part of a notice too long for one message counts, as one to its last part does", async () => {
    const relay = await start("webhook");
    const submissionId = crypto.randomUUID();
    // Twice what one Telegram message holds: the notice goes as parts, the name and phone in the first.
    const message = Array.from(
      { length: 120 },
      (_, i) => `Line ${i}: the oven, the windows and the carpets all need doing.`,
    ).join("\n");
    const res = await fetch(`${relay.url}/api/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Long Lee",
        email: "ann@example.com",
        phone: "0412 345 678",
        message,
        submissionId,
      }),
    });
    expect(res.status).toBe(200);
    await expect
      .poll(async () => (await relay.opened.store.get(submissionId))?.status, {
        timeout: 10_000,
        message: "every part delivered",
      })
      .toBe("delivered");
    const parts = stack.tg.delivered.filter((d) => d.shown.includes("Line "));
    expect(parts.length).toBeGreaterThan(1);
    expect(parts[0].shown).toContain("Name: Long Lee\n");
    expect(await stack.tg.reply(parts[0].messageId, "$420")).toBe(200);
    expect(await notesOf(relay).quote(submissionId)).toBe(42_000);
    expect(await stack.tg.reply(parts[0].messageId, "wants the oven first")).toBe(200);
    expect(await notesOf(relay).notes(submissionId)).toMatchObject([{ text: "wants the oven first" }]);
    expect(confirmations()).toEqual([
      "Quote recorded for Long Lee: $420. Marked Quoted.",
      "Note added to Long Lee's lead.",
    ]);
  });

  it("through long polling too: the relay asks for message updates, so a reply is not dropped", async () => {
    const relay = await start("polling");
    const { messageId, id } = await lead(relay.url);
    await within(stack.tg.idle(), "the poller to ask for updates");
    await stack.tg.reply(messageId, "380");
    await expect
      .poll(() => notesOf(relay).quote(id), { timeout: 10_000, message: "the reply is read" })
      .toBe(38_000);
    expect(stack.tg.dropped).toEqual([]);
  });
});

describe("a webhook set for presses only", () => {
  it("is set again with message updates, so the owner's replies are read; getWebhookInfo says so; in order, it is left alone", async () => {
    const relay = await start("webhook");
    const { messageId, id } = await lead(relay.url);
    const info = async () =>
      ((await callBot(telegram(), "getWebhookInfo", {})) as { ok: true; result: Record<string, unknown> })
        .result;
    expect(await info()).toMatchObject({
      url: `${RELAY_HOST}${TELEGRAM_UPDATES_PATH}`,
      allowed_updates: ["callback_query", "message"],
    });
    // As `npm run telegram -- webhook` set it before the relay read replies.
    const narrow = await callBotRetrying(telegram(), "setWebhook", {
      url: `${RELAY_HOST}${TELEGRAM_UPDATES_PATH}`,
      secret_token: await webhookSecret(stack.tg.token),
      allowed_updates: ["callback_query"],
    });
    expect(narrow.ok).toBe(true);
    expect(await stack.tg.reply(messageId, "$380")).toBeUndefined();
    expect(stack.tg.dropped).toHaveLength(1);

    expect(await webhookUpdatesInOrder(telegram())).toBe(
      "relay: the webhook asked Telegram for callback_query, not message: set again with callback_query, message",
    );
    expect(await info()).toMatchObject({
      url: `${RELAY_HOST}${TELEGRAM_UPDATES_PATH}`,
      allowed_updates: ["callback_query", "message"],
      pending_update_count: 0,
    });
    expect(await stack.tg.reply(messageId, "$380")).toBe(200);
    expect(await relay.opened.store.notes.quote(id)).toBe(38_000);
    expect(await webhookUpdatesInOrder(telegram())).toBeUndefined();
  });

  it("is left alone under long polling, where getWebhookInfo's url is empty", async () => {
    await start("polling");
    expect(await callBot(telegram(), "getWebhookInfo", {})).toMatchObject({
      ok: true,
      result: { url: "", has_custom_certificate: false },
    });
    expect(await webhookUpdatesInOrder(telegram())).toBeUndefined();
  });
});

describe("a reply's amount", () => {
  it("is a plain number of dollars, with or without $, commas and cents; anything else is a note", () => {
    expect(["$380", "380", " $ 380 ", "$1,250.50", "380.5", "$100000"].map(quoteCents)).toEqual([
      38_000, 38_000, 38_000, 125_050, 38_050, 10_000_000,
    ]);
    for (const text of ["$0", "0412 345 678", "$100001", "380 inc gst?", "3 Dec", "$1,25", "-380", "3.805"])
      expect(quoteCents(text), text).toBeUndefined();
    expect(cleanNote(`${"x".repeat(600)}`)).toHaveLength(NOTE_MAX);
  });
});

describe("the Telegram stand-in is as strict as Telegram", () => {
  it("refuses callback_data over 64 bytes, parameters a method does not have, an unchanged edit, and getUpdates while a webhook is set", async () => {
    const t = telegram();
    const kb = (data: string) => ({ inline_keyboard: [[{ text: "x", callback_data: data }]] });
    expect(
      await callBot(t, "sendMessage", { chat_id: t.chatId, text: "hi", reply_markup: kb("é".repeat(33)) }),
    ).toMatchObject({ ok: false, status: 400, description: "Bad Request: BUTTON_DATA_INVALID" });
    expect(
      await callBot(t, "sendMessage", { chat_id: t.chatId, text: "hi", reply_markup: kb("x".repeat(64)) }),
    ).toMatchObject({ ok: true });
    expect(await callBot(t, "sendMessage", { chat_id: t.chatId, text: "hi", colour: "red" })).toMatchObject({
      ok: false,
      description: "Bad Request: unknown parameter colour",
    });
    const messageId = stack.tg.delivered[0].messageId;
    expect(
      await callBot(t, "editMessageText", {
        chat_id: t.chatId,
        message_id: messageId,
        text: "hi",
        reply_markup: kb("x".repeat(64)),
      }),
    ).toMatchObject({
      ok: false,
      description: expect.stringMatching(/^Bad Request: message is not modified/),
    });
    expect(await callBot(t, "answerCallbackQuery", { callback_query_id: "nope" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(
      await callBot(t, "setWebhook", {
        url: "https://relay.example/api/telegram",
        secret_token: "no spaces allowed",
      }),
    ).toMatchObject({ ok: false, status: 400 });
    // Telegram takes a setWebhook with a URL once a second (the stand-in, here, once in
    // SET_WEBHOOK_INTERVAL_MS), a refused one too.
    await new Promise((r) => setTimeout(r, SET_WEBHOOK_INTERVAL_MS));
    expect(
      await callBot(t, "setWebhook", {
        url: "https://relay.example/api/telegram",
        secret_token: "ok_secret-1",
      }),
    ).toMatchObject({ ok: true });
    expect(await callBot(t, "getUpdates", {})).toMatchObject({ ok: false, status: 409 });
  });
});
