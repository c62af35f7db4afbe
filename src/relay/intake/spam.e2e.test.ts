/**
 * Spam and abuse: scripted posts are kept as spam and never reach Telegram,
 * people (with and without JavaScript) always get through, limits hold
 * behind a proxy, and huge or trickling bodies are cut off.
 */
import { connect } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverConfig } from "../node/config.ts";
import { MAX_BODY_BYTES } from "./body.ts";
import { clientKey, rateLimitKey } from "./client-address.ts";
import { createRelay } from "./relay.ts";
import { MIN_PROOF_AGE_MS } from "./spam.ts";
import { tempLeadStore } from "../testing/leads.ts";
import { PHONE } from "../../testing/browser.ts";
import { withFullStack } from "../../testing/full-stack.ts";
import { HEADERS_TIMEOUT_MS, listen, REQUEST_TIMEOUT_MS } from "../../server/node.ts";
import { CLOCK } from "../testing/business.ts";

const stack = withFullStack({ spam: true });
/** The time trap is passed by moving the relay's clock on, not by sleeping. */
const passTimeTrap = () => stack.clock.advance(MIN_PROOF_AGE_MS.script + 100);
const spamLeads = () => stack.relay.opened.store.list({ statuses: ["spam"], limit: 1000 });

describe("scripted posts", () => {
  it("none of a corpus of bot posts reaches Telegram; each is kept as spam and answered as a person's post is", async () => {
    const token = await (await fetch(`${stack.site.url}/api/proof?form=quote`)).json();
    const links = Array.from({ length: 8 }, (_, i) => `https://cheap-${i}.example/buy`).join(" ");
    const json = (body: Record<string, string>) => ({ type: "application/json", body: JSON.stringify(body) });
    const form = (body: Record<string, string>) => ({
      type: "application/x-www-form-urlencoded",
      body: new URLSearchParams(body).toString(),
    });
    const person = { name: "Casino Bonus", email: "bot@example.com" };
    const corpus = [
      { path: "/api/quote", ...json({ ...person, message: "no proof, straight to the API" }) },
      {
        path: "/api/contact",
        ...json({
          ...person,
          message: "a proof I made up",
          proof: "1700000000000.script.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        }),
      },
      {
        path: "/api/quote",
        ...json({
          ...person,
          message: "the honeypot filled",
          website: "https://spam.example",
          proof: token.token,
        }),
      },
      { path: "/api/contact", ...json({ ...person, message: `eight links ${links}`, proof: token.token }) },
      {
        path: "/api/contact",
        ...json({
          name: "https://spam.example",
          email: "bot@example.com",
          message: "a link for a name",
          proof: token.token,
        }),
      },
      {
        path: "/api/quote",
        ...json({ ...person, message: "https://only.example/a https://only.example/b", proof: token.token }),
      },
      {
        path: "/api/quote",
        ...json({ ...person, message: "sent the moment the proof was issued", proof: token.token }),
      },
      { path: "/api/quote", ...form({ ...person, message: "urlencoded, no proof" }) },
      { path: "/api/contact", ...form({ ...person, message: `urlencoded, eight links ${links}` }) },
    ];
    for (const post of corpus) {
      const res = await fetch(stack.site.url + post.path, {
        method: "POST",
        headers: { "Content-Type": post.type },
        body: post.body,
      });
      expect(res.status, post.body).toBe(200);
      if (post.type === "application/json") expect(await res.json()).toEqual({ ok: true });
    }
    await stack.relay.drained();
    expect(stack.tg.attempts).toBe(0);
    const kept = await spamLeads();
    // The urlencoded post without a proof waits for its visitor to confirm, with a status of its own.
    const waiting = await stack.relay.opened.store.list({ statuses: ["unconfirmed"] });
    expect(waiting.map((l) => [l.fields?.message, l.spamReason])).toEqual([["urlencoded, no proof", null]]);
    expect(kept).toHaveLength(corpus.length - 1);
    expect(kept.map((l) => l.spamReason!.replace(/^sent \d+ ms/, "sent N ms")).sort()).toEqual(
      [
        "no proof the form was loaded",
        "a proof the relay did not sign",
        "honeypot filled",
        "8 links in the message",
        "a link in the name",
        "a message of links only",
        "sent N ms after the form was opened",
        "8 links in the message",
      ].sort(),
    );
  });

  it("a lead wrongly stopped is sent by resend", async () => {
    const res = await fetch(`${stack.site.url}/api/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Real Person", email: "real@example.com" }),
    });
    expect(res.status).toBe(200);
    const [stopped] = (await spamLeads()).filter((l) => l.fields?.name === "Real Person");
    expect(await stack.relay.opened.store.requeue(stopped.id, Date.now())).toBe(true);
    await expect
      .poll(() => stack.tg.delivered.length, { timeout: 5_000, message: "the resent lead goes out" })
      .toBe(1);
    expect(stack.tg.delivered[0].shown).toContain("Name: Real Person\n");
  });

  it("with SPAM_CHECKS=off a bare post is a lead", async () => {
    const leads = tempLeadStore();
    const handler = createRelay({
      store: leads.store,
      clock: CLOCK,
      health: async () => ({
        ok: true,
        telegram: "ok",
        pending: 0,
        oldestPendingSeconds: 0,
        undeliverable: 0,
      }),
      allowedOrigins: [],
      rateLimitPerMinute: 10,
      phone: "",
      log: () => {},
    });
    await handler(
      new Request("http://relay.test/api/quote", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Ann", email: "ann@example.com" }),
      }),
    );
    expect((await leads.store.list())[0].status).toBe("pending");
    leads.remove();
    expect(serverConfig({ SPAM_CHECKS: "off" }).SPAM_CHECKS).toBe("off");
    expect(() => serverConfig({ SPAM_CHECKS: "maybe" })).toThrow(/SPAM_CHECKS: expected "on" or "off"/);
  });
});

/**
 * Taps Send on a form the visitor has typed into (so its island has woken, decision 0030) and waits
 * for the island's own success notice: the page stays where it is, and no confirmation page is
 * asked for (that is the script-less path, tested on its own below).
 */
async function send(page: Page, button: string, success: string) {
  const url = page.url();
  await page.locator(button).tap();
  await page.locator("[role=status]").getByText(success).waitFor({ timeout: 15_000 });
  expect(page.url()).toBe(url);
  expect(await page.getByText("Please confirm your message").count()).toBe(0);
}

describe("people", () => {
  it("typing at human speed on a phone, with a link, an emoji and a phone number, are delivered: quote and contact", async () => {
    const context = await stack.browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      javaScriptEnabled: true,
    });
    const page = await context.newPage();
    await page.goto(`${stack.site.url}/`);
    const message = "Hi! Saw you on https://www.example.com/reviews 🧽 please call 0491 570 156";
    await page.locator("#quote-name").pressSequentially("Priya Natarajan", { delay: 40 });
    await page.locator("#quote-email").pressSequentially("priya@example.com", { delay: 40 });
    await page.locator("#quote-message").pressSequentially(message, { delay: 20 });
    await send(page, "#home button[type=submit]", "Quote Request Sent!");

    await page.goto(`${stack.site.url}/contact-us/`);
    await page.locator("#contact-name").pressSequentially("Tom Nguyen", { delay: 40 });
    await page.locator("#contact-email").pressSequentially("tom@example.com", { delay: 40 });
    await page
      .locator("#contact-message")
      .pressSequentially("End of lease on 12 Dec, 2 bed unit. Thanks!", { delay: 20 });
    await send(page, "#main form button[type=submit]", "Message Sent Successfully!");

    await expect
      .poll(() => stack.tg.delivered.length, { timeout: 10_000, message: "both people's messages arrive" })
      .toBe(2);
    expect(stack.tg.delivered[0].shown).toContain(`Message:\n${message}\n`);
    expect(stack.tg.delivered[1].shown).toContain("Name: Tom Nguyen\n");
    await context.close();
  });

  it("without JavaScript, writing 9,000 Chinese characters, is delivered after one confirmation page", async () => {
    const context = await stack.browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${stack.site.url}/contact-us/`);
    const message = "我们下个月搬家，需要退租清洁。".repeat(600);
    expect(message).toHaveLength(9_000);
    await page.fill("#contact-name", "王小明");
    await page.fill("#contact-email", "wang@example.com");
    await page.fill("#contact-message", message);
    await Promise.all([page.waitForNavigation(), page.click("#main form button[type=submit]")]);
    expect(await page.locator("[role=status] h1").innerText()).toBe("Please confirm your message");
    expect(await page.inputValue("[name=message]")).toBe(message);
    // The confirmation page's time trap, passed on the relay's clock as if the visitor read the page for a
    // while.
    stack.clock.advance(MIN_PROOF_AGE_MS.page + 100);
    await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
    expect(await page.locator("[role=status] h1").innerText()).toBe("Message Sent Successfully!");
    await expect
      .poll(() => stack.tg.delivered.length, { timeout: 10_000, message: "every part arrives" })
      .toBeGreaterThan(2);
    const joined = stack.tg.delivered
      .map((d) => /Message(?: \(continued\))?:\n([\s\S]*)\n\nSubmitted: /.exec(d.shown)![1])
      .join("");
    expect(joined).toBe(message);
    await context.close();
  });
});

describe("a form posted before its script ran", () => {
  const form = (body: Record<string, string>) =>
    fetch(`${stack.site.url}/api/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(body).toString(),
    });
  it("is sent when it carries the loader's proof, and asked to confirm (never silently kept as spam) when the proof is too young", async () => {
    const proof = (await (await fetch(`${stack.site.url}/api/proof?form=quote`)).json()).token as string;
    const young = await form({ name: "Quick Quentin", email: "q@example.com", proof });
    expect(await young.text()).toContain("Please confirm your message");
    passTimeTrap();
    const sent = await form({ name: "Patient Pat", email: "p@example.com", proof });
    expect(await sent.text()).toContain("Quote Request Sent!");
    await expect
      .poll(() => stack.tg.delivered.map((d) => /Name: (.+)/.exec(d.shown)![1]), {
        timeout: 5_000,
        message: "Pat's notice arrives",
      })
      .toEqual(["Patient Pat"]);
  });
});

describe("one proof, one lead, one form (issue 38)", () => {
  const proofFor = async (form: string) =>
    (await (await fetch(`${stack.site.url}/api/proof?form=${form}`)).json()).token as string;
  const json = (path: string, body: Record<string, string>) =>
    fetch(stack.site.url + path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const plain = (path: string, body: Record<string, string>) =>
    fetch(stack.site.url + path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(body).toString(),
    });
  const reasonOf = async (name: string) =>
    (await stack.relay.opened.store.list({ limit: 1000 }))
      .filter((l) => l.fields?.name === name)
      .map((l) => [l.status, l.spamReason]);
  /**
   * The other spellings of a proof: its MAC's last base64url character carries 2 spare bits, which a decoder
   * ignores.
   */
  const respelled = (proof: string) => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(proof.at(-1)!);
    return [1, 2, 3].map((spare) => proof.slice(0, -1) + alphabet[(last & ~3) | ((last & 3) ^ spare)]);
  };

  it("a proof spelled another way is not another proof: one lead, the rest kept as spam", async () => {
    const proof = await proofFor("contact");
    passTimeTrap();
    expect(
      (await json("/api/contact", { name: "First Spelling", email: "a@example.com", message: "Hi", proof }))
        .status,
    ).toBe(200);
    const others = respelled(proof);
    expect(new Set([proof, ...others]).size).toBe(4);
    for (const [i, other] of others.entries()) {
      const res = await json("/api/contact", {
        name: `Spelling ${i + 2}`,
        email: "a@example.com",
        message: `Hi ${i}`,
        proof: other,
      });
      expect(await res.json()).toEqual({ ok: true });
      expect(await reasonOf(`Spelling ${i + 2}`)).toEqual([["spam", "a proof the relay did not sign"]]);
    }
    await expect.poll(() => stack.tg.delivered.length, { timeout: 5_000 }).toBe(1);
    await stack.relay.drained();
    expect(stack.tg.delivered.map((d) => /Name: (.+)/.exec(d.shown)![1])).toEqual(["First Spelling"]);
  });

  it("a proof is for the form it was asked for: the quote form's is no good for the contact form, nor the other way", async () => {
    const quote = await proofFor("quote");
    const contact = await proofFor("contact");
    expect(quote).toMatch(/^\d+\.script\.quote\.[0-9a-f]{16}\.[\w-]{43}$/);
    expect(contact).toMatch(/^\d+\.script\.contact\.[0-9a-f]{16}\.[\w-]{43}$/);
    passTimeTrap();
    expect(
      await (
        await json("/api/contact", {
          name: "Quote Proof",
          email: "a@example.com",
          message: "Hi",
          proof: quote,
        })
      ).json(),
    ).toEqual({ ok: true });
    expect(
      await (
        await json("/api/quote", { name: "Contact Proof", email: "a@example.com", proof: contact })
      ).json(),
    ).toEqual({ ok: true });
    expect(await reasonOf("Quote Proof")).toEqual([["spam", "a proof for the quote form"]]);
    expect(await reasonOf("Contact Proof")).toEqual([["spam", "a proof for the contact form"]]);
    // A script that names no form gets none.
    const unnamed = await fetch(`${stack.site.url}/api/proof`);
    expect(unnamed.status).toBe(400);
    expect((await fetch(`${stack.site.url}/api/proof?form=careers`)).status).toBe(400);
    await stack.relay.drained();
    expect(stack.tg.attempts).toBe(0);
  });

  it("a confirmation page's proof is only for a post without script: a script sending it is kept as spam, the visitor's own post still goes", async () => {
    const typed = { name: "Page Proof", email: "p@example.com", message: "No script here" };
    const asked = await (await plain("/api/contact", typed)).text();
    expect(asked).toContain("Please confirm your message");
    const pageProof = /name="proof" value="([^"]+)"/.exec(asked)![1];
    expect(pageProof).toMatch(/^\d+\.page\.contact\./);
    passTimeTrap();
    expect(
      await (
        await json("/api/contact", {
          name: "Scripted",
          email: "s@example.com",
          message: "Hi",
          proof: pageProof,
        })
      ).json(),
    ).toEqual({ ok: true });
    expect(await reasonOf("Scripted")).toEqual([["spam", "a confirmation page's proof sent by a script"]]);
    expect(await (await plain("/api/contact", { ...typed, proof: pageProof })).text()).toContain(
      "Message Sent Successfully!",
    );
    await expect
      .poll(() => stack.tg.delivered.map((d) => /Name: (.+)/.exec(d.shown)![1]), { timeout: 5_000 })
      .toEqual(["Page Proof"]);
  });
});

describe("one-line fields", () => {
  it("a line break and a forged Email: line arrive as one line, a right-to-left override is gone, and a zero-width name is refused", async () => {
    const post = (body: Record<string, string>) =>
      fetch(`${stack.site.url}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const proof = async () =>
      (await (await fetch(`${stack.site.url}/api/proof?form=contact`)).json()).token as string;
    const early = await proof();
    passTimeTrap();
    const res = await post({
      name: "Ann\nEmail: attacker@evil.example",
      phone: "0491\u202E651 075 4\u202C",
      email: "ann@example.com",
      message: "Hi",
      proof: early,
    });
    expect(res.status).toBe(200);
    await expect
      .poll(() => stack.tg.delivered.length, { timeout: 5_000, message: "the notice arrives" })
      .toBe(1);
    const shown = stack.tg.delivered[0].shown;
    expect(shown).toContain("Name: Ann Email: attacker@evil.example\nEmail: ann@example.com\n");
    expect(shown).toContain("Phone: 0491651 075 4\n");
    expect(shown).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);

    const invisible = await post({
      name: "\u200B\u200B \u200D",
      email: "ann@example.com",
      message: "Hi",
      proof: early,
    });
    expect(invisible.status).toBe(400);
    expect(await invisible.json()).toEqual({
      ok: false,
      error: "some fields are missing or invalid",
      fields: ["name"],
    });
  });
});

describe("limits behind a proxy", () => {
  const leads = tempLeadStore();
  afterAll(() => leads.remove());
  const handler = (trustProxy: number) =>
    createRelay({
      store: leads.store,
      clock: CLOCK,
      health: async () => ({
        ok: true,
        telegram: "ok",
        pending: 0,
        oldestPendingSeconds: 0,
        undeliverable: 0,
      }),
      allowedOrigins: [],
      rateLimitPerMinute: 2,
      trustProxy,
      phone: "",
      log: () => {},
    });
  const post = (xff: string, i: number) =>
    new Request("http://relay.test/api/quote", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": xff },
      body: JSON.stringify({ name: `N${i}`, email: "n@example.com" }),
    });

  it("with TRUST_PROXY=1 two clients behind the proxy keep separate limits", async () => {
    const relay = handler(1);
    const proxy = { clientAddress: "127.0.0.1" };
    const a = [];
    const b = [];
    for (let i = 0; i < 3; i++) a.push((await relay(post("198.51.100.7", i), proxy)).status);
    for (let i = 0; i < 3; i++) b.push((await relay(post("forged, 203.0.113.9", 10 + i), proxy)).status);
    expect(a).toEqual([200, 200, 429]);
    expect(b).toEqual([200, 200, 429]);
  });

  it("without it a changing X-Forwarded-For changes nothing: the connecting address is counted", async () => {
    const relay = handler(0);
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await relay(post(`192.0.2.${i}`, 20 + i), { clientAddress: "203.0.113.50" })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("counts IPv6 clients per /64 and reads the N-th address from the right", () => {
    expect(rateLimitKey("2001:db8:1:2:aaaa::1")).toBe(rateLimitKey("2001:db8:1:2:bbbb:cccc:dddd:eeee"));
    expect(rateLimitKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKey("2001:db8:1:3::1")).not.toBe(rateLimitKey("2001:db8:1:2::1"));
    expect(rateLimitKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    const req = new Request("http://x/", {
      headers: { "X-Forwarded-For": "1.1.1.1, 198.51.100.7, 10.0.0.2" },
    });
    expect(clientKey(req, "10.0.0.3", 2)).toBe("198.51.100.7");
    expect(clientKey(req, "10.0.0.3", 0)).toBe("10.0.0.3");
  });
});

describe("bodies", () => {
  type Listening = Awaited<ReturnType<typeof listen>>;
  let server: Listening;
  /**
   * The same, with a request's time cut from REQUEST_TIMEOUT_MS to 2 s: a trickle is cut off without waiting
   * 20 s.
   */
  let hurried: Listening;
  const HURRIED_REQUEST_MS = 2_000;
  beforeAll(async () => {
    server = await listen(stack.relay.relay, { port: 0, host: "127.0.0.1" });
    hurried = await listen(stack.relay.relay, {
      port: 0,
      host: "127.0.0.1",
      headersTimeoutMs: 1_000,
      requestTimeoutMs: HURRIED_REQUEST_MS,
    });
  });
  const close = (listening: Listening) =>
    new Promise<void>(
      (resolve) => (listening.server.closeAllConnections(), listening.server.close(() => resolve())),
    );
  afterAll(() => Promise.all([close(server), close(hurried)]));

  /**
   * Sends raw HTTP, keeps writing `then` every `everyMs`, and resolves with what came back when the server
   * closes the connection.
   */
  const raw = (head: string, then: Buffer | string, everyMs: number, to = server) =>
    new Promise<{ answer: string; ms: number }>((resolve) => {
      const started = Date.now();
      const socket = connect(Number(new URL(to.url).port), "127.0.0.1");
      let answer = "";
      socket.on("data", (d) => (answer += d.toString()));
      socket.on("error", () => {});
      const timer = setInterval(() => !socket.destroyed && socket.write(then, () => {}), everyMs);
      socket.on("close", () => {
        clearInterval(timer);
        resolve({ answer, ms: Date.now() - started });
      });
      socket.write(head);
    });

  it("answers a declared 100 MB body with 413 and closes the connection", async () => {
    const { answer, ms } = await raw(
      "POST /api/quote HTTP/1.1\r\nHost: relay.test\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n\r\n",
      Buffer.alloc(64 * 1024, 120),
      5,
    );
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
    expect(answer).toMatch(/connection: close/i);
    expect(ms).toBeLessThan(10_000);
  });

  it("answers a script-less form declaring a 100 MB body with a 413 page, and closes the connection", async () => {
    const head =
      "POST /api/contact HTTP/1.1\r\nHost: relay.test\r\nContent-Type: application/x-www-form-urlencoded\r\nReferer: http://relay.test/contact-us/\r\nContent-Length: 104857600\r\n\r\n";
    const { answer, ms } = await raw(head, Buffer.alloc(64 * 1024, 120), 5);
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toMatch(/content-type: text\/html; charset=utf-8/i);
    expect(answer).toMatch(/<h1[^>]*>Your message is too long<\/h1>/);
    expect(answer).toMatch(/<a href="http:\/\/relay.test\/contact-us\/"[^>]*>Back to the form<\/a>/);
    expect(ms).toBeLessThan(10_000);
  });

  it("closes a request whose body trickles in, still arriving, once the request's time is up: 408", async () => {
    // A byte every 250 ms: 8 bytes of the 500 declared by the time the 2 s are up. The time is checked each
    // second.
    const { answer, ms } = await raw(
      "POST /api/contact HTTP/1.1\r\nHost: relay.test\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n",
      "x",
      250,
      hurried,
    );
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
    expect(ms).toBeGreaterThanOrEqual(HURRIED_REQUEST_MS - 100);
    expect(ms).toBeLessThan(HURRIED_REQUEST_MS + 3_000);
  });

  it("unless told otherwise, closes a body arriving a byte a second within 30 s: a request's time is shorter, checked each second", () => {
    expect(server.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(server.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    // The 408 goes out at the first check after the time is up.
    expect(REQUEST_TIMEOUT_MS + 1_000).toBeLessThan(30_000);
  });

  it("fits every valid form: 10,000 three-byte characters urlencoded is under the limit", () => {
    const form = new URLSearchParams({
      name: "名".repeat(200),
      email: "a@example.com",
      phone: "电".repeat(200),
      address: "址".repeat(300),
      message: "字".repeat(10_000),
    }).toString();
    expect(form.length).toBeLessThan(MAX_BODY_BYTES);
  });
});

describe("settings", () => {
  it("wants https for Telegram except on loopback, and prints its address without credentials", async () => {
    expect(() => serverConfig({ TELEGRAM_API_BASE: "http://telegram.example" })).toThrow(
      /TELEGRAM_API_BASE: must be https/,
    );
    expect(serverConfig({ TELEGRAM_API_BASE: "http://127.0.0.1:8081" }).TELEGRAM_API_BASE).toBe(
      "http://127.0.0.1:8081",
    );
    expect(() => serverConfig({ TELEGRAM_API_BASE: "https://user:secret@proxy.example/tg" })).toThrow(
      /TELEGRAM_API_BASE: must not carry a user name or password/,
    );
    const { printableApiBase } = await import("../config.ts");
    expect(printableApiBase(serverConfig({ TELEGRAM_API_BASE: "https://proxy.example/tg" }))).toBe(
      "https://proxy.example",
    );
  });
});
