/**
 * Another website cannot post a lead through the site's relay by naming
 * itself in the request target: `POST //other.example/api/quote` once made the
 * adapter take other.example for the request's host, so the relay counted
 * `Origin: https://other.example` as the site's own. In Chromium, a hostile
 * page on another port posts the quote form both ways; nothing is stored and
 * nothing reaches Telegram, while the site's own page still gets through.
 */
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_PATHS } from "../shared/relay-paths.ts";
import { withFullStack } from "../testing/full-stack.ts";
import { rawRequest } from "../testing/raw-http.ts";
import { listen } from "./node.ts";

const stack = withFullStack();
let hostile: { server: Server; url: string };

/** The hostile site's one page: two forms with the quote form's fields, posting to the site's relay. */
function hostilePage(): string {
  const form = (id: string, action: string, name: string) =>
    `<form id="${id}" method="post" enctype="application/x-www-form-urlencoded" action="${action}"><input name="name" value="${name}"><input name="email" value="${id}@example.com"><button>Send</button></form>`;
  const relayAt = stack.site.url;
  const itself = new URL(hostile.url).host;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Not the site</title></head><body>${form("through", `${relayAt}//${itself}${FORM_PATHS.quote}`, "Through Two Slashes")}${form("straight", `${relayAt}${FORM_PATHS.quote}`, "Straight Cross Origin")}</body></html>`;
}

beforeAll(async () => {
  hostile = await listen(
    () => new Response(hostilePage(), { headers: { "Content-Type": "text/html; charset=utf-8" } }),
    { port: 0, host: "127.0.0.1" },
  );
});
afterAll(async () => {
  hostile?.server.closeAllConnections();
  await new Promise((resolve) => hostile?.server.close(resolve));
});

/** Every lead the store holds, in any state. */
const stored = async () =>
  (await stack.relay.opened.store.list({ limit: 1000 })).map((lead) => lead.fields?.name);

describe("a hostile site", () => {
  it("in Chromium: posting to //its-own-host/api/quote on the relay is 400; posting to /api/quote is 403; nothing is stored or sent", async () => {
    const context = await stack.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(hostile.url);
      const through = `${stack.site.url}//${new URL(hostile.url).host}${FORM_PATHS.quote}`;
      expect(await page.getAttribute("#through", "action")).toBe(through);

      const [first] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.click("#through button"),
      ]);
      expect(first.url()).toBe(through);
      expect(first.request().headers()["origin"]).toBe(hostile.url);
      expect(first.status()).toBe(400);

      await page.goto(hostile.url);
      const [second] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.click("#straight button"),
      ]);
      expect(second.url()).toBe(`${stack.site.url}${FORM_PATHS.quote}`);
      expect(second.status()).toBe(403);
    } finally {
      await context.close();
    }
    await stack.relay.drained();
    expect(await stored()).toEqual([]);
    expect(stack.tg.attempts).toBe(0);
    expect(stack.tg.delivered).toEqual([]);
  });

  it("over raw HTTP: a target naming another host, as a path or in absolute form, is 400 and stores nothing", async () => {
    for (const target of [
      `//other.example${FORM_PATHS.quote}`,
      `http://other.example${FORM_PATHS.quote}`,
      `https://other.example${FORM_PATHS.quote}`,
    ]) {
      const body = JSON.stringify({ name: "Raw Other Host", email: "raw@example.com" });
      const res = await rawRequest(
        stack.site.url,
        `POST ${target} HTTP/1.1\r\nHost: ${new URL(stack.site.url).host}\r\nOrigin: https://other.example\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      expect(res.status, target).toBe(400);
    }
    await stack.relay.drained();
    expect(await stored()).toEqual([]);
    expect(stack.tg.attempts).toBe(0);
  });

  it("leaves the site's own page able to post (so the checks above would see a lead)", async () => {
    const context = await stack.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${stack.site.url}/contact-us/`);
      const status = await page.evaluate(async (path) => {
        const res = await fetch(path, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name: "From The Site Itself", email: "self@example.com" }),
        });
        return res.status;
      }, FORM_PATHS.quote);
      expect(status).toBe(200);
    } finally {
      await context.close();
    }
    await expect.poll(() => stack.tg.delivered.length, { timeout: 10_000 }).toBe(1);
    expect(stack.tg.delivered[0].shown).toContain("From The Site Itself");
    expect(await stored()).toEqual(["From The Site Itself"]);
  });
});
