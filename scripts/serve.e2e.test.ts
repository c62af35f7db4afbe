/**
 * `npm run serve` as a process: a port in use is one line, it refuses to start in production without
 * Telegram settings, a lead it accepted survives the process being killed
 * outright while Telegram is down, and a stop it is asked for (SIGTERM) lets
 * the send under way finish and be recorded.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openLeadStore } from "../src/relay/node/sqlite.ts";
import { tempLeadsDb, UNPACED } from "../src/relay/testing/leads.ts";
import { startTelegramStandIn, type StandIn } from "../src/relay/testing/telegram-stand-in.ts";
import { DIST_DIR } from "../src/testing/dist-dir.ts";
import { freePort } from "../src/testing/ports.ts";

let tg: StandIn;
let db: ReturnType<typeof tempLeadsDb>;
const children: ChildProcess[] = [];
beforeAll(async () => {
  tg = await startTelegramStandIn();
  db = tempLeadsDb();
});
afterAll(async () => {
  await tg.close();
  db.remove();
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

function serve(
  env: Record<string, string>,
  args: string[] = [],
): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const { NODE_ENV: _drop, ...parent } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", ...args], {
    env: { ...parent, SITE_ROOT: DIST_DIR, HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // Lines wrapped for an 80-column terminal read as one again.
  return { child, output: () => out.replace(/\n {2,}/g, " "), exited };
}

async function started(env: Record<string, string>) {
  const port = await freePort();
  const server = serve({
    PORT: String(port),
    LEADS_DB: db.file,
    TELEGRAM_BOT_TOKEN: tg.token,
    TELEGRAM_CHAT_ID: tg.chatId,
    TELEGRAM_API_BASE: tg.apiBase,
    ...UNPACED,
    SPAM_CHECKS: "off",
    ...env,
  });
  await expect
    .poll(server.output, { timeout: 30_000, message: "the server prints its address" })
    .toContain("Serving ");
  return { ...server, url: `http://127.0.0.1:${port}` };
}

describe("npm run serve", () => {
  it("says in one line that the port is in use and how to choose another, before building", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      // npm start is serve -- --build: the port is checked before the build would start.
      const start = serve({ PORT: String(port), LEADS_DB: db.file }, ["--build"]);
      expect(await start.exited).toBe(1);
      expect(start.output()).toBe(
        `Port ${port} is in use, by npm start or dev elsewhere? Try PORT=${port + 1} npm start\n`,
      );
    } finally {
      taken.close();
    }
  });

  it("refuses to start in production without Telegram settings, naming both variables, unless LEADS_STORE_ONLY=1", async () => {
    // Both start at once: the refused one stops at its settings, before it opens the lead store.
    const refused = serve({ NODE_ENV: "production", PORT: String(await freePort()), LEADS_DB: db.file });
    const port = await freePort();
    const storing = serve({
      NODE_ENV: "production",
      LEADS_STORE_ONLY: "1",
      PORT: String(port),
      LEADS_DB: db.file,
    });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain("TELEGRAM_BOT_TOKEN");
    expect(refused.output()).toContain("TELEGRAM_CHAT_ID");
    expect(refused.output()).toContain("LEADS_STORE_ONLY=1");

    await expect
      .poll(storing.output, { timeout: 30_000, message: "the store-only server starts" })
      .toContain("leads are stored in");
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toMatchObject({ telegram: "not configured" });
  }, 60_000);

  it("delivers, once, a lead it accepted while Telegram was down, after being killed with SIGKILL and restarted", async () => {
    tg.always({ kind: "down" });
    const first = await started({});
    const res = await fetch(`${first.url}/api/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Killed Before Sending", email: "k@example.com" }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    await expect
      .poll(() => tg.attempts, { timeout: 10_000, message: "the relay tries Telegram at least once" })
      .toBeGreaterThan(0);
    first.child.kill("SIGKILL");
    await first.exited;
    expect(tg.delivered).toHaveLength(0);

    tg.always({ kind: "ok" });
    const second = await started({});
    await expect
      .poll(() => tg.delivered.length, {
        timeout: 15_000,
        message: "the kept lead goes out after the restart",
      })
      .toBe(1);
    expect(tg.delivered[0].shown).toContain("Name: Killed Before Sending\n");
    const health = await (await fetch(`${second.url}/api/health`)).json();
    expect(health).toEqual({
      ok: true,
      telegram: "ok",
      pending: 0,
      oldestPendingSeconds: 0,
      undeliverable: 0,
    });
    // Stopped as a host stops it, the relay first finishes every send under way: a second copy would have
    // come by now.
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    expect(tg.delivered).toHaveLength(1);
  }, 90_000);

  it("stopped with SIGTERM mid-send, answers the visitor, finishes the send and records it, then exits with 0", async () => {
    tg.reset();
    // Telegram takes 1.5 s to accept the notice and 1.5 s more to answer: the stop comes while the relay
    // waits on both.
    tg.next({ kind: "ok", delayMs: 1_500, answerDelayMs: 1_500 });
    const server = await started({});
    const posted = fetch(`${server.url}/api/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Stopped Mid Send", email: "s@example.com" }),
    });
    await expect
      .poll(() => tg.attempts, { timeout: 10_000, message: "the relay's send reaches Telegram" })
      .toBe(1);
    // Twice, as systemd (or a terminal's Ctrl-C) signals the whole process group and npm passes it on to its
    // child too: the second comes once the first is being handled, and is the same stop, not a demand to stop
    // at once.
    server.child.kill("SIGTERM");
    await expect
      .poll(server.output, { timeout: 10_000, message: "the server says it is stopping" })
      .toContain("SIGTERM: finishing");
    server.child.kill("SIGTERM");
    // The visitor's form post, under way at the stop, is answered.
    const res = await posted;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("SIGTERM: finishing the requests and sends under way, then stopping.");
    expect(server.output()).not.toContain("again");
    // Telegram has the notice once, and the store knows it: no start after this one sends it again as
    // "(possible repeat)".
    expect(tg.delivered.map((m) => m.shown)).toEqual([
      expect.stringMatching(/^New Quote Request: Stopped Mid Send,[^]*\nName: Stopped Mid Send\n/),
    ]);
    const opened = openLeadStore(db.file);
    const [lead] = await opened.store.list({ limit: 1 });
    opened.close();
    expect(lead).toMatchObject({ status: "delivered", fields: { name: "Stopped Mid Send" } });
  }, 60_000);
});
