import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, relayConfig, serverConfig } from "./config.ts";
import { createRelay, type Deliver } from "./relay.ts";
import { sendMessages, type TelegramOptions } from "./telegram.ts";
import { startTelegramStandIn, type StandIn } from "./testing/telegram-stand-in.ts";

let tg: StandIn;
const logs: string[] = [];
const log = (m: string) => void logs.push(m);
beforeAll(async () => {
  tg = await startTelegramStandIn();
});
afterAll(() => tg.close());
afterEach(() => {
  tg.reset();
  logs.length = 0;
});

const telegram = (extra: Partial<TelegramOptions> = {}): TelegramOptions => ({ apiBase: tg.apiBase, token: tg.token, chatId: tg.chatId, log, ...extra });

describe("Telegram client", () => {
  it("sends each text as a Markdown message to the chat", async () => {
    expect(await sendMessages(["*one*", "two"], telegram())).toEqual({ ok: true });
    expect(tg.delivered.map((d) => [d.chatId, d.parseMode, d.shown])).toEqual([
      [tg.chatId, "Markdown", "one"],
      [tg.chatId, "Markdown", "two"],
    ]);
  });

  it("waits retry_after on a 429, then sends", async () => {
    tg.next({ kind: "tooMany", retryAfter: 1 });
    const started = Date.now();
    expect(await sendMessages(["hi"], telegram())).toEqual({ ok: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(tg.delivered).toHaveLength(1);
  });

  it("retries a 5xx (even one answered with HTML) and a hanging request", async () => {
    tg.next({ kind: "serverError" }, { kind: "hang" }, { kind: "serverError" });
    expect(await sendMessages(["hi"], telegram({ attemptTimeoutMs: 500 }))).toEqual({ ok: true });
    expect(tg.attempts).toBe(4);
    expect(logs.join("\n")).toContain("502 non-JSON answer");
    expect(logs.join("\n")).toContain("no answer in time");
  });

  it("gives up at the deadline when Telegram never answers", async () => {
    tg.always({ kind: "hang" });
    const started = Date.now();
    const result = await sendMessages(["hi"], telegram({ deadlineMs: 2_000, attemptTimeoutMs: 600 }));
    expect(result.ok).toBe(false);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(tg.attempts).toBeGreaterThan(1);
  });

  it("does not retry other 4xx answers, and logs Telegram's description but never the token", async () => {
    tg.next({ kind: "refuse", description: "Bad Request: chat not found" });
    const result = await sendMessages(["hi"], telegram());
    expect(result).toEqual({ ok: false, reason: "400 Bad Request: chat not found" });
    expect(tg.attempts).toBe(1);
    expect(logs).toEqual(["Telegram sendMessage failed (attempt 1): 400 Bad Request: chat not found"]);

    const wrong = await sendMessages(["hi"], telegram({ token: "999:WRONG-token-abcdefghijklmnopqrst" }));
    expect(wrong).toEqual({ ok: false, reason: "401 Unauthorized" });
    const refused = await sendMessages(["hi"], telegram({ apiBase: "http://127.0.0.1:1", deadlineMs: 1_500 }));
    expect(refused.ok).toBe(false);
    for (const line of [...logs, JSON.stringify([wrong, refused])]) {
      expect(line).not.toContain("TEST-stand-in-token");
      expect(line).not.toContain("WRONG-token");
    }
  }, 20_000);
});

describe("relay handler", () => {
  const sent: { form: string; texts: string[] }[] = [];
  const recording: Deliver = async (form, texts) => {
    sent.push({ form, texts });
    return { ok: true };
  };
  afterEach(() => void (sent.length = 0));
  const relay = (deliver: Deliver = recording, perMinute = 100) =>
    createRelay({ deliver, allowedOrigins: ["https://www.example.com"], rateLimitPerMinute: perMinute, phone: "0491 570 156", log });
  const post = (path: string, body: string, headers: Record<string, string> = { "Content-Type": "application/json" }) =>
    new Request(`http://relay.test${path}`, { method: "POST", headers, body });
  const quote = JSON.stringify({ name: "Ann", email: "ann@example.com" });

  it("delivers a valid quote and answers ok", async () => {
    const res = await relay()(post("/api/quote", quote));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(sent).toHaveLength(1);
    expect(sent[0].texts[0]).toContain("*Name:* Ann\n");
  });

  it("end to end through the stand-in: hostile contact input arrives intact", async () => {
    const message = "Under_scores *stars* `ticks` [brackets] back\\slash 🧽 مرحبا 你好\nnew line\\";
    const handler = relay((_f, texts) => sendMessages(texts, telegram()));
    const res = await handler(post("/api/contact", JSON.stringify({ name: "J_S", email: "john_smith@example.com", service: "bond-cleaning", message })));
    expect(res.status).toBe(200);
    expect(tg.delivered[0].shown).toContain(`Email: john_smith@example.com\n`);
    expect(tg.delivered[0].shown).toContain(`Message:\n${message}\n`);
  });

  it("answers 502 when Telegram refuses, and logs why", async () => {
    tg.always({ kind: "refuse", description: "Bad Request: chat not found" });
    const res = await relay((_f, texts) => sendMessages(texts, telegram()))(post("/api/quote", quote));
    expect(res.status).toBe(502);
    expect((await res.json()).ok).toBe(false);
    expect(logs.at(-1)).toBe("relay: quote form not delivered: 400 Bad Request: chat not found");
  });

  it("refuses bodies over 64 KB with 413", async () => {
    const big = JSON.stringify({ name: "A", email: "a@b.co", message: "x".repeat(70_000) });
    expect((await relay()(post("/api/quote", big))).status).toBe(413);
    // No Content-Length: a streamed body is cut off as it arrives.
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 80; i++) c.enqueue(new TextEncoder().encode("x".repeat(1024)));
        c.close();
      },
    });
    const streamed = new Request("http://relay.test/api/quote", { method: "POST", headers: { "Content-Type": "application/json" }, body: stream, duplex: "half" } as RequestInit);
    expect((await relay()(streamed)).status).toBe(413);
    expect(sent).toHaveLength(0);
  });

  it("answers 400 with a JSON error for a wrong content type, malformed JSON or invalid fields", async () => {
    for (const req of [
      post("/api/quote", quote, { "Content-Type": "text/plain" }),
      post("/api/quote", "{not json"),
      post("/api/quote", "[1,2]"),
      post("/api/quote", JSON.stringify({ name: "Ann", email: "not-an-email" })),
      post("/api/contact", JSON.stringify({ name: "Ann", email: "ann@example.com", message: "   " })),
      post("/api/contact", JSON.stringify({ name: "Ann", email: "ann@example.com", message: "Hi", service: "window-cleaning" })),
      post("/api/quote", JSON.stringify({ name: "A".repeat(201), email: "ann@example.com" })),
    ]) {
      const res = await relay()(req);
      expect(res.status).toBe(400);
      expect(res.headers.get("Content-Type")).toContain("application/json");
      expect((await res.json()).ok).toBe(false);
    }
    expect(sent).toHaveLength(0);
  });

  it("ignores unknown fields and accepts a 10,000-character message", async () => {
    const res = await relay()(post("/api/contact", JSON.stringify({ name: "Ann", email: "ann@example.com", message: "m".repeat(10_000), admin: true, chat_id: "1" })));
    expect(res.status).toBe(200);
    expect(sent[0].texts.length).toBe(3);
  });

  it("answers a filled honeypot with success and sends nothing", async () => {
    const res = await relay()(post("/api/quote", JSON.stringify({ name: "Bot", email: "bot@example.com", website: "http://spam.example" })));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(sent).toHaveLength(0);
  });

  it("limits each client to RATE_LIMIT_PER_MINUTE submissions with 429 and Retry-After", async () => {
    const handler = relay(recording, 3);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await handler(post("/api/quote", quote), { clientAddress: "10.0.0.1" })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await handler(post("/api/quote", quote), { clientAddress: "10.0.0.1" });
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await handler(post("/api/quote", quote), { clientAddress: "10.0.0.2" })).status).toBe(200);
  });

  it("accepts cross-origin posts only from configured origins", async () => {
    const from = (origin: string) => post("/api/quote", quote, { "Content-Type": "application/json", Origin: origin });
    const denied = await relay()(from("https://evil.example"));
    expect(denied.status).toBe(403);
    expect(denied.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const allowed = await relay()(from("https://www.example.com"));
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("Access-Control-Allow-Origin")).toBe("https://www.example.com");
    expect((await relay()(from("http://relay.test"))).status).toBe(200);
    const preflight = await relay()(new Request("http://relay.test/api/contact", { method: "OPTIONS", headers: { Origin: "https://www.example.com", "Access-Control-Request-Method": "POST" } }));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toContain("Content-Type");
    expect(sent).toHaveLength(2);
  });

  it("answers a script-less form post with an HTML page: the notice, and on failure the form holding what was typed", async () => {
    const form = { "Content-Type": "application/x-www-form-urlencoded", Referer: "https://www.example.com/contact-us/" };
    const ok = await relay()(post("/api/contact", new URLSearchParams({ name: "Ann", email: "ann@example.com", message: "a\r\nb" }).toString(), form));
    expect(ok.headers.get("Content-Type")).toContain("text/html");
    const okPage = await ok.text();
    expect(okPage).toContain('role="status"><h1>Message Sent Successfully!</h1><p>Thank you for contacting us. We&#39;ll get back to you within 24 hours.</p>');
    expect(okPage).toContain('href="https://www.example.com/contact-us/"');
    expect(sent[0].texts[0]).toContain("*Message:*\na\nb\n");

    const failing = relay(async () => ({ ok: false, reason: "test" }));
    const bad = await failing(post("/api/contact", new URLSearchParams({ name: "<Ann>", email: "ann@example.com", phone: "07 1", service: "house-cleaning", message: "\nHello & bye" }).toString(), form));
    expect(bad.status).toBe(502);
    const page = await bad.text();
    expect(page).toContain('role="alert"><h1>Error</h1><p>There was an issue sending your message. Please try again or call us directly at 0491 570 156.</p>');
    expect(page).toContain('name="name" type="text" maxlength="200" value="&#60;Ann&#62;"');
    expect(page).toContain('<option value="house-cleaning" selected>');
    expect(page).toContain(">\n\nHello &#38; bye</textarea>");
    expect(page).toContain('action="/api/contact"');
  });
});

describe("configuration", () => {
  it("defaults to the outbox, port 4321 and 5 submissions a minute", () => {
    const c = serverConfig({});
    expect(c).toMatchObject({ PORT: 4321, HOST: "localhost", RATE_LIMIT_PER_MINUTE: 5, TELEGRAM_API_BASE: "https://api.telegram.org", ALLOWED_ORIGINS: [] });
    expect(c.TELEGRAM_BOT_TOKEN).toBeUndefined();
  });

  it("names every problem, and never repeats the token", () => {
    let error: unknown;
    try {
      serverConfig({ TELEGRAM_BOT_TOKEN: "secret-looking-wrong", TELEGRAM_CHAT_ID: "x y", PORT: "99999", RATE_LIMIT_PER_MINUTE: "lots", TELEGRAM_API_BASE: "ftp://x", ALLOWED_ORIGINS: "https://ok.example, https://x.example/path" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of ["TELEGRAM_BOT_TOKEN", "TELEGRAM_CHAT_ID", "PORT", "RATE_LIMIT_PER_MINUTE", "TELEGRAM_API_BASE", "ALLOWED_ORIGINS"]) expect(message).toContain(`${name}:`);
    expect(message).not.toContain("secret-looking-wrong");
  });

  it("wants the token and chat id together", () => {
    expect(() => relayConfig({ TELEGRAM_BOT_TOKEN: "123:abcdefghijklmnopqrstuvwxyz" })).toThrow(/TELEGRAM_CHAT_ID: is missing/);
  });
});
