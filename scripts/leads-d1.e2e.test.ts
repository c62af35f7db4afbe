/**
 * `npm run leads -- --d1` against a real local D1: a database in a temporary folder (--persist-to),
 * made by wrangler (`wrangler d1 execute --file`: the repository's migrations, then the same leads
 * (src/relay/testing/leads-month.ts) written through the lead store as to a Node store file). Then
 * each of the owner's commands runs once against D1 and must print what it prints for the Node
 * store. What the commands print is tested on the Node store (leads.test.ts, report.test.ts); here,
 * that D1 answers the same. The commands run in this process (runLeads, as the script runs it) and
 * reach the D1 through Miniflare, the engine wrangler starts for each of its commands
 * (miniflare-d1.ts): one workerd for them all, where a wrangler process each cost about 3 s of CPU
 * apiece. Wrangler itself still makes the database, and answers the command run against a D1
 * without its tables, so its command line and its --json answers stay tested here.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LeadStore } from "../src/relay/leads/store.ts";
import { migrationsSql } from "../src/relay/testing/workerd.ts";
import { D1_BINDING, WRANGLER_CONFIG, wranglerBin } from "../src/relay/node/wrangler-d1.ts";
import { miniflareD1, type MiniflareD1 } from "../src/relay/testing/miniflare-d1.ts";
import { tempLeadStore } from "../src/relay/testing/leads.ts";
import { fillLeads, NASTY_MESSAGE, NASTY_NAME, recordingSql } from "../src/relay/testing/leads-month.ts";
import { leadsInProcess } from "./testing/leads-run.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const CONFIG = path.join(ROOT, WRANGLER_CONFIG);
// No telemetry from tests; everything here is local. The report's hours are fixed.
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  BUSINESS_HOURS: JSON.stringify([
    { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
    { days: ["Saturday"], opens: "09:00", closes: "16:00" },
  ]),
};

let dir: string;
let node: ReturnType<typeof tempLeadStore>;
let d1: MiniflareD1;

/** `npm run leads ARGS`, in this process: what it printed and its exit code. */
const run = (args: string[], extraEnv: Record<string, string> = {}) =>
  leadsInProcess(args, { ...env, ...extraEnv }, { openD1: d1.open });
const onD1 = (...args: string[]) => run(["--d1", "--persist-to", dir, "--config", CONFIG, ...args]);
const onNode = (...args: string[]) => run(args, { LEADS_DB: node.file });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "leads-d1-"));
  node = tempLeadStore();
  await fillLeads(node.store);
  const recorded = recordingSql();
  await fillLeads(new LeadStore(recorded));
  // The migrations as `npm run relay:migrate` applies them, in order, then the leads: one wrangler start.
  const file = path.join(dir, "leads.sql");
  writeFileSync(file, [migrationsSql(), ...recorded.statements.map((s) => `${s};`)].join("\n"));
  execFileSync(
    process.execPath,
    [
      wranglerBin(),
      "d1",
      "execute",
      D1_BINDING,
      "--local",
      "--persist-to",
      dir,
      "--config",
      CONFIG,
      "--file",
      file,
    ],
    { cwd: ROOT, env, stdio: "pipe" },
  );
  d1 = miniflareD1(dir);
}, 300_000);
afterAll(async () => {
  await d1?.close();
  node?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("npm run leads -- --d1 answers as the Node store does", () => {
  // The reads, and the D1 without tables (a wrangler process of its own), at the same time; then the
  // commands that write.
  it.concurrent(
    "list --json: every lead with its stage history and where it came from, the typed text exact",
    async ({ expect }) => {
      const [d1, local] = await Promise.all([
        onD1("list", "--json", "--limit", "100"),
        onNode("list", "--json", "--limit", "100"),
      ]);
      // Above the list, what did not reach Telegram, in the same words on both hosts.
      expect(d1.stderr).toMatch(/^\d+ leads? (was|were) not delivered to Telegram/);
      expect(d1.stderr).toBe(local.stderr);
      expect(d1.status, d1.stderr).toBe(0);
      expect(d1.stdout).toBe(local.stdout);
      const leads = JSON.parse(d1.stdout);
      expect(leads).toHaveLength(20);
      // Quotes, ?, ;, comments, controls and any script, through wrangler's --command and back.
      expect(leads.find((l: { id: string }) => l.id === "oct-zoe")).toMatchObject({
        name: NASTY_NAME,
        message: NASTY_MESSAGE,
        status: "pending",
        stage: "waiting",
      });
      expect(leads.find((l: { id: string }) => l.id === "nov-a")).toMatchObject({
        stage: "booked",
        calledBy: "Sam Nguyen",
        calledAt: "2026-11-01T23:20:00.000Z",
        bookedBy: "Alex",
        landing: "/suburbs/annerley/",
      });
      expect(leads.find((l: { id: string }) => l.id === "oct-old")).toMatchObject({
        name: null,
        erased: true,
        status: "delivered",
      });
    },
    120_000,
  );

  it.concurrent(
    "show: the stages, where it came from and the notice, shown as escapes",
    async ({ expect }) => {
      const [d1, local] = await Promise.all([onD1("show", "oct-zoe"), onNode("show", "oct-zoe")]);
      expect(d1.status, d1.stderr).toBe(0);
      expect(d1.stdout).toBe(local.stdout);
      expect(d1.stdout).toContain("name        Zoë O'Brien \\x1b[31m\\u202e\n");
      expect(d1.stdout).toContain("It's 3 rooms; what's the price?\nLine two -- not a comment");
      for (const raw of ["\u001b", "\u202E"]) expect(d1.stdout).not.toContain(raw);
    },
    120_000,
  );

  it.concurrent(
    "export: the same CSV, byte for byte",
    async ({ expect }) => {
      const [d1, local] = await Promise.all([
        onD1("export", "--format", "csv"),
        onNode("export", "--format", "csv"),
      ]);
      expect(d1.status, d1.stderr).toBe(0);
      expect(d1.stdout).toBe(local.stdout);
      expect(
        d1.stdout.startsWith(
          "\uFEFFid,receivedAt,form,status,name,email,phone,address,service,message,propertyType,bedrooms,bathrooms,storeys,date,timeWindow,addOns,estimate,deliveredAt,stage,calledBy,calledAt,",
        ),
      ).toBe(true);
      expect(d1.stdout).toContain(`"${NASTY_MESSAGE.replace(/"/g, '""')}"`);
    },
    120_000,
  );

  it.concurrent(
    "report: the same month, counted by D1's SQL (Brisbane weeks, business minutes, pages, sources, suburbs)",
    async ({ expect }) => {
      const [d1, local] = await Promise.all([
        onD1("report", "--month", "2026-11", "--json"),
        onNode("report", "--month", "2026-11", "--json"),
      ]);
      expect(d1.status, d1.stderr).toBe(0);
      expect(JSON.parse(d1.stdout)).toEqual(JSON.parse(local.stdout));
      const report = JSON.parse(d1.stdout);
      expect(report.totals.all).toEqual({
        waiting: 3,
        called: 7,
        quoted: 2,
        booked: 1,
        lost: 0,
        "not-a-job": 1,
        total: 14,
      });
      expect(report.weeks[0]).toMatchObject({
        week: "2026-10-26",
        forms: { quote: { waiting: 1, total: 1 } },
      });
      expect(report.timeToCalled).toMatchObject({
        leads: 14,
        called: 11,
        medianMinutes: 60,
        p90Minutes: 150,
      });
      expect(report.suburbs[0]).toEqual({ rank: 1, page: "/suburbs/annerley/", leads: 4, callTaps: 4 });
    },
    120_000,
  );

  it.concurrent(
    "names a D1 without its tables, and how to make them",
    async ({ expect }) => {
      const empty = mkdtempSync(path.join(tmpdir(), "leads-d1-empty-"));
      try {
        // Through wrangler itself: a command line of its own, and its own words for the missing table.
        const bare = await leadsInProcess(["--d1", "--persist-to", empty, "--config", CONFIG, "list"], env);
        expect(bare.status).toBe(1);
        expect(bare.stderr).toContain("no such table: leads");
        expect(bare.stderr).toContain(
          `npx wrangler d1 migrations apply DB --local --persist-to ${empty} --config ${CONFIG}`,
        );
      } finally {
        rmSync(empty, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it("resend queues a refused lead for the Worker (D1 counts the change); a repeat write counts none", async () => {
    const refused = await onD1("resend", "oct-refused");
    expect(refused.stderr).toBe("");
    expect(refused.stdout).toContain("Lead oct-refused is queued; the Worker sends it within a minute.");
    const store = new LeadStore(d1.open({ persistTo: dir, config: CONFIG, env }));
    expect(await store.add({ id: "oct-zoe", form: "quote", fields: {}, parts: [], receivedAt: 0 })).toBe(
      false,
    );
  }, 120_000);

  it("erase --email forgets one person's lead on D1 as on the Node store (a read, then its writes in one)", async () => {
    const [d1, local] = [
      await onD1("erase", "--email", "NOV-A@example.com"),
      await onNode("erase", "--email", "nov-a@example.com"),
    ];
    expect(d1.status, d1.stderr).toBe(0);
    expect(d1.stdout).toMatch(/^Erased lead nov-a \(quote, received /);
    expect(d1.stdout).toContain("The Worker edits their messages in Telegram");
    expect(d1.stdout.replace("The Worker", "The running relay").replace(" --d1", "")).toBe(local.stdout);
    const shown = await onD1("show", "nov-a");
    expect(shown.stdout).toMatch(
      /Erased at the visitor's request on .+; its messages in Telegram are not edited yet/,
    );
    expect(shown.stdout).not.toContain("nov-a@example.com");
  }, 120_000);
});
