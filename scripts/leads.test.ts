/** `npm run leads` as the owner runs it, against a real store file. */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteNotices } from "../src/relay/notice.ts";
import { QuoteBody } from "../src/shared/forms/schema.ts";
import { startDelivery } from "../src/relay/leads/delivery.ts";
import { tempLeadStore } from "../src/relay/testing/leads.ts";
import { startTelegramStandIn } from "../src/relay/testing/telegram-stand-in.ts";

let leads: ReturnType<typeof tempLeadStore>;
const leadsCli = (...args: string[]) => spawnSync(process.execPath, ["--import", "tsx", "scripts/leads.ts", ...args], { env: { ...process.env, LEADS_DB: leads.file }, encoding: "utf8" });

beforeAll(async () => {
  leads = tempLeadStore();
  const add = (id: string, name: string, status: "pending" | "spam", minutesAgo: number, message = "") => {
    const body = QuoteBody.parse({ name, email: `${id}@example.com`, message });
    return leads.store.add({ id, form: "quote", fields: body, parts: quoteNotices(body, new Date()), receivedAt: Date.now() - minutesAgo * 60_000, status });
  };
  await add("lead-zoe", "Zoë O'Brien", "pending", 5, 'Line one, "quoted"\n=SUM(A1)');
  await add("lead-mia", "Mia 你好", "pending", 3);
  await add("lead-bot", "Cheap Pills", "spam", 1);
  await leads.store.undeliverable("lead-mia", { kind: "message", error: "400 Bad Request: message is too long" });
});
afterAll(() => leads.remove());

describe("npm run leads", () => {
  it("lists recent leads as a table, newest first, without spam", () => {
    const out = leadsCli().stdout.split("\n");
    expect(out[0]).toMatch(/^received\s+form\s+name\s+email\s+status\s+id$/);
    expect(out[1]).toContain("Mia 你好");
    expect(out[1]).toContain("undeliverable");
    expect(out[2]).toContain("Zoë O'Brien");
    expect(out.join("\n")).not.toContain("Cheap Pills");
  });

  it("prints JSON with --json, and only spam with --spam", () => {
    const all = JSON.parse(leadsCli("list", "--json").stdout);
    expect(all.map((l: { id: string }) => l.id)).toEqual(["lead-mia", "lead-zoe"]);
    expect(all[1]).toMatchObject({ id: "lead-zoe", form: "quote", status: "pending", name: "Zoë O'Brien", email: "lead-zoe@example.com", deliveredAt: null });
    expect(Date.parse(all[1].receivedAt)).toBeGreaterThan(0);
    const spam = JSON.parse(leadsCli("list", "--spam", "--json").stdout);
    expect(spam).toEqual([expect.objectContaining({ id: "lead-bot", status: "spam", name: "Cheap Pills" })]);
  });

  it("shows one lead with the notice as the owner would read it", () => {
    const out = leadsCli("show", "lead-zoe").stdout;
    expect(out).toContain("name        Zoë O'Brien");
    expect(out).toContain("Name: Zoë O'Brien\nEmail: lead-zoe@example.com\n");
    expect(leadsCli("show", "nope").stderr).toContain("No lead with id nope");
  });

  it("exports CSV a spreadsheet opens: UTF-8 mark, quoted cells, formulas defused", () => {
    const csv = execFileSync(process.execPath, ["--import", "tsx", "scripts/leads.ts", "export", "--format", "csv"], { env: { ...process.env, LEADS_DB: leads.file }, encoding: "utf8" });
    expect(csv.startsWith("\uFEFFid,receivedAt,form,status,name,email,phone,address,service,message,deliveredAt\r\n")).toBe(true);
    expect(csv).toContain(`"Line one, ""quoted""\n=SUM(A1)"`);
    expect(csv).toContain("Mia 你好");
    expect(csv.trimEnd().split("\r\n")).toHaveLength(4);
  });

  it("resend sends an undeliverable lead again through the running relay, and says when it is delivered", async () => {
    const tg = await startTelegramStandIn();
    const delivery = await startDelivery({ store: leads.store, telegram: { apiBase: tg.apiBase, token: tg.token, chatId: tg.chatId }, pollMs: 100, log: () => {} });
    try {
      // The relay delivers what is already pending first.
      await expect.poll(() => tg.delivered.length, { timeout: 5_000, message: "the pending lead goes out" }).toBe(1);
      const out = await new Promise<string>((resolve) => {
        const child = spawn(process.execPath, ["--import", "tsx", "scripts/leads.ts", "resend", "lead-mia"], { env: { ...process.env, LEADS_DB: leads.file } });
        let text = "";
        child.stdout.on("data", (c: Buffer) => (text += c.toString()));
        child.on("exit", () => resolve(text));
      });
      expect(out).toContain("Lead lead-mia is queued");
      expect(out).toContain("Delivered.");
      expect(tg.delivered.map((d) => /Name: (.+)/.exec(d.shown)![1])).toEqual(["Zoë O'Brien", "Mia 你好"]);
    } finally {
      await delivery.stop();
      await tg.close();
    }
  }, 30_000);
});

/** A terminal acts on these instead of showing them: C0 but \n, DEL, C1, and the bidirectional controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW_CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const ANSI_NAME = "\u001b[2J\u001b[31mRED";
const OSC8 = "\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007";
const MESSAGE = `Hi ${OSC8}\nC1 CSI \u009b31m, DEL \u007f, tab\tand CR\r, bidi \u202Eevil\u202C \u2066iso\u2069 \u061C\u200E\u200F`;
const BIDI_NAME = "Bob \u202Emoc.live\u202C \u2067x\u2069";

/** Marks a lead as refused by Telegram straight in the file: what the CLI shows, whatever the store's API. */
function refused(opened: ReturnType<typeof tempLeadStore>, id: string, error: string) {
  opened.db.prepare("UPDATE leads SET status = 'undeliverable', attempts = attempts + 1, failure_kind = 'message', last_error = ? WHERE id = ?").run(error, id);
}

/** The cells of an RFC 4180 file (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  const cell = /("(?:[^"]|"")*"|[^,\r\n]*)(,|\r\n|$)/y;
  while (cell.lastIndex < text.length) {
    const m = cell.exec(text)!;
    row.push(m[1].startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : m[1]);
    if (m[2] !== ",") {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

describe("npm run leads shows what visitors typed without letting a terminal act on it", () => {
  let nasty: ReturnType<typeof tempLeadStore>;
  const cli = (...args: string[]) => spawnSync(process.execPath, ["--import", "tsx", "scripts/leads.ts", ...args], { env: { ...process.env, LEADS_DB: nasty.file }, encoding: "utf8" });
  /** Fields as stored, not through the form's schema (which drops bidi from one-line fields): what a store may hold. */
  const add = (id: string, fields: Record<string, string>, status: "pending" | "spam" = "pending", minutesAgo = 1) =>
    nasty.store.add({ id, form: "quote", fields, parts: quoteNotices({ phone: "", address: "", website: "", message: "", ...fields } as QuoteBody, new Date()), receivedAt: Date.now() - minutesAgo * 60_000, status, spamReason: status === "spam" ? "a link in the name" : undefined });

  beforeAll(async () => {
    nasty = tempLeadStore();
    await add("lead-ansi", { name: ANSI_NAME, email: "a@example.com", message: MESSAGE }, "pending", 3);
    await add("lead-bidi", { name: BIDI_NAME, email: "b@example.com", message: "" }, "pending", 2);
    await add("lead-spam", { name: `${OSC8} pills`, email: "s@example.com", message: "" }, "spam");
    refused(nasty, "lead-bidi", "400 Bad Request: \u001b[1mbold\u202E");
  });
  afterAll(() => nasty.remove());

  it("the table: every cell on one line, controls and bidi shown as escapes", () => {
    const out = cli().stdout;
    expect(out).not.toMatch(RAW_CONTROL);
    expect(out).toContain("\\x1b[2J\\x1b[31mRED");
    expect(out).toContain("Bob \\u202emoc.live\\u202c \\u2067x\\u2069");
    expect(out.trimEnd().split("\n")).toHaveLength(3);
  });

  it("the spam table too", () => {
    const out = cli("list", "--spam").stdout;
    expect(out).not.toMatch(RAW_CONTROL);
    expect(out).toContain("\\x1b]8;;https://evil.example\\x07click\\x1b]8;;\\x07 pills");
  });

  it("show: the fields on one line each, and the notice keeping its lines", () => {
    const out = cli("show", "lead-ansi").stdout;
    expect(out).not.toMatch(RAW_CONTROL);
    expect(out).toContain("name        \\x1b[2J\\x1b[31mRED\n");
    expect(out).toContain("Name: \\x1b[2J\\x1b[31mRED\n");
    expect(out).toContain("Hi \\x1b]8;;https://evil.example\\x07click\\x1b]8;;\\x07\nC1 CSI \\x9b31m, DEL \\x7f, tab\\tand CR\\r, bidi \\u202eevil\\u202c \\u2066iso\\u2069 \\u061c\\u200e\\u200f");
    const bidi = cli("show", "lead-bidi").stdout;
    expect(bidi).not.toMatch(RAW_CONTROL);
    expect(bidi).toContain("lastError   400 Bad Request: \\x1b[1mbold\\u202e\n");
  });

  it("error messages that repeat an argument or an option", () => {
    for (const [args, visible] of [
      [["show", `${ANSI_NAME}\u202E`], "No lead with id \\x1b[2J\\x1b[31mRED\\u202e."],
      [["resend", `\u009b2J${OSC8}`], "No lead with id \\x9b2J\\x1b]8;;https://evil.example\\x07click\\x1b]8;;\\x07."],
      [["\u001b[2J"], "Unknown command \\x1b[2J."],
      [["list", "--status", "\u001b[2J"], "Unknown status \\x1b[2J:"],
      [["list", "--limit", "\u001b[2J"], "not \\x1b[2J."],
      [["export", "--format", "\u001b[2J"], "Unknown format \\x1b[2J:"],
      [["--\u001b[2J"], "'--\\x1b[2J'"],
    ] as const) {
      const { stderr, status } = cli(...args);
      expect(status).toBe(1);
      expect(stderr).not.toMatch(RAW_CONTROL);
      expect(stderr).toContain(visible);
    }
    expect(cli("show", `x\u202E`).stderr).toContain("No lead with id x\\u202e.");
  });

  it("--json and CSV carry the exact text", () => {
    const json = JSON.parse(cli("list", "--json").stdout);
    expect(json.find((l: { id: string }) => l.id === "lead-ansi")).toMatchObject({ name: ANSI_NAME, message: MESSAGE });
    expect(json.find((l: { id: string }) => l.id === "lead-bidi")).toMatchObject({ name: BIDI_NAME, lastError: "400 Bad Request: \u001b[1mbold\u202E" });
    expect(JSON.parse(cli("list", "--spam", "--json").stdout)[0].name).toBe(`${OSC8} pills`);
    const rows = parseCsv(cli("export").stdout.replace(/^\uFEFF/, ""));
    const byId = new Map(rows.map((r) => [r[0], r]));
    expect(byId.get("lead-ansi")?.[4]).toBe(ANSI_NAME);
    expect(byId.get("lead-ansi")?.[9]).toBe(MESSAGE);
    expect(byId.get("lead-bidi")?.[4]).toBe(BIDI_NAME);
  });
});

describe("npm run leads -- export: formulas defused after leading spaces too", () => {
  let store: ReturnType<typeof tempLeadStore>;
  const VALUES = [
    "=1+1",
    " =1+1",
    "  +SUM(A1)",
    "\t=cmd|' /C calc'!A0",
    "\r\n-2+3",
    "\n@SUM(1)",
    "\u00A0=HYPERLINK(\"https://evil.example\")",
    "\u3000+1",
    "\u2003\u202F-1",
    "\tplain after a tab",
  ];
  const SAFE = ["Plain name", "Anna-Maria", "a = b", "email@example.com", "'already quoted", ""];

  beforeAll(async () => {
    store = tempLeadStore();
    for (const [i, message] of [...VALUES, ...SAFE].entries()) {
      await store.store.add({ id: `lead-${String(i).padStart(2, "0")}`, form: "contact", fields: { name: "N", email: "n@example.com", phone: "", service: "", message }, parts: ["n"], receivedAt: Date.now() - i * 1000 });
    }
  });
  afterAll(() => store.remove());

  it("prefixes each cell that could run as a formula with ', keeps the rest, and quotes as RFC 4180 says", () => {
    const csv = execFileSync(process.execPath, ["--import", "tsx", "scripts/leads.ts", "export"], { env: { ...process.env, LEADS_DB: store.file }, encoding: "utf8" });
    const rows = parseCsv(csv.replace(/^\uFEFF/, "")).slice(1);
    const message = new Map(rows.map((r) => [r[0], r[9]]));
    for (const [i, value] of [...VALUES, ...SAFE].entries()) {
      const expected = i < VALUES.length ? `'${value}` : value;
      expect(message.get(`lead-${String(i).padStart(2, "0")}`), JSON.stringify(value)).toBe(expected);
    }
    expect(csv).toContain(`"'\r\n-2+3"`);
    expect(csv).toContain(`"'\u00A0=HYPERLINK(""https://evil.example"")"`);
  });
});
