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
  await leads.store.undeliverable("lead-mia", "message", "400 Bad Request: message is too long");
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
    const delivery = startDelivery({ store: leads.store, telegram: { apiBase: tg.apiBase, token: tg.token, chatId: tg.chatId }, pollMs: 100, log: () => {} });
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
