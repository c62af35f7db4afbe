import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ConfigError, relayConfig } from "../config.ts";
import { serverConfig } from "../node/config.ts";
import type { Health } from "../leads/policy.ts";
import { MAX_BODY_BYTES } from "./body.ts";
import { createRelay } from "./relay.ts";
import { spamGuard, type SpamGuard } from "./spam.ts";
import { sendOnce, type TelegramOptions } from "../telegram/client.ts";
import { tempLeadStore } from "../testing/leads.ts";
import { startTelegramStandIn, type StandIn } from "../testing/telegram-stand-in.ts";
import { readResultPage } from "../../testing/result-page.ts";
import { freePort } from "../../testing/ports.ts";
import { CLOCK } from "../testing/business.ts";
import { TEST_SERVICES } from "../testing/services.ts";

let tg: StandIn;
beforeAll(async () => {
  tg = await startTelegramStandIn();
});
afterAll(() => tg.close());
afterEach(() => tg.reset());

const telegram = (extra: Partial<TelegramOptions> = {}): TelegramOptions => ({
  apiBase: tg.apiBase,
  token: tg.token,
  chatId: tg.chatId,
  ...extra,
});

describe("Telegram client: one attempt and what its answer means", () => {
  it("sends a Markdown message without a link preview", async () => {
    expect(await sendOnce("*one* https://spam.example", telegram())).toEqual({
      kind: "sent",
      messageId: 1,
      chatId: tg.chatId,
    });
    expect(tg.delivered.map((d) => [d.chatId, d.parseMode, d.shown])).toEqual([
      [tg.chatId, "Markdown", "one https://spam.example"],
    ]);
    expect(tg.delivered[0].linkPreviewDisabled).toBe(true);
  });

  it("asks for a retry after retry_after on a 429, and after a 5xx even when answered with HTML", async () => {
    tg.next({ kind: "tooMany", retryAfter: 7 }, { kind: "serverError" });
    expect(await sendOnce("hi", telegram())).toEqual({
      kind: "retry",
      reason: "429 Too Many Requests: retry after 7",
      retryAfterMs: 7_000,
      uncertain: false,
    });
    expect(await sendOnce("hi", telegram())).toEqual({
      kind: "retry",
      reason: "502 non-JSON answer (text/html)",
      uncertain: false,
    });
    expect(tg.delivered).toHaveLength(0);
  });

  it("waits at least a second when Telegram says retry_after: 0", async () => {
    tg.next({ kind: "tooMany", retryAfter: 0 });
    expect(await sendOnce("hi", telegram())).toMatchObject({ kind: "retry", retryAfterMs: 1_000 });
  });

  it("marks a retry after an attempt that got no answer as uncertain (Telegram may have delivered it), but not one that never connected", async () => {
    tg.next({ kind: "hang" });
    expect(await sendOnce("hi", telegram({ attemptTimeoutMs: 300 }))).toEqual({
      kind: "retry",
      reason: "network: no answer in time",
      uncertain: true,
    });
    const refused = await sendOnce("hi", telegram({ apiBase: `http://127.0.0.1:${await freePort()}` }));
    expect(refused).toMatchObject({ kind: "retry", uncertain: false });
  });

  it("tells a refused token or chat (settings) from a refused message, and never puts the token in a reason", async () => {
    const wrong = await sendOnce("hi", telegram({ token: "999:WRONG-token-abcdefghijklmnopqrst" }));
    expect(wrong).toEqual({ kind: "settings", reason: "401 Unauthorized" });
    tg.next(
      { kind: "refuse", description: "Bad Request: chat not found" },
      { kind: "refuse", description: "Bad Request: message is too long" },
    );
    expect(await sendOnce("hi", telegram())).toEqual({
      kind: "settings",
      reason: "400 Bad Request: chat not found",
    });
    expect(await sendOnce("hi", telegram())).toEqual({
      kind: "message",
      reason: "400 Bad Request: message is too long",
    });
    const refused = await sendOnce("hi", telegram({ apiBase: `http://127.0.0.1:${await freePort()}` }));
    expect(refused).toMatchObject({ kind: "retry", reason: "network: TypeError ECONNREFUSED" });
    for (const text of [JSON.stringify(wrong), JSON.stringify(refused)]) {
      expect(text).not.toContain("TEST-stand-in-token");
      expect(text).not.toContain("WRONG-token");
    }
  });
});

describe("relay handler: validate, store, answer", () => {
  let leads: ReturnType<typeof tempLeadStore>;
  const logs: string[] = [];
  const healthy: Health = { ok: true, telegram: "ok", pending: 0, oldestPendingSeconds: 0, undeliverable: 0 };
  beforeEach(() => {
    leads = tempLeadStore();
    logs.length = 0;
  });
  afterEach(() => leads.remove());
  const relay = ({
    perMinute = 100,
    deliverNow,
    health = healthy,
    spam,
    now,
  }: {
    perMinute?: number;
    deliverNow?: (id: string) => Promise<void>;
    health?: Health;
    spam?: SpamGuard;
    now?: () => Date;
  } = {}) =>
    createRelay({
      store: leads.store,
      clock: CLOCK,
      deliverNow,
      spam,
      now,
      health: async () => health,
      allowedOrigins: ["https://www.example.com"],
      rateLimitPerMinute: perMinute,
      phone: "0491 570 156",
      services: TEST_SERVICES,
      answerBudgetMs: 300,
      log: (m) => void logs.push(m),
    });
  const post = (
    path: string,
    body: string,
    headers: Record<string, string> = { "Content-Type": "application/json" },
  ) => new Request(`http://relay.test${path}`, { method: "POST", headers, body });
  const quote = JSON.stringify({ name: "Ann", email: "ann@example.com" });
  const stored = () => leads.store.list();

  it("stores a valid quote with its notice as a pending lead, and answers ok", async () => {
    const res = await relay()(post("/api/quote", quote));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const [lead] = await stored();
    expect(lead).toMatchObject({
      form: "quote",
      status: "pending",
      partsSent: 0,
      fields: { name: "Ann", email: "ann@example.com", phone: "", address: "", message: "" },
    });
    expect(lead.parts![0]).toContain("*Name:* Ann\n");
  });

  it("answers once the lead is stored, without waiting for a slow delivery past its budget", async () => {
    const started = Date.now();
    const res = await relay({ deliverNow: () => new Promise((resolve) => setTimeout(resolve, 5_000)) })(
      post("/api/quote", quote),
    );
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("stores one lead for a repeated submissionId, and one for a script-less form posted twice", async () => {
    const id = "3f2c1e4a-9b7d-4c2e-8f1a-0123456789ab";
    const withId = JSON.stringify({ name: "Ann", email: "ann@example.com", submissionId: id });
    for (let i = 0; i < 3; i++) expect((await relay()(post("/api/quote", withId))).status).toBe(200);
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const plain = new URLSearchParams({ name: "Bo", email: "bo@example.com", message: "Hi" }).toString();
    for (let i = 0; i < 2; i++) expect((await relay()(post("/api/contact", plain, form))).status).toBe(200);
    const all = await stored();
    expect(all.map((l) => l.form).sort()).toEqual(["contact", "quote"]);
    expect(all.find((l) => l.form === "quote")!.id).toBe(id);
    // A new message from the same visitor is a new lead.
    await relay()(
      post(
        "/api/contact",
        new URLSearchParams({ name: "Bo", email: "bo@example.com", message: "Also the oven" }).toString(),
        form,
      ),
    );
    expect(await stored()).toHaveLength(3);
  });

  it("answers 503 and the failure notice, storing nothing, when the store cannot be written (read-only, disk full)", async () => {
    leads.db.pragma("query_only = ON");
    const readOnly = await relay()(post("/api/quote", quote));
    expect(readOnly.status).toBe(503);
    expect((await readOnly.json()).ok).toBe(false);
    expect(logs.at(-1)).toMatch(/quote form NOT stored.*readonly database/);
    leads.db.pragma("query_only = OFF");

    const pages = (leads.db.prepare("PRAGMA page_count").get() as { page_count: number }).page_count;
    leads.db.pragma(`max_page_count = ${pages}`);
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const full = await relay()(
      post(
        "/api/contact",
        new URLSearchParams({ name: "Ann", email: "ann@example.com", message: "x".repeat(9_000) }).toString(),
        form,
      ),
    );
    expect(full.status).toBe(503);
    const page = await full.text();
    expect(page).toContain(
      "There was an issue sending your message. Please try again or call us directly at 0491 570 156.",
    );
    expect(page).toContain("x".repeat(9_000) + "</textarea>");
    expect(logs.at(-1)).toMatch(/contact form NOT stored.*disk is full/);
    expect(await stored()).toHaveLength(0);
  });

  it("keeps nothing of a quote whose write failed, and the whole quote when its visitor sends it again", async () => {
    // The write that carries the quote's details fails, as a full disk fails one statement: the lead is
    // stored with its details in that one statement, or not at all, never without them.
    leads.db.exec(`CREATE TRIGGER refuse_details BEFORE INSERT ON leads WHEN NEW.service IS NOT NULL
      BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;
      CREATE TRIGGER refuse_details_later BEFORE UPDATE OF service ON leads
      BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;`);
    const body = JSON.stringify({
      name: "Ann",
      email: "ann@example.com",
      service: "bond-cleaning",
      bedrooms: "3",
      submissionId: "7d1e2f3a-4b5c-4d6e-8f70-0123456789ab",
    });
    const refused = await relay()(post("/api/quote", body));
    expect(refused.status).toBe(503);
    expect(await stored()).toEqual([]);
    leads.db.exec("DROP TRIGGER refuse_details; DROP TRIGGER refuse_details_later;");

    expect((await relay()(post("/api/quote", body))).status).toBe(200);
    const [lead] = await stored();
    expect(lead.details).toMatchObject({ service: "bond-cleaning", bedrooms: 3 });
  });

  it("refuses bodies over the limit with 413 and closes the connection", async () => {
    const big = JSON.stringify({ name: "A", email: "a@b.co", message: "x".repeat(MAX_BODY_BYTES) });
    const refused = await relay()(post("/api/quote", big));
    expect(refused.status).toBe(413);
    expect(refused.headers.get("Connection")).toBe("close");
    // No Content-Length: a streamed body is cut off as it arrives.
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 200; i++) c.enqueue(new TextEncoder().encode("x".repeat(1024)));
        c.close();
      },
    });
    const streamed = new Request("http://relay.test/api/quote", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const cut = await relay()(streamed);
    expect(cut.status).toBe(413);
    expect(cut.headers.get("Content-Type")).toContain("application/json");
    expect(await stored()).toHaveLength(0);
  });

  it("answers every refusal of a script-less form post with a page, holding what was typed wherever the body was read", async () => {
    const form = {
      "Content-Type": "application/x-www-form-urlencoded",
      Referer: "https://www.example.com/contact-us/",
    };
    const typed = {
      name: "Ann <Lee>",
      email: "ann@example.com",
      phone: "07 3000 0000",
      service: "house-cleaning",
      message: "Two bedrooms\r\nin New Farm & soon",
    };
    const body = (extra: Record<string, string> = {}) =>
      new URLSearchParams({ ...typed, ...extra }).toString();
    const page = async (res: Response, status: number) => {
      expect(res.status).toBe(status);
      expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      return res.text();
    };
    const holdsTyped = (html: string, email = typed.email) => {
      const shown = readResultPage(html);
      if (email === typed.email)
        expect([shown.role, shown.title, shown.text]).toEqual([
          "alert",
          "Error",
          "There was an issue sending your message. Please try again or call us directly at 0491 570 156.",
        ]);
      else {
        // A field the check refused is named, with what to do, as the form's island says it (decision 0086).
        const fix = "Enter an email such as name@example.com";
        expect([shown.role, shown.title, shown.fixes]).toEqual([
          "alert",
          "Please fix 1 field",
          [{ href: "#contact-email", text: fix }],
        ]);
        expect(shown.fieldErrors).toEqual({ email: fix });
      }
      expect(shown.form?.action).toBe("/api/contact");
      expect(shown.form?.values).toMatchObject({
        ...typed,
        email,
        message: "Two bedrooms\nin New Farm & soon",
      });
    };

    // 400: invalid input.
    holdsTyped(
      await page(await relay()(post("/api/contact", body({ email: "not-an-email" }), form)), 400),
      "not-an-email",
    );

    // 403: posted from a site not in ALLOWED_ORIGINS. Nothing is stored; the page's own form posts to this
    // relay.
    const foreign = await relay()(post("/api/contact", body(), { ...form, Origin: "https://evil.example" }));
    expect(foreign.headers.get("Access-Control-Allow-Origin")).toBeNull();
    holdsTyped(await page(foreign, 403));
    expect(logs.at(-1)).toMatch(/contact form posted from https:\/\/evil\.example, not in ALLOWED_ORIGINS/);

    // 413: the body is never read, so the page says why and leads back to the form.
    for (const headers of [form, { ...form, Origin: "https://evil.example" }]) {
      const tooLong = await relay()(
        post("/api/contact", body({ message: "字".repeat(MAX_BODY_BYTES) }), headers),
      );
      expect(tooLong.headers.get("Connection")).toBe("close");
      const html = await page(tooLong, 413);
      const shown = readResultPage(html);
      expect([shown.role, shown.title]).toEqual(["alert", "Your message is too long"]);
      expect(shown.text).toMatch(
        /^It was not sent\. Go back with your browser's Back button .* or call us directly at 0491 570 156\.$/,
      );
      expect(shown.back).toEqual({ href: "https://www.example.com/contact-us/", text: "Back to the form" });
      expect(shown.form).toBeUndefined();
      expect(html).not.toContain("<form");
    }

    // 429: too many from this client.
    const handler = relay({ perMinute: 1 });
    expect((await handler(post("/api/contact", body(), form), { clientAddress: "10.0.0.9" })).status).toBe(
      200,
    );
    const limited = await handler(
      post("/api/contact", body({ message: "Two bedrooms\r\nin New Farm & soon" }), form),
      { clientAddress: "10.0.0.9" },
    );
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    holdsTyped(await page(limited, 429));

    expect(await stored()).toHaveLength(1);
  });

  it("answers 400 with a JSON error for a wrong content type, malformed JSON or invalid fields", async () => {
    for (const req of [
      post("/api/quote", quote, { "Content-Type": "text/plain" }),
      post("/api/quote", "{not json"),
      post("/api/quote", "[1,2]"),
      post("/api/quote", JSON.stringify({ name: "Ann", email: "not-an-email" })),
      post("/api/contact", JSON.stringify({ name: "Ann", email: "ann@example.com", message: "   " })),
      post(
        "/api/contact",
        JSON.stringify({ name: "Ann", email: "ann@example.com", message: "Hi", service: "window-cleaning" }),
      ),
      post("/api/quote", JSON.stringify({ name: "A".repeat(201), email: "ann@example.com" })),
    ]) {
      const res = await relay()(req);
      expect(res.status).toBe(400);
      expect(res.headers.get("Content-Type")).toContain("application/json");
      expect((await res.json()).ok).toBe(false);
    }
    expect(await stored()).toHaveLength(0);
  });

  it("ignores unknown fields and accepts a 10,000-character message as a 3-part notice", async () => {
    const res = await relay()(
      post(
        "/api/contact",
        JSON.stringify({
          name: "Ann",
          email: "ann@example.com",
          message: "m".repeat(10_000),
          admin: true,
          chat_id: "1",
        }),
      ),
    );
    expect(res.status).toBe(200);
    const [lead] = await stored();
    expect(lead.parts).toHaveLength(3);
    expect(lead.fields).not.toHaveProperty("admin");
  });

  it("answers a filled honeypot like any other post, and keeps it as spam", async () => {
    const res = await relay({ spam: await spamGuard("k".repeat(32)) })(
      post(
        "/api/quote",
        JSON.stringify({ name: "Bot", email: "bot@example.com", website: "http://spam.example" }),
      ),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const [lead] = await stored();
    expect(lead).toMatchObject({
      status: "spam",
      spamReason: "honeypot filled",
      fields: { name: "Bot", website: "http://spam.example" },
    });
  });

  it("limits each client to RATE_LIMIT_PER_MINUTE submissions with 429 and Retry-After", async () => {
    const handler = relay({ perMinute: 3 });
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await handler(post("/api/quote", quote), { clientAddress: "10.0.0.1" })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await handler(post("/api/quote", quote), { clientAddress: "10.0.0.1" });
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await handler(post("/api/quote", quote), { clientAddress: "10.0.0.2" })).status).toBe(200);
  });

  it("with RELAY_ORIGIN, takes this site to be that origin, not whatever Host a request names (DNS rebinding)", async () => {
    // A page on evil.example whose name resolves to the relay: its Origin and the Host it sends agree.
    const rebound = (name: string) =>
      new Request("http://evil.example/api/quote", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "http://evil.example" },
        body: JSON.stringify({ name, email: "ann@example.com" }),
      });
    const own = (name: string) =>
      new Request("http://relay.test/api/quote", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "https://relay.test" },
        body: JSON.stringify({ name, email: "ann@example.com" }),
      });
    const pinned = createRelay({
      store: leads.store,
      clock: CLOCK,
      health: async () => healthy,
      allowedOrigins: ["https://www.example.com"],
      ownOrigin: "https://relay.test",
      rateLimitPerMinute: 100,
      phone: "0491 570 156",
      log: () => {},
    });
    expect((await pinned(rebound("Rebound"))).status).toBe(403);
    expect((await pinned(own("Own Page"))).status).toBe(200);
    expect((await stored()).map((l) => l.fields?.name)).toEqual(["Own Page"]);
    // Without it, the Host comparison of before: the rebound page counts as this site.
    expect((await relay()(rebound("Host Only"))).status).toBe(200);
    expect(serverConfig({ RELAY_ORIGIN: "https://www.example.com.au/" }).RELAY_ORIGIN).toBe(
      "https://www.example.com.au",
    );
    expect(() => serverConfig({ RELAY_ORIGIN: "https://www.example.com.au/api" })).toThrow(
      /RELAY_ORIGIN: "https:\/\/www.example.com.au\/api" is not an origin/,
    );
  });

  it("accepts cross-origin posts only from configured origins", async () => {
    const from = (origin: string, name: string) =>
      post("/api/quote", JSON.stringify({ name, email: "ann@example.com" }), {
        "Content-Type": "application/json",
        Origin: origin,
      });
    const denied = await relay()(from("https://evil.example", "Evil"));
    expect(denied.status).toBe(403);
    expect(denied.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const allowed = await relay()(from("https://www.example.com", "Ann"));
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("Access-Control-Allow-Origin")).toBe("https://www.example.com");
    expect((await relay()(from("http://relay.test", "Bo"))).status).toBe(200);
    const preflight = await relay()(
      new Request("http://relay.test/api/contact", {
        method: "OPTIONS",
        headers: { Origin: "https://www.example.com", "Access-Control-Request-Method": "POST" },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toContain("Content-Type");
    expect((await stored()).map((l) => l.fields?.name).sort()).toEqual(["Ann", "Bo"]);
  });

  it("answers a script-less form post with an HTML page: the notice, and on failure the form holding what was typed", async () => {
    const form = {
      "Content-Type": "application/x-www-form-urlencoded",
      Referer: "https://www.example.com/contact-us/",
    };
    const ok = await relay()(
      post(
        "/api/contact",
        new URLSearchParams({ name: "Ann", email: "ann@example.com", message: "a\r\nb" }).toString(),
        form,
      ),
    );
    expect(ok.headers.get("Content-Type")).toContain("text/html");
    const okPage = readResultPage(await ok.text());
    expect([okPage.role, okPage.title, okPage.text]).toEqual([
      "status",
      "Message Sent Successfully!",
      "Thank you for contacting us. We'll get back to you within 24 hours.",
    ]);
    expect(okPage.back).toEqual({ href: "https://www.example.com/contact-us/", text: "Back to the site" });
    expect(okPage.form).toBeUndefined();
    expect((await stored())[0].parts![0]).toContain("*Message:*\na\nb\n");

    leads.db.pragma("query_only = ON");
    const bad = await relay()(
      post(
        "/api/contact",
        new URLSearchParams({
          name: "<Ann>",
          email: "ann@example.com",
          phone: "07 1",
          service: "house-cleaning",
          message: "\nHello & bye",
        }).toString(),
        form,
      ),
    );
    expect(bad.status).toBe(503);
    const page = readResultPage(await bad.text());
    expect([page.role, page.title, page.text]).toEqual([
      "alert",
      "Error",
      "There was an issue sending your message. Please try again or call us directly at 0491 570 156.",
    ]);
    expect(page.form).toEqual({
      action: "/api/contact",
      values: {
        back: "https://www.example.com/contact-us/",
        name: "<Ann>",
        email: "ann@example.com",
        phone: "07 1",
        service: "house-cleaning",
        message: "\nHello & bye",
      },
    });
  });

  it("links a script-less post's page back only to this site, whatever its back field or Referer says", async () => {
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const body = (back: string, name = "Ann") =>
      new URLSearchParams({ name, email: "ann@example.com", message: "Hi", back }).toString();
    const linkOf = async (res: Response) => readResultPage(await res.text()).back?.href;
    for (const back of [
      "https://evil.example/phish",
      "//evil.example/phish",
      "/\\evil.example/",
      "javascript:alert(1)",
      "https://www.example.com.evil.example/",
      "data:text/html,hi",
    ]) {
      expect(await linkOf(await relay()(post("/api/contact", body(back), form))), back).toBe("/");
    }
    // The page a post from a site not allowed here gets.
    const foreign = await relay()(
      post("/api/contact", body("https://evil.example/phish"), {
        ...form,
        Origin: "https://evil.example",
        Referer: "https://evil.example/form",
      }),
    );
    expect(foreign.status).toBe(403);
    expect(await linkOf(foreign)).toBe("/");
    // This site's pages, by path, by the relay's own host, or by an origin allowed to post here.
    for (const back of [
      "/suburbs/annerley/",
      "http://relay.test/contact-us/",
      "https://www.example.com/contact-us/?service=house-cleaning",
    ]) {
      expect(await linkOf(await relay()(post("/api/contact", body(back), form))), back).toBe(
        back.replace(/&/g, "&#38;"),
      );
    }
  });

  it("links a script-less post's page only to this site or an allowed one, read by the parser the browser uses: tabs, newlines, controls, backslashes", async () => {
    // Issue 38: ways a browser's URL parser (https://url.spec.whatwg.org/#concept-basic-url-parser) may read
    // `back` as another site, and a few that only look like one (`/%09/`, `http:evil.example` beside an http:
    // page): every link on every page is resolved as the browser resolves it.
    const readAsElsewhere = [
      "/\t/evil.example/",
      "/\n/evil.example/",
      "/\r/evil.example/",
      "/\r\n/evil.example/",
      "\t//evil.example/",
      "/\t\\evil.example/",
      "/\\evil.example/",
      "\\\\evil.example/",
      "\\/evil.example/",
      " //evil.example/",
      "\u0001//evil.example/",
      "//evil.example/ ",
      "\u0000/\u001f/evil.example/",
      "/\u007f/evil.example/",
      "/\u0085/evil.example/",
      "/.//evil.example/",
      "http://relay.test//evil.example/",
      "https:evil.example",
      "https:/\\evil.example/",
      "//evil.example",
      "///evil.example/",
      "javascript:alert(1)",
      "java\tscript:alert(1)",
      " javascript:alert(1)",
      "https://www.example.com\t.evil.example/",
      "https://www.example.com@evil.example/",
      "/%09/evil.example/",
      "/%2F/evil.example/",
      "http:evil.example",
      "/ /evil.example/",
    ];
    const site = "http://relay.test";
    const allowed = ["http://relay.test", "https://www.example.com"];
    const pageUrl = `${site}/api/contact`;
    const hrefs = (html: string) =>
      [...html.matchAll(/\s(?:href|action)="([^"]*)"/g)].map((m) =>
        m[1].replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
      );
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const body = (back: string) =>
      new URLSearchParams({ name: "Ann", email: "ann@example.com", message: "Hi", back }).toString();
    for (const back of readAsElsewhere) {
      // Sent, asked again (an invalid email), and refused as from another site: each page's every link.
      const pages = [
        await relay()(post("/api/contact", body(back), form)),
        await relay()(post("/api/contact", body(back).replace("ann%40example.com", "not-an-email"), form)),
        await relay()(post("/api/contact", body(back), { ...form, Origin: "https://evil.example" })),
        await relay()(
          post("/api/contact", "name=Ann", { ...form, Referer: back.replace(/[^\x20-\x7e]/g, "") }),
        ),
      ];
      for (const res of pages) {
        const links = hrefs(await res.text());
        expect(links.length, JSON.stringify(back)).toBeGreaterThan(0);
        for (const href of links)
          expect(allowed, `${JSON.stringify(back)} gave ${JSON.stringify(href)}`).toContain(
            new URL(href, pageUrl).origin,
          );
      }
    }
    // What stays on the site keeps its path, as the browser reads it: %09 is not a tab.
    const linkOf = async (res: Response) => readResultPage(await res.text()).back?.href;
    expect(await linkOf(await relay()(post("/api/contact", body("/%09/evil.example/"), form)))).toBe(
      "/%09/evil.example/",
    );
    expect(new URL("/%09/evil.example/", pageUrl).origin).toBe(site);
    expect(
      await linkOf(await relay()(post("/api/contact", body("https://user:pw@www.example.com/x"), form))),
    ).toBe("https://www.example.com/x");
  });

  it("takes each proof for one lead: a second lead with it is stopped and kept as spam, a repeat of the first is still one lead", async () => {
    const guard = await spamGuard("k".repeat(32));
    const issued = Date.now();
    let clock = issued + 5_000;
    const handler = relay({ spam: guard, now: () => new Date(clock) });
    const proof = await guard.issue("script", "quote", issued);
    const send = (name: string, submissionId: string, token = proof) =>
      handler(
        post("/api/quote", JSON.stringify({ name, email: "ann@example.com", submissionId, proof: token })),
      );
    const [first, second, third] = [
      "3f2c1e4a-9b7d-4c2e-8f1a-000000000001",
      "3f2c1e4a-9b7d-4c2e-8f1a-000000000002",
      "3f2c1e4a-9b7d-4c2e-8f1a-000000000003",
    ];
    for (const res of [
      await send("Ann", first),
      await send("Ann", first),
      await send("Bo", second),
      await send("Cy", third, await guard.issue("script", "quote", issued)),
    ])
      expect(await res.json()).toEqual({ ok: true });
    const byName = Object.fromEntries(
      (await leads.store.list()).map((l) => [l.fields?.name, [l.status, l.spamReason]]),
    );
    expect(byName).toEqual({
      Ann: ["pending", null],
      Bo: ["spam", "a proof already used for another lead"],
      Cy: ["pending", null],
    });

    // Without script: the confirmation page's proof confirms one waiting post, not a second.
    const plain = (name: string, extra: Record<string, string> = {}) =>
      handler(
        post(
          "/api/contact",
          new URLSearchParams({ name, email: "dee@example.com", message: "Hi", ...extra }).toString(),
          { "Content-Type": "application/x-www-form-urlencoded" },
        ),
      );
    const asked = await (await plain("Dee")).text();
    await plain("Eve");
    const pageProof = /name="proof" value="([^"]+)"/.exec(asked)![1];
    clock += 2_000;
    await plain("Dee", { proof: pageProof });
    await plain("Eve", { proof: pageProof });
    const statuses = Object.fromEntries(
      (await leads.store.list({ statuses: ["pending", "unconfirmed"] })).map((l) => [
        l.fields?.name,
        l.status,
      ]),
    );
    expect(statuses).toMatchObject({ Dee: "pending", Eve: "unconfirmed" });
  });

  it("keeps where a lead came from and names it in one line of the notice; odd values are cleaned, foreign paths dropped", async () => {
    const from = {
      page: "/",
      landing: "/suburbs/annerley/",
      landingName: "Bond Cleaning Annerley",
      source: "Google search",
      utm_source: "gbp",
    };
    await relay()(post("/api/quote", JSON.stringify({ name: "Ann", email: "ann@example.com", ...from })));
    const [lead] = await stored();
    expect(lead.attribution).toEqual(from);
    expect(lead.parts![0]).toContain(
      "*From:* Bond Cleaning Annerley page · Google search · utm gbp · sent from /\n",
    );

    await relay()(
      post(
        "/api/contact",
        JSON.stringify({
          name: "Bo",
          email: "bo@example.com",
          message: "Hi",
          page: "//evil.example/x",
          landing: "/a\u001b[31m\nb",
          source: "x".repeat(500),
        }),
      ),
    );
    const bo = (await stored()).find((l) => l.fields?.name === "Bo")!;
    expect(bo.attribution).toEqual({ landing: "/a [31m b", source: "x".repeat(200) });
  });

  it("counts a tap on a phone link from the site, per day, page and number; not a crawler's, a bare script's or a flood", async () => {
    // Given the site's pages and numbers (call-taps.test.ts: a tap on any other is not counted).
    const handler = createRelay({
      store: leads.store,
      clock: CLOCK,
      health: async () => healthy,
      allowedOrigins: ["https://www.example.com"],
      rateLimitPerMinute: 100,
      phone: "0491 570 156",
      callTaps: { pages: ["/", "/suburbs/annerley/"], numbers: ["0491 570 156"] },
      log: () => {},
    });
    const tap = (
      headers: Record<string, string>,
      body = JSON.stringify({ page: "/suburbs/annerley/", number: "0491570156" }),
    ) =>
      handler(
        new Request("http://relay.test/api/call", {
          method: "POST",
          headers: { "Content-Type": "text/plain;charset=UTF-8", ...headers },
          body,
        }),
        { clientAddress: "203.0.113.7" },
      );
    const browser = {
      Origin: "http://relay.test",
      "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile",
    };
    expect((await tap(browser)).status).toBe(204);
    expect((await tap({ ...browser, "User-Agent": "Googlebot/2.1" })).status).toBe(204);
    expect((await tap({ "User-Agent": browser["User-Agent"] })).status).toBe(204);
    expect((await tap({ ...browser, Origin: "https://evil.example" })).status).toBe(204);
    expect((await tap(browser, "not json")).status).toBe(400);
    expect((await tap(browser, JSON.stringify({ page: "//x", number: "0491570156" }))).status).toBe(400);
    expect((await tap(browser, JSON.stringify({ page: "/", number: "call me" }))).status).toBe(400);
    for (let i = 0; i < 12; i++) await tap(browser);
    const today = new Date(Date.now() + 10 * 3_600_000).toISOString().slice(0, 10);
    // The number as the site's links carry it.
    expect(await leads.store.callTaps(today, today)).toEqual([
      { page: "/suburbs/annerley/", number: "+61491570156", count: 10 },
    ]);
  });

  it("answers GET /api/health with the delivery state: 200 when flowing, 503 when not, no personal data", async () => {
    const ok = await relay()(new Request("http://relay.test/api/health"));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual(healthy);
    const stuck: Health = {
      ok: false,
      telegram: "ok",
      pending: 2,
      oldestPendingSeconds: 1_000,
      undeliverable: 0,
      problem: "2 leads waiting to be sent, the oldest for 16 minutes",
    };
    const red = await relay({ health: stuck })(new Request("http://relay.test/api/health"));
    expect(red.status).toBe(503);
    expect(await red.json()).toEqual(stuck);
    expect(red.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("configuration", () => {
  it("defaults to no Telegram settings (leads stored, not sent), Telegram's own address, localhost:4321, 5 submissions a minute and same origin only", () => {
    const c = serverConfig({});
    expect(c).toMatchObject({
      PORT: 4321,
      HOST: "localhost",
      RATE_LIMIT_PER_MINUTE: 5,
      TELEGRAM_API_BASE: "https://api.telegram.org",
      ALLOWED_ORIGINS: [],
    });
    expect(c.TELEGRAM_BOT_TOKEN).toBeUndefined();
  });

  it("names every problem, and never repeats the token", () => {
    let error: unknown;
    try {
      serverConfig({
        TELEGRAM_BOT_TOKEN: "secret-looking-wrong",
        TELEGRAM_CHAT_ID: "x y",
        PORT: "99999",
        RATE_LIMIT_PER_MINUTE: "lots",
        TELEGRAM_API_BASE: "ftp://x",
        ALLOWED_ORIGINS: "https://ok.example, https://x.example/path",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of [
      "TELEGRAM_BOT_TOKEN",
      "TELEGRAM_CHAT_ID",
      "PORT",
      "RATE_LIMIT_PER_MINUTE",
      "TELEGRAM_API_BASE",
      "ALLOWED_ORIGINS",
    ])
      expect(message).toContain(`${name}:`);
    expect(message).not.toContain("secret-looking-wrong");
  });

  it("refuses a TELEGRAM_API_BASE carrying a user name or password, and never repeats the password", () => {
    for (const base of [
      "https://relay-user:s3cret-Pa55@proxy.example/tg",
      "https://relay-user@proxy.example",
      "https://:s3cret-Pa55@proxy.example",
      "http://relay-user:s3cret-Pa55@127.0.0.1:8081",
    ]) {
      let error: unknown;
      try {
        relayConfig({ TELEGRAM_API_BASE: base });
      } catch (e) {
        error = e;
      }
      expect(error, base).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain("TELEGRAM_API_BASE: must not carry a user name or password");
      expect(message).not.toContain("s3cret-Pa55");
      expect(message).not.toContain("relay-user");
    }
    expect(relayConfig({ TELEGRAM_API_BASE: "https://proxy.example/tg" }).TELEGRAM_API_BASE).toBe(
      "https://proxy.example/tg",
    );
  });

  it("wants the token and chat id together", () => {
    expect(() => relayConfig({ TELEGRAM_BOT_TOKEN: "123:abcdefghijklmnopqrstuvwxyz" })).toThrow(
      /TELEGRAM_CHAT_ID: is missing/,
    );
  });
});

describe("the relay's own log", () => {
  it("prints what a request put in a line as escapes: an Origin header cannot move the cursor, recolour the terminal or forge a line", async () => {
    const leads = tempLeadStore();
    const printed: string[] = [];
    const spy = vi
      .spyOn(console, "log")
      .mockImplementation((line: unknown) => void printed.push(String(line)));
    try {
      // No log option: the relay's default sink, as `npm run serve` and the Worker print.
      const relay = createRelay({
        store: leads.store,
        clock: CLOCK,
        health: async () => ({
          ok: true,
          telegram: "ok",
          pending: 0,
          oldestPendingSeconds: 0,
          undeliverable: 0,
        }),
        allowedOrigins: ["https://www.example.com"],
        rateLimitPerMinute: 100,
        phone: "0491 570 156",
      });
      // Header bytes are Latin-1: 0x9b is C1's CSI, which a UTF-8 terminal reads as ESC [; ESC ] 8 starts a
      // link.
      const origin = "https://evil.example\u001b[2J\u009b31mRED\u001b]8;;https://phish.example\u0007";
      const body = new URLSearchParams({ name: "Ann", email: "ann@example.com" }).toString();
      const res = await relay(
        new Request("http://relay.test/api/quote", {
          method: "POST",
          headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
          body,
        }),
      );
      expect(res.status).toBe(403);
      const line = printed.find((l) => l.includes("not in ALLOWED_ORIGINS"));
      expect(line).toBeDefined();
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      expect(line).toContain("https://evil.example\\x1b[2J\\x9b31mRED\\x1b]8;;https://phish.example\\x07");
    } finally {
      spy.mockRestore();
      leads.remove();
    }
  });
});
