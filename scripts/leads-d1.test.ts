/**
 * `npm run leads -- --d1` against a real local D1: wrangler (npx wrangler d1 ...)
 * with the repository's migrations applied in a temporary folder
 * (--persist-to), leads added through the lead store over the same wrangler
 * Sql, and the owner's commands run as the owner runs them. Each wrangler call
 * starts a process of a few seconds, hence the long timeouts.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LeadStore, type Sql } from "../src/relay/leads/store.ts";
import { D1_BINDING, WRANGLER_CONFIG, wranglerD1Sql } from "../src/relay/node/wrangler-d1.ts";
import { quoteNotices } from "../src/relay/notice.ts";
import type { QuoteBody } from "../src/shared/forms/schema.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const CONFIG = path.join(ROOT, WRANGLER_CONFIG);
// No telemetry from tests; everything here is local.
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

const NAME = "Zoë O'Brien \u001b[31m\u202E";
const MESSAGE = "It's 3 rooms; what's the price?\nLine two -- not a comment /* nor this */ 'quoted' ? ?? 你好 👋🏽\r\n=SUM(A1)";
const fields = (name: string, message = "") => ({ name, email: "zoe@example.com", phone: "", address: "", message });

let dir: string;
let sql: Sql;
let store: LeadStore;

const leadsCli = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/leads.ts", "--d1", "--persist-to", dir, "--config", CONFIG, ...args], { cwd: ROOT, env, encoding: "utf8" });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "leads-d1-"));
  execFileSync("npx", ["--no", "--", "wrangler", "d1", "migrations", "apply", D1_BINDING, "--local", "--persist-to", dir, "--config", CONFIG], { cwd: ROOT, env, stdio: "pipe" });
  sql = wranglerD1Sql({ persistTo: dir, config: CONFIG, cwd: ROOT, env });
  store = new LeadStore(sql);
  const now = Date.now();
  const add = (id: string, name: string, minutesAgo: number, message = "") => {
    const f = fields(name, message);
    return store.add({ id, form: "quote", fields: f, parts: quoteNotices({ ...f, website: "" } as QuoteBody, new Date()), receivedAt: now - minutesAgo * 60_000 });
  };
  expect(await add("lead-zoe", NAME, 4, MESSAGE)).toBe(true);
  expect(await add("lead-sent", "Sent Already", 3)).toBe(true);
  expect(await add("lead-old", "Long Gone", 2)).toBe(true);
  expect(await add("lead-refused", "Refused Once", 1)).toBe(true);
  // Delivered, erased after the retention period, and refused by Telegram.
  expect(await sql.run("UPDATE leads SET status = 'delivered', parts_sent = 1, delivered_at = ? WHERE id = ?", [now, "lead-sent"])).toBe(1);
  expect(await sql.run("UPDATE leads SET status = 'delivered', delivered_at = ?, fields = NULL, parts = NULL, erased_at = ? WHERE id = ?", [now, now, "lead-old"])).toBe(1);
  expect(await sql.run("UPDATE leads SET status = 'undeliverable', failure_kind = 'message', last_error = ? WHERE id = ?", ["400 Bad Request: it's \u001b[1mbad", "lead-refused"])).toBe(1);
}, 600_000);
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

describe("the lead store over wrangler d1 execute", () => {
  it("stores what was typed exactly (quotes, ?, ;, comments, controls, any script) and counts changes", async () => {
    const lead = await store.get("lead-zoe");
    expect(lead?.fields).toEqual(fields(NAME, MESSAGE));
    expect(await store.add({ id: "lead-zoe", form: "quote", fields: {}, parts: [], receivedAt: 0 })).toBe(false);
    expect(await sql.run("UPDATE leads SET attempts = attempts WHERE id = ?", ["no-such-lead"])).toBe(0);
    expect(await store.get("it's ? not there")).toBeUndefined();
  }, 300_000);
});

describe("npm run leads -- --d1", () => {
  it("lists leads as a table, with what a terminal would act on shown as escapes", () => {
    const { stdout, status } = leadsCli("list");
    expect(status).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^received\s+form\s+name\s+email\s+status\s+id$/);
    expect(lines.map((l) => /(lead-\S+)$/.exec(l)?.[1]).slice(1)).toEqual(["lead-refused", "lead-old", "lead-sent", "lead-zoe"]);
    expect(stdout).toContain("Zoë O'Brien \\x1b[31m\\u202e");
    for (const raw of ["\u001b", "\u202E"]) expect(stdout).not.toContain(raw);
  }, 300_000);

  it("--json carries the exact text", () => {
    const leads = JSON.parse(leadsCli("list", "--json").stdout);
    expect(leads.find((l: { id: string }) => l.id === "lead-zoe")).toMatchObject({ name: NAME, message: MESSAGE, status: "pending" });
    expect(leads.find((l: { id: string }) => l.id === "lead-old")).toMatchObject({ name: null, erased: true, status: "delivered" });
  }, 300_000);

  it("shows one lead with its notice", () => {
    const { stdout, status } = leadsCli("show", "lead-zoe");
    expect(status).toBe(0);
    expect(stdout).toContain("name        Zoë O'Brien \\x1b[31m\\u202e\n");
    expect(stdout).toContain("It's 3 rooms; what's the price?\nLine two -- not a comment");
    for (const raw of ["\u001b", "\u202E"]) expect(stdout).not.toContain(raw);
    expect(leadsCli("show", "it's-not-there").stderr).toContain("No lead with id it's-not-there.");
  }, 300_000);

  it("exports CSV with the exact text", () => {
    const { stdout, status } = leadsCli("export", "--format", "csv");
    expect(status).toBe(0);
    expect(stdout.startsWith("\uFEFFid,receivedAt,form,status,name,email,phone,address,service,message,deliveredAt\r\n")).toBe(true);
    expect(stdout).toContain(`,${NAME},`);
    expect(stdout).toContain(`"${MESSAGE.replace(/"/g, '""')}"`);
    expect(stdout.trimEnd().split("\r\n").filter((l) => /^lead-/.test(l))).toHaveLength(4);
  }, 300_000);

  it("resend refuses delivered and erased leads, and queues a refused one for the Worker", async () => {
    const sent = leadsCli("resend", "lead-sent");
    expect(sent.status).toBe(1);
    expect(sent.stderr).toContain("Lead lead-sent was delivered");
    const old = leadsCli("resend", "lead-old");
    expect(old.status).toBe(1);
    expect(old.stderr).toMatch(/Lead lead-old (was delivered|cannot be sent)/);
    // Erased but not delivered (spam kept past the retention period): the store's own guard refuses it.
    await sql.run("UPDATE leads SET status = 'spam', delivered_at = NULL WHERE id = ?", ["lead-old"]);
    const erased = leadsCli("resend", "lead-old");
    expect(erased.status).toBe(1);
    expect(erased.stderr).toContain("Lead lead-old cannot be sent: what the visitor typed was erased.");

    const refused = leadsCli("resend", "lead-refused");
    expect(refused.status).toBe(0);
    expect(refused.stdout).toContain("Lead lead-refused is queued; the Worker sends it within a minute.");
    expect(await store.get("lead-refused")).toMatchObject({ status: "pending", attempts: 0, failureKind: null });
  }, 420_000);

  it("says what is wrong before starting wrangler, and names a D1 without its tables", () => {
    expect(leadsCli("--remote", "list").stderr).toContain("--persist-to is the local D1's folder");
    const missing = spawnSync(process.execPath, ["--import", "tsx", "scripts/leads.ts", "--d1", "--config", "nowhere/wrangler.toml", "list"], { cwd: ROOT, env, encoding: "utf8" });
    expect(missing.stderr).toContain("No wrangler configuration at nowhere/wrangler.toml");
    const plain = spawnSync(process.execPath, ["--import", "tsx", "scripts/leads.ts", "--remote", "list"], { cwd: ROOT, env, encoding: "utf8" });
    expect(plain.stderr).toContain("add --d1");

    const empty = mkdtempSync(path.join(tmpdir(), "leads-d1-empty-"));
    try {
      const bare = spawnSync(process.execPath, ["--import", "tsx", "scripts/leads.ts", "--d1", "--persist-to", empty, "--config", CONFIG, "list"], { cwd: ROOT, env, encoding: "utf8" });
      expect(bare.status).toBe(1);
      expect(bare.stderr).toContain("no such table: leads");
      expect(bare.stderr).toContain(`npx wrangler d1 migrations apply DB --local --persist-to ${empty} --config ${CONFIG}`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 300_000);
});
