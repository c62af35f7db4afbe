/**
 * The Telegram stand-in holds to what the real Bot API server does, each rule
 * through plain fetch calls (no relay): faults on every method, the flood limit
 * for a group, a group upgraded to a supergroup, a removed bot, getUpdates'
 * offsets (confirmed, in the future, negative, restarted ids), both kinds of
 * 409, callback queries that expire, ill-formed UTF-8, setWebhook's URL rules
 * and the routes that stand for DNS, and "message is not modified" with
 * entities. The sources are cited in telegram-stand-in.ts beside each rule.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { testClock } from "./clock.ts";
import { parseLegacyMarkdown, parseLegacyMarkdownEntities } from "../telegram/markdown.ts";
import {
  CALLBACK_QUERY_TTL_MS,
  GROUP_MESSAGES_PER_MINUTE,
  startTelegramStandIn,
  TEST_CHAT_ID,
  TEST_GROUP_ID,
  type StandIn,
  type StandInOptions,
  type Update,
} from "./telegram-stand-in.ts";

const opened: StandIn[] = [];
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((tg) => tg.close()));
  await Promise.all(
    servers.splice(0).map((s) => new Promise((resolve) => (s.closeAllConnections(), s.close(resolve)))),
  );
});

async function standIn(options: StandInOptions = {}): Promise<StandIn> {
  const tg = await startTelegramStandIn(options);
  opened.push(tg);
  return tg;
}

interface Answer {
  status: number;
  headers: Headers;
  body: {
    ok: boolean;
    result?: unknown;
    description?: string;
    error_code?: number;
    parameters?: Record<string, number>;
  };
}

/** One Bot API call as JSON (bytes are sent as they are). */
async function call(
  tg: StandIn,
  method: string,
  params: Record<string, unknown> | Uint8Array<ArrayBuffer> = {},
  signal?: AbortSignal,
): Promise<Answer> {
  const body = params instanceof Uint8Array ? params : JSON.stringify(params);
  const res = await fetch(`${tg.apiBase}/bot${tg.token}/${method}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
    signal,
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: res.headers.get("Content-Type")?.includes("json")
      ? JSON.parse(text)
      : { ok: false, description: text },
  };
}

const send = (
  tg: StandIn,
  text = "hi",
  extra: Record<string, unknown> = {},
  chatId: string = tg.currentChatId,
) => call(tg, "sendMessage", { chat_id: chatId, text, ...extra });
const ids = (answer: Answer) => (answer.body.result as Update[]).map((u) => u.update_id);
const kb = (data: string) => ({ inline_keyboard: [[{ text: "Called", callback_data: data }]] });

/** A local server standing for the relay: records each post, answers `status`. */
async function receiver(status = 200): Promise<{
  base: string;
  posts: { path: string; secret?: string; update: Update }[];
  setStatus(s: number): void;
}> {
  const posts: { path: string; secret?: string; update: Update }[] = [];
  let answer = status;
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      posts.push({
        path: req.url ?? "",
        secret: req.headers["x-telegram-bot-api-secret-token"] as string | undefined,
        update: JSON.parse(Buffer.concat(chunks).toString()) as Update,
      });
      res.writeHead(answer).end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    posts,
    setStatus: (s) => void (answer = s),
  };
}

describe("faults on every method", () => {
  const METHODS = [
    "sendMessage",
    "editMessageText",
    "editMessageReplyMarkup",
    "answerCallbackQuery",
    "setWebhook",
    "deleteWebhook",
    "getUpdates",
  ];

  it.each(METHODS)(
    "%s: a planned 429 carries retry_after and Retry-After, then the method answers normally",
    async (method) => {
      const tg = await standIn();
      tg.on(method, { kind: "tooMany", retryAfter: 7 });
      const refused = await call(tg, method);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        ok: false,
        error_code: 429,
        description: "Too Many Requests: retry after 7",
        parameters: { retry_after: 7 },
      });
      expect(refused.headers.get("Retry-After")).toBe("7");
      expect((await call(tg, method)).status).not.toBe(429);
      expect(tg.calls(method)).toBe(2);
    },
  );

  it("a proxy's 502 page, Telegram down, a refusal, a delay and no answer, in order, on any method", async () => {
    const tg = await standIn();
    tg.on(
      "answerCallbackQuery",
      { kind: "serverError" },
      { kind: "down" },
      { kind: "refuse", description: "Bad Request: nope" },
      { kind: "ok", delayMs: 150 },
      { kind: "hang" },
    );
    const page = await call(tg, "answerCallbackQuery", { callback_query_id: "1" });
    expect([page.status, page.headers.get("Content-Type")]).toEqual([502, "text/html"]);
    expect(await call(tg, "answerCallbackQuery", { callback_query_id: "1" })).toMatchObject({
      status: 503,
      body: { description: "Service Unavailable" },
    });
    expect(await call(tg, "answerCallbackQuery", { callback_query_id: "1" })).toMatchObject({
      status: 400,
      body: { description: "Bad Request: nope" },
    });
    const began = performance.now();
    expect((await call(tg, "answerCallbackQuery", { callback_query_id: "1" })).status).toBe(400); // delayed, then the normal refusal of an unknown query
    expect(performance.now() - began).toBeGreaterThanOrEqual(140);
    await expect(
      call(tg, "answerCallbackQuery", { callback_query_id: "1" }, AbortSignal.timeout(300)),
    ).rejects.toThrow();
    expect(tg.calls("answerCallbackQuery")).toBe(5);
    expect(tg.calls("sendMessage")).toBe(0);
  });

  it("keeps next, failCall, always and attempts for sendMessage", async () => {
    const tg = await standIn();
    tg.next({ kind: "down" });
    tg.failCall(2, { kind: "refuse", description: "Bad Request: second" });
    expect((await send(tg)).status).toBe(503);
    expect(await send(tg)).toMatchObject({ status: 400, body: { description: "Bad Request: second" } });
    expect((await send(tg)).status).toBe(200);
    tg.always({ kind: "tooMany", retryAfter: 2 });
    expect((await send(tg)).status).toBe(429);
    expect([tg.attempts, tg.calls("sendMessage"), tg.delivered.length]).toEqual([4, 4, 1]);
  });
});

describe("the flood limit of a group", () => {
  it(`takes ${GROUP_MESSAGES_PER_MINUTE} messages a minute to a group, then 429 with the seconds until a slot frees`, async () => {
    const tg = await standIn();
    for (let i = 0; i < GROUP_MESSAGES_PER_MINUTE; i++) expect((await send(tg, `m${i}`)).status).toBe(200);
    const refused = await send(tg, "one too many");
    expect(refused.status).toBe(429);
    const wait = refused.body.parameters!.retry_after;
    expect(wait).toBeGreaterThanOrEqual(59);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.body.description).toBe(`Too Many Requests: retry after ${wait}`);
    expect(tg.delivered).toHaveLength(GROUP_MESSAGES_PER_MINUTE);
    // Edits are not messages sent.
    expect(
      (await call(tg, "editMessageText", { chat_id: tg.chatId, message_id: 1, text: "edited" })).status,
    ).toBe(200);
  });

  it("counts a rolling minute per group (the option sets the figure), not in a private chat, and reset clears it", async () => {
    const clock = testClock("running");
    const tg = await standIn({ groupMessagesPerMinute: 2, now: clock.now });
    expect((await send(tg)).status).toBe(200);
    clock.advance(1_100);
    expect((await send(tg)).status).toBe(200);
    // The slot frees a minute after the first message, about 59 s from now.
    const wait = (await send(tg)).body.parameters!.retry_after;
    expect(wait).toBeGreaterThanOrEqual(58);
    expect(wait).toBeLessThanOrEqual(59);
    tg.reset();
    expect((await send(tg)).status).toBe(200);

    const person = await standIn({ chatId: "4242", groupMessagesPerMinute: 1 });
    for (let i = 0; i < 3; i++) expect((await send(person)).status).toBe(200);
  });
});

describe("a group upgraded to a supergroup", () => {
  it("answers the old id 400 with migrate_to_chat_id, takes the new one, numbers its messages afresh, and presses come from the message's chat", async () => {
    const tg = await standIn({ chatId: TEST_GROUP_ID });
    const before = await send(tg, "in the group", { reply_markup: kb("a") });
    const oldMessage = (before.body.result as { message_id: number }).message_id;
    const supergroup = tg.upgradeToSupergroup();
    expect(supergroup).toMatch(/^-100\d{10}$/);
    expect(tg.currentChatId).toBe(supergroup);
    expect(tg.chatId).toBe(TEST_GROUP_ID);

    const moved = await send(tg, "to the old id", {}, TEST_GROUP_ID);
    expect(moved.status).toBe(400);
    expect(moved.body).toEqual({
      ok: false,
      error_code: 400,
      description: "Bad Request: group chat was upgraded to a supergroup chat",
      parameters: { migrate_to_chat_id: Number(supergroup) },
    });
    const after = await send(tg, "to the new id", { reply_markup: kb("b") });
    expect(after.status).toBe(200);
    expect(tg.delivered.map((d) => String(d.chatId))).toEqual([TEST_GROUP_ID, supergroup]);

    // The supergroup counts its messages from its own start: its first has the old one's id, and is another
    // message.
    const newMessage = (after.body.result as { message_id: number }).message_id;
    expect(newMessage).toBe(oldMessage);
    expect(() => tg.messages.get(oldMessage)).toThrow(/is in 2 chats/);
    expect([
      tg.messages.in(TEST_GROUP_ID, oldMessage)?.shown,
      tg.messages.in(supergroup, newMessage)?.shown,
    ]).toEqual(["in the group", "to the new id"]);
    // Edits ask for Edit access, which Client.cpp does not refuse for an upgraded group: each chat's message
    // is edited in its own chat.
    expect(
      (await call(tg, "editMessageText", { chat_id: TEST_GROUP_ID, message_id: oldMessage, text: "edited" }))
        .status,
    ).toBe(200);
    expect(
      (await call(tg, "editMessageText", { chat_id: supergroup, message_id: newMessage, text: "again" }))
        .status,
    ).toBe(200);
    expect([
      tg.messages.in(TEST_GROUP_ID, oldMessage)?.shown,
      tg.messages.in(supergroup, newMessage)?.shown,
    ]).toEqual(["edited", "again"]);
    expect(
      await call(tg, "editMessageText", { chat_id: supergroup, message_id: newMessage + 1, text: "none" }),
    ).toMatchObject({ status: 400, body: { description: "Bad Request: message to edit not found" } });
    // A reply names its message in the chat it is sent to.
    expect(await send(tg, "reply", { reply_parameters: { message_id: newMessage + 1 } })).toMatchObject({
      status: 400,
      body: { description: "Bad Request: message to be replied not found" },
    });

    await tg.press(newMessage, "b", {}, supergroup);
    await tg.press(oldMessage, "a", {}, TEST_GROUP_ID);
    expect(
      tg.updates.map((u) => [u.callback_query!.message.chat.id, u.callback_query!.message.chat.type]),
    ).toEqual([
      [Number(supergroup), "supergroup"],
      [Number(TEST_GROUP_ID), "group"],
    ]);
  });

  it("takes the id it is given, and reset brings the group back; a supergroup is never upgraded", async () => {
    const tg = await standIn({ chatId: TEST_GROUP_ID });
    expect(tg.upgradeToSupergroup("-1009876543210")).toBe("-1009876543210");
    expect(() => tg.upgradeToSupergroup()).toThrow(/only a basic group becomes a supergroup/);
    expect((await send(tg, "x", {}, TEST_GROUP_ID)).body.parameters).toEqual({
      migrate_to_chat_id: -1009876543210,
    });
    tg.reset();
    expect(tg.currentChatId).toBe(TEST_GROUP_ID);
    expect((await send(tg, "x", {}, TEST_GROUP_ID)).status).toBe(200);
    expect(await send(tg, "x", {}, "-1009876543210")).toMatchObject({
      status: 400,
      body: { description: "Bad Request: chat not found" },
    });
  });
});

describe("a bot removed from the chat", () => {
  it("kicked from a supergroup or a group, or blocked by a user: 403 on sends and edits until restored", async () => {
    for (const [chatId, how, description] of [
      [TEST_CHAT_ID, "kicked", "Forbidden: bot was kicked from the supergroup chat"],
      [TEST_GROUP_ID, "kicked", "Forbidden: bot was kicked from the group chat"],
      ["4242", "blocked", "Forbidden: bot was blocked by the user"],
    ] as const) {
      const tg = await standIn({ chatId });
      expect((await send(tg)).status).toBe(200);
      tg.removeBot(how);
      expect(await send(tg)).toMatchObject({
        status: 403,
        body: { ok: false, error_code: 403, description },
      });
      expect(
        await call(tg, "editMessageText", { chat_id: chatId, message_id: 1, text: "edited" }),
      ).toMatchObject({ status: 403, body: { description } });
      tg.restoreBot();
      expect((await send(tg)).status).toBe(200);
      tg.removeBot(how);
      tg.reset();
      expect((await send(tg)).status).toBe(200);
    }
  });

  it("a private chat whose user never pressed Start: 403 on every send until they do, and again after reset", async () => {
    const tg = await standIn({ chatId: "4242", started: false });
    const notStarted = {
      status: 403,
      body: {
        ok: false,
        error_code: 403,
        description: "Forbidden: bot can't initiate conversation with a user",
      },
    };
    expect(await send(tg)).toMatchObject(notStarted);
    expect(tg.delivered).toEqual([]);
    expect(await tg.startBot()).toBeUndefined();
    expect(tg.updates.at(-1)?.message).toMatchObject({
      from: { id: 4242 },
      chat: { id: 4242, type: "private" },
      text: "/start",
      entities: [{ type: "bot_command", offset: 0, length: 6 }],
    });
    expect((await send(tg)).status).toBe(200);
    tg.reset();
    expect(await send(tg)).toMatchObject(notStarted);
    const group = await standIn({ chatId: TEST_GROUP_ID, started: false });
    expect((await send(group)).status).toBe(200);
    expect(() => group.startBot()).toThrow(/in a private chat/);
  });

  it("refuses a removal Telegram has no word for, and another chat is not found", async () => {
    const group = await standIn();
    expect(() => group.removeBot("blocked")).toThrow(/only the user of a private chat/);
    const person = await standIn({ chatId: "4242" });
    expect(() => person.removeBot("kicked")).toThrow(/kicked from a group/);
    expect(await send(group, "hi", {}, "-1000000000001")).toMatchObject({
      status: 400,
      body: { description: "Bad Request: chat not found" },
    });
    expect(await call(group, "sendMessage", { text: "hi" })).toMatchObject({
      status: 400,
      body: { description: "Bad Request: chat_id is empty" },
    });
  });
});

describe("getUpdates, as the server's queue answers it", () => {
  it("confirms what comes before the offset, and answers from the start", async () => {
    const tg = await standIn();
    await tg.press(1, "a");
    await tg.press(1, "b");
    const [first, second] = ids(await call(tg, "getUpdates"));
    expect(second).toBe(first + 1);
    expect(ids(await call(tg, "getUpdates", { offset: first + 1 }))).toEqual([second]);
    expect(ids(await call(tg, "getUpdates"))).toEqual([second]);
    expect(ids(await call(tg, "getUpdates", { offset: second + 1 }))).toEqual([]);
  });

  it("an offset more than 10 past the next id is in the future: answered from the start, nothing confirmed", async () => {
    const tg = await standIn();
    await tg.press(1, "a");
    await tg.press(1, "b");
    const [first, second] = tg.updates.map((u) => u.update_id);
    const nextId = second + 1;
    expect(ids(await call(tg, "getUpdates", { offset: nextId + 11 }))).toEqual([first, second]);
    expect(ids(await call(tg, "getUpdates", { offset: nextId + 11 + 1 }))).toEqual([first, second]);
    // Up to 10 past the next id still confirms everything before it.
    expect(ids(await call(tg, "getUpdates", { offset: nextId + 10 }))).toEqual([]);
    expect(ids(await call(tg, "getUpdates"))).toEqual([]);
  });

  it("a negative offset keeps only the last updates; limit is 1 to 100; the same offset within 0.5 s gets one", async () => {
    const tg = await standIn();
    for (const data of ["a", "b", "c", "d"]) await tg.press(1, data);
    const all = tg.updates.map((u) => u.update_id);
    expect(ids(await call(tg, "getUpdates", { limit: 2 }))).toEqual(all.slice(0, 2));
    expect(ids(await call(tg, "getUpdates", { offset: all[0], limit: 500 }))).toEqual(all);
    expect(ids(await call(tg, "getUpdates", { offset: all[0] + 1, limit: 0 }))).toEqual([all[1]]);
    expect(ids(await call(tg, "getUpdates", { offset: all[0] + 1 }))).toEqual([all[1]]); // again within 0.5 s: one
    expect(ids(await call(tg, "getUpdates", { offset: -2 }))).toEqual(all.slice(2));
    expect(ids(await call(tg, "getUpdates", { offset: all[2] }))).toEqual(all.slice(2));
  });

  it("long-polls: an update answers a waiting request at once; the same empty offset again within 3 s waits", async () => {
    const tg = await standIn();
    const began = performance.now();
    const waiting = call(tg, "getUpdates", { timeout: 5 });
    await tg.idle();
    await tg.press(1, "a");
    expect(ids(await waiting)).toEqual([tg.updates[0].update_id]);
    expect(performance.now() - began).toBeLessThan(2_000); // not the 5 s timeout

    const offset = tg.updates[0].update_id + 1;
    expect(ids(await call(tg, "getUpdates", { offset }))).toEqual([]);
    // timeout 0 with the same offset within 3 s is a 3 s long poll: the press made meanwhile is in its
    // answer.
    const again = call(tg, "getUpdates", { offset, timeout: 0 });
    await tg.idle();
    await tg.press(1, "b");
    expect(ids(await again)).toEqual([offset]);
    expect(tg.calls("getUpdates")).toBe(3);
  });

  it("update ids that start again: an offset from before is in the future, so the new ones come from the start", async () => {
    const tg = await standIn();
    await tg.press(1, "a");
    const old = tg.updates[0].update_id;
    expect(ids(await call(tg, "getUpdates", { offset: old + 1 }))).toEqual([]);
    tg.restartUpdateIds();
    await tg.press(1, "b");
    expect(tg.updates[1].update_id).toBe(1);
    expect(ids(await call(tg, "getUpdates", { offset: old + 1 }))).toEqual([1]);
    expect(ids(await call(tg, "getUpdates", { offset: old + 1 }))).toEqual([1]); // nothing was confirmed
    expect(ids(await call(tg, "getUpdates", { offset: 2 }))).toEqual([]);
    tg.restartUpdateIds(50);
    await tg.press(1, "c");
    expect(tg.updates[2].update_id).toBe(50);
    tg.reset();
    await tg.press(1, "d");
    expect(tg.updates[0].update_id).toBe(old);
  });
});

describe("409 on getUpdates", () => {
  it("while a webhook is set", async () => {
    const tg = await standIn();
    expect((await call(tg, "setWebhook", { url: "https://relay.test/api/telegram" })).status).toBe(200);
    expect(await call(tg, "getUpdates")).toMatchObject({
      status: 409,
      body: {
        ok: false,
        error_code: 409,
        description:
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      },
    });
  });

  it("a second request ends the one waiting (competingPoll makes one); a 409 soon after another waits; setWebhook ends one too", async () => {
    const tg = await standIn({ conflictDelayMs: 800 });
    const first = call(tg, "getUpdates", { timeout: 5 });
    await expect
      .poll(() => tg.calls("getUpdates"), { timeout: 1_000, message: "the first request is waiting" })
      .toBe(1);
    const began = performance.now();
    await tg.competingPoll();
    expect(await first).toMatchObject({
      status: 409,
      body: {
        description:
          "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
      },
    });
    expect(performance.now() - began).toBeLessThan(700); // not held back: the first 409 in a while
    expect(tg.calls("getUpdates")).toBe(2);

    // The competing request now waits; a third takes over, and its 409 comes conflictDelayMs later.
    const third = call(tg, "getUpdates", { offset: 5, timeout: 5 });
    await expect
      .poll(() => tg.calls("getUpdates"), {
        timeout: 1_000,
        interval: 10,
        message: "the third request arrives",
      })
      .toBe(3);
    const heldAt = performance.now();
    const setting = call(tg, "setWebhook", { url: "https://relay.test/api/telegram" });
    expect(await third).toMatchObject({
      status: 409,
      body: { description: "Conflict: terminated by setWebhook request" },
    });
    expect(performance.now() - heldAt).toBeGreaterThanOrEqual(700);
    expect((await setting).status).toBe(200);
  });
});

describe("callback queries", () => {
  const tooOld = {
    status: 400,
    body: {
      description: "Bad Request: query is too old and response timeout expired or query ID is invalid",
    },
  };
  const queryOf = (tg: StandIn, i: number) => tg.updates[i].callback_query!.id;

  it(`are answered once; within ${CALLBACK_QUERY_TTL_MS / 1000} s by default, a redelivered update gives no second answer`, async () => {
    const clock = testClock();
    const tg = await standIn({ now: clock.now });
    await tg.press(1, "a");
    clock.advance(CALLBACK_QUERY_TTL_MS);
    expect(
      (await call(tg, "answerCallbackQuery", { callback_query_id: queryOf(tg, 0), text: "Marked." })).status,
    ).toBe(200);
    expect(await call(tg, "answerCallbackQuery", { callback_query_id: queryOf(tg, 0) })).toMatchObject(
      tooOld,
    );
    await tg.redeliver(tg.updates[0]);
    expect(await call(tg, "answerCallbackQuery", { callback_query_id: queryOf(tg, 0) })).toMatchObject(
      tooOld,
    );
    expect(tg.answers).toEqual([{ callbackQueryId: queryOf(tg, 0), text: "Marked." }]);
  });

  it("expire after callbackQueryTtlMs, which outlives reset", async () => {
    const clock = testClock();
    const tg = await standIn({ callbackQueryTtlMs: 50, now: clock.now });
    await tg.press(1, "a");
    clock.advance(51);
    expect(await call(tg, "answerCallbackQuery", { callback_query_id: queryOf(tg, 0) })).toMatchObject(
      tooOld,
    );
    tg.reset();
    await tg.press(1, "b");
    clock.advance(51);
    expect(await call(tg, "answerCallbackQuery", { callback_query_id: queryOf(tg, 0) })).toMatchObject(
      tooOld,
    );
    expect(tg.answers).toEqual([]);
  });
});

describe("strings that are not well-formed Unicode", () => {
  it("are refused on every method, wherever they are in the request", async () => {
    const tg = await standIn();
    await tg.press(1, "a");
    const notUtf8 = {
      status: 400,
      body: { ok: false, error_code: 400, description: "Bad Request: strings must be encoded in UTF-8" },
    };
    expect(await send(tg, "half an emoji \ud83c")).toMatchObject(notUtf8);
    expect(await send(tg, "a lone low half \udf89 here")).toMatchObject(notUtf8);
    expect(
      await send(tg, "fine", {
        reply_markup: { inline_keyboard: [[{ text: "\ud83c", callback_data: "x" }]] },
      }),
    ).toMatchObject(notUtf8);
    expect(
      await call(tg, "answerCallbackQuery", {
        callback_query_id: tg.updates[0].callback_query!.id,
        text: "Done \udfff",
      }),
    ).toMatchObject(notUtf8);
    expect(
      await call(tg, "editMessageText", { chat_id: tg.chatId, message_id: 1, text: "\ud800" }),
    ).toMatchObject(notUtf8);
    expect(await call(tg, "getUpdates", { allowed_updates: ["callback_query\ud800"] })).toMatchObject(
      notUtf8,
    );
    expect(await call(tg, "setWebhook", { url: "https://relay.test/\udc00" })).toMatchObject(notUtf8);
    // Bytes that are not UTF-8 at all.
    expect(
      await call(
        tg,
        "sendMessage",
        new Uint8Array([
          ...new TextEncoder().encode(`{"chat_id":"${tg.chatId}","text":"`),
          0xff,
          0xfe,
          ...new TextEncoder().encode('"}'),
        ]),
      ),
    ).toMatchObject(notUtf8);
    expect(tg.delivered).toEqual([]);
    expect((await send(tg, "whole emoji 🎉 and Zoë")).status).toBe(200);
  });
});

describe("setWebhook's rules", () => {
  it("takes only https: on port 443, 80, 88 or 8443, with a valid secret; a refusal leaves no webhook", async () => {
    const tg = await standIn({ setWebhookIntervalMs: 0 });
    const set = (url: string, extra: Record<string, unknown> = {}) =>
      call(tg, "setWebhook", { url, ...extra });
    const refused = (description: string) => ({
      status: 400,
      body: { ok: false, error_code: 400, description },
    });
    expect(await set("https://relay.test/api/telegram")).toMatchObject({
      status: 200,
      body: { ok: true, result: true, description: "Webhook was set" },
    });
    expect(await set("https://relay.test/api/telegram")).toMatchObject({
      body: { description: "Webhook is already set" },
    });
    expect(await set("http://relay.test/api/telegram")).toMatchObject(
      refused("Bad Request: bad webhook: An HTTPS URL must be provided for webhook"),
    );
    expect(tg.webhook).toBeUndefined();
    expect(await set("https://relay.test:3000/api/telegram")).toMatchObject(
      refused("Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443"),
    );
    expect(await set("https://127.0.0.1:8443/api/telegram")).toMatchObject(
      refused("Bad Request: bad webhook: IP address 127.0.0.1 is reserved"),
    );
    expect(await set("ftp://relay.test/api/telegram")).toMatchObject(
      refused("Bad Request: invalid webhook URL specified"),
    );
    expect(await set("https://relay.test:0/api/telegram")).toMatchObject(
      refused("Bad Request: invalid webhook URL specified"),
    );
    expect(await set("https://relay.test/x", { secret_token: "no spaces" })).toMatchObject(
      refused("Bad Request: secret token contains unallowed characters"),
    );
    expect(await set("https://relay.test/x", { secret_token: "a".repeat(257) })).toMatchObject(
      refused("Bad Request: secret token is too long"),
    );
    for (const url of [
      "https://relay.test:8443/a",
      "https://relay.test:88/a",
      "https://relay.test:80/a",
      "relay.test/no-scheme-is-https",
    ]) {
      expect((await set(url)).status, url).toBe(200);
      expect(tg.webhook?.url).toBe(url);
    }
    expect(await call(tg, "deleteWebhook")).toMatchObject({ body: { description: "Webhook was deleted" } });
    expect(await call(tg, "deleteWebhook")).toMatchObject({
      body: { description: "Webhook is already deleted" },
    });
  });

  it("sets a URL at most once a second; deleting is not limited", async () => {
    const clock = testClock();
    const tg = await standIn({ now: clock.now });
    expect(
      (await call(tg, "setWebhook", { url: "https://relay.test/a", secret_token: "bad secret" })).status,
    ).toBe(400);
    clock.advance(999);
    const soon = await call(tg, "setWebhook", { url: "https://relay.test/a" });
    expect(soon.status).toBe(429);
    expect(soon.body.parameters).toEqual({ retry_after: 1 });
    expect((await call(tg, "deleteWebhook")).status).toBe(200);
    clock.advance(1);
    expect((await call(tg, "setWebhook", { url: "https://relay.test/a" })).status).toBe(200);
  });

  it("posts to a routed https origin's local address, with the secret; an unrouted or failing post keeps the update for later", async () => {
    const tg = await standIn({ setWebhookIntervalMs: 0 });
    const relay = await receiver();
    tg.route("https://relay.test", `${relay.base}/`);
    expect(
      (await call(tg, "setWebhook", { url: "https://relay.test/api/telegram?x=1", secret_token: "s3cret_-" }))
        .status,
    ).toBe(200);
    expect(await tg.press(1, "a")).toBe(200);
    expect(relay.posts).toEqual([{ path: "/api/telegram?x=1", secret: "s3cret_-", update: tg.updates[0] }]);

    relay.setStatus(500);
    expect(await tg.press(1, "b")).toBe(500);
    expect(tg.webhookErrors).toEqual([
      {
        updateId: tg.updates[1].update_id,
        url: "https://relay.test/api/telegram?x=1",
        error: "Wrong response from the webhook: 500 Internal Server Error",
      },
    ]);
    relay.setStatus(200);
    expect(await tg.redeliver(tg.updates[1])).toBe(200);

    expect((await call(tg, "setWebhook", { url: "https://elsewhere.test/hook" })).status).toBe(200);
    expect(await tg.press(1, "c")).toBeUndefined();
    expect(tg.webhookErrors.at(-1)).toMatchObject({
      updateId: tg.updates[2].update_id,
      error: expect.stringMatching(/^no route for https:\/\/elsewhere\.test/),
    });
    // Delivered updates are gone from the queue; the undelivered one waits for getUpdates.
    expect((await call(tg, "deleteWebhook")).status).toBe(200);
    expect(ids(await call(tg, "getUpdates"))).toEqual([tg.updates[2].update_id]);

    tg.reset();
    expect((await call(tg, "setWebhook", { url: "https://relay.test/api/telegram" })).status).toBe(200);
    expect(await tg.press(1, "d")).toBeUndefined();
    expect(tg.webhookErrors).toHaveLength(1);
    expect(relay.posts).toHaveLength(3);
  });
});

describe('"message is not modified"', () => {
  it("compares the shown text, its entities and the keyboard", async () => {
    const tg = await standIn();
    const sent = await send(tg, "*Name:* Ann", { parse_mode: "Markdown", reply_markup: kb("a") });
    const messageId = (sent.body.result as { message_id: number }).message_id;
    expect(tg.delivered[0].entities).toEqual([{ type: "bold", offset: 0, length: 5 }]);
    const editText = (text: string, extra: Record<string, unknown> = {}) =>
      call(tg, "editMessageText", {
        chat_id: tg.chatId,
        message_id: messageId,
        text,
        reply_markup: kb("a"),
        ...extra,
      });
    const notModified = {
      status: 400,
      body: {
        description: expect.stringMatching(
          /^Bad Request: message is not modified: specified new message content and reply markup are exactly the same/,
        ),
      },
    };
    expect(await editText("*Name:* Ann", { parse_mode: "Markdown" })).toMatchObject(notModified);
    // The same words, other formatting: a change.
    expect((await editText("Name: Ann")).status).toBe(200);
    expect(await editText("Name: Ann")).toMatchObject(notModified);
    expect((await editText("_Name:_ Ann", { parse_mode: "Markdown" })).status).toBe(200);
    expect(tg.messages.get(messageId)!.entities).toEqual([{ type: "italic", offset: 0, length: 5 }]);
    expect((await editText("_Name:_ Ann", { parse_mode: "Markdown", reply_markup: kb("b") })).status).toBe(
      200,
    );
    expect(
      await call(tg, "editMessageReplyMarkup", {
        chat_id: tg.chatId,
        message_id: messageId,
        reply_markup: kb("b"),
      }),
    ).toMatchObject(notModified);
    expect(
      (
        await call(tg, "editMessageReplyMarkup", {
          chat_id: tg.chatId,
          message_id: messageId,
          reply_markup: kb("c"),
        })
      ).status,
    ).toBe(200);
    expect(tg.edits.map((e) => e.method)).toEqual([
      "editMessageText",
      "editMessageText",
      "editMessageText",
      "editMessageReplyMarkup",
    ]);
  });

  it("the entities' text is parseLegacyMarkdown's, their offsets in UTF-16 code units", () => {
    for (const markdown of [
      "*New Quote Request*\n\n*Name:* Zoë 🧽 \\_x\\_",
      "[site](https://example.com) `code` ```pre``` **",
      "*Email:* john_smith@example.com",
    ]) {
      const plain = parseLegacyMarkdown(markdown);
      const withEntities = parseLegacyMarkdownEntities(markdown);
      expect("error" in withEntities ? withEntities : withEntities.text).toEqual(
        "error" in plain ? plain : plain.text,
      );
    }
    expect(parseLegacyMarkdownEntities("🧽 *Zoë* [site](https://example.com) `c` ```p```")).toEqual({
      text: "🧽 Zoë site c p",
      entities: [
        { type: "bold", offset: 3, length: 3 },
        { type: "text_link", offset: 7, length: 4, url: "https://example.com" },
        { type: "code", offset: 12, length: 1 },
        { type: "pre", offset: 14, length: 1 },
      ],
    });
  });
});

describe("reset", () => {
  it("brings back the chat, the bot, the update ids, the limits, the routes and the counts", async () => {
    const tg = await standIn({ chatId: TEST_GROUP_ID, groupMessagesPerMinute: 1, setWebhookIntervalMs: 0 });
    const first = tg.updates.length;
    await tg.press(1, "a");
    const firstId = tg.updates[first].update_id;
    await send(tg);
    tg.upgradeToSupergroup();
    tg.removeBot("kicked");
    tg.restartUpdateIds(9);
    tg.route("https://relay.test", "http://127.0.0.1:9");
    tg.on("sendMessage", { kind: "down" });
    tg.reset();
    expect([
      tg.currentChatId,
      tg.calls("sendMessage"),
      tg.delivered.length,
      tg.updates.length,
      tg.webhookErrors.length,
    ]).toEqual([TEST_GROUP_ID, 0, 0, 0, 0]);
    expect((await send(tg)).status).toBe(200);
    await tg.press(1, "b");
    expect(tg.updates[0].update_id).toBe(firstId);
    expect((await call(tg, "setWebhook", { url: "https://relay.test/x" })).status).toBe(200);
    expect(await tg.press(1, "c")).toBeUndefined(); // the route went with reset
  });
});

describe("copy_text buttons (Bot API 7.11)", () => {
  it("takes a button that copies 1 to 256 characters; refuses an empty or longer text, and a button of two kinds", async () => {
    const tg = await standIn();
    const send = (button: Record<string, unknown>) =>
      call(tg, "sendMessage", {
        chat_id: TEST_CHAT_ID,
        text: "hi",
        reply_markup: { inline_keyboard: [[{ text: "Copy", ...button }]] },
      });
    expect((await send({ copy_text: { text: "+61412345678" } })).body.ok).toBe(true);
    expect((await send({ copy_text: { text: "x".repeat(256) } })).body.ok).toBe(true);
    for (const refused of [
      { copy_text: { text: "" } },
      { copy_text: { text: "x".repeat(257) } },
      { copy_text: "+61412345678" },
      { copy_text: { text: "1" }, callback_data: "x" },
    ]) {
      const answer = await send(refused);
      expect(answer.status, JSON.stringify(refused)).toBe(400);
      expect(answer.body.description).toMatch(/^Bad Request: can't parse inline keyboard button/);
    }
    expect(tg.delivered[0].replyMarkup?.inline_keyboard[0][0]).toEqual({
      text: "Copy",
      copy_text: { text: "+61412345678" },
    });
  });
});

describe("allowed_updates", () => {
  it("an update of a kind the bot did not ask for is never queued; the list is kept until given again, and an empty one is the default", async () => {
    const tg = await standIn();
    const sent = await call(tg, "sendMessage", { chat_id: TEST_CHAT_ID, text: "notice" });
    const messageId = (sent.body.result as { message_id: number }).message_id;
    expect((await call(tg, "getUpdates", { allowed_updates: ["callback_query"] })).body.result).toEqual([]);
    await tg.reply(messageId, "$380");
    await tg.press(messageId, "stage:called:x");
    expect(tg.dropped.map((u) => Object.keys(u)[1])).toEqual(["message"]);
    const [press] = (await call(tg, "getUpdates", { offset: 1 })).body.result as Update[];
    expect(Object.keys(press)[1]).toBe("callback_query");
    expect((await call(tg, "getUpdates", { offset: press.update_id + 1, allowed_updates: [] })).body.ok).toBe(
      true,
    );
    await tg.reply(messageId, "wants Saturday", { first_name: "Kim" });
    const [reply] = (await call(tg, "getUpdates", { offset: press.update_id + 1, timeout: 0 })).body
      .result as Update[];
    expect(reply.message).toMatchObject({
      text: "wants Saturday",
      from: { first_name: "Kim", is_bot: false },
      reply_to_message: { message_id: messageId, text: "notice", from: { is_bot: true } },
    });
    expect(reply.message!.reply_to_message).not.toHaveProperty("reply_to_message");
  });
});

describe("the bot's commands (setMyCommands)", () => {
  it("keeps a list per scope and language; refuses what the server refuses; a chat scope names a chat the bot is in", async () => {
    const tg = await standIn();
    const chat = { type: "chat", chat_id: Number(TEST_CHAT_ID) };
    const set = (commands: unknown, scope: unknown = chat, more: Record<string, unknown> = {}) =>
      call(tg, "setMyCommands", { commands, scope, ...more });
    const refused = async (answer: Promise<Answer>) => {
      const { status, body } = await answer;
      return [status, body.description];
    };
    expect((await set([{ command: "/leads ", description: " Open leads " }])).body).toEqual({
      ok: true,
      result: true,
    });
    expect([...tg.commands]).toEqual([
      [`chat:${TEST_CHAT_ID}/`, [{ command: "leads", description: "Open leads" }]],
    ]);
    expect((await call(tg, "getMyCommands", { scope: chat })).body.result).toEqual([
      { command: "leads", description: "Open leads" },
    ]);
    expect((await call(tg, "getMyCommands", {})).body.result, "the default scope: none").toEqual([]);
    expect(await refused(set([{ command: "Leads", description: "x" }]))).toEqual([
      400,
      "Bad Request: BOT_COMMAND_INVALID",
    ]);
    expect(await refused(set([{ command: "x".repeat(33), description: "x" }]))).toEqual([
      400,
      "Bad Request: command length must not exceed 32",
    ]);
    expect(await refused(set([{ command: "leads", description: " " }]))).toEqual([
      400,
      "Bad Request: command description must be non-empty",
    ]);
    expect(await refused(set([{ command: "leads", description: "x".repeat(257) }]))).toEqual([
      400,
      "Bad Request: command description length must not exceed 256",
    ]);
    expect(
      await refused(set(Array.from({ length: 101 }, (_, i) => ({ command: `c${i}`, description: "x" })))),
    ).toEqual([400, "Bad Request: BOT_COMMANDS_TOO_MUCH"]);
    expect(await refused(set([], { type: "chat", chat_id: 12345 }))).toEqual([
      400,
      "Bad Request: chat not found",
    ]);
    expect(await refused(set([], { type: "everyone" }))).toEqual([
      400,
      "Bad Request: unsupported type specified for BotCommandScope",
    ]);
    expect(await refused(set([], chat, { language_code: "eng" }))).toEqual([
      400,
      "Bad Request: invalid language code specified",
    ]);
    expect(await refused(set([], chat, { colour: "red" }))).toEqual([
      400,
      "Bad Request: unknown parameter colour",
    ]);
    // What was refused changed nothing; deleteMyCommands (or an empty list) takes the scope's list away.
    expect(tg.commands.get(`chat:${TEST_CHAT_ID}/`)).toHaveLength(1);
    expect((await call(tg, "deleteMyCommands", { scope: chat })).body.result).toBe(true);
    expect(tg.commands.size).toBe(0);
  });
});
