/**
 * `npm run leads` as the owner runs it, against a real store file: runLeads in this process,
 * with its arguments, environment and output as the script hands them over (each node --import
 * tsx start costs most of a second). The script started in its own process is tested in a file
 * of its own, which keeps this one in the fast run.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../src/build/content/load.ts";
import { quoteNotices } from "../src/relay/telegram/notice.ts";
import { QuoteBody } from "../src/relay/testing/services.ts";
import { startDelivery } from "../src/relay/node/delivery.ts";
import { DEFAULT_HOURS } from "../src/relay/site.ts";
import { tempLeadStore } from "../src/relay/testing/leads.ts";
import { leadsInProcess } from "./testing/leads-run.ts";
import { brisbaneAt, fillLeads, NASTY_PRESSER } from "../src/relay/testing/leads-month.ts";
import { startTelegramStandIn } from "../src/relay/testing/telegram-stand-in.ts";
import { listen } from "../src/server/node.ts";
import { CLOCK } from "../src/relay/testing/business.ts";

let leads: ReturnType<typeof tempLeadStore>;
const leadsCli = (...args: string[]) => leadsInProcess(args, { LEADS_DB: leads.file });

beforeAll(async () => {
  leads = tempLeadStore();
  const add = (
    id: string,
    name: string,
    status: "pending" | "spam" | "unconfirmed",
    minutesAgo: number,
    message = "",
  ) => {
    const body = QuoteBody.parse({ name, email: `${id}@example.com`, message });
    return leads.store.add({
      id,
      form: "quote",
      fields: body,
      parts: quoteNotices(body, new Date(), { clock: CLOCK }),
      receivedAt: Date.now() - minutesAgo * 60_000,
      status,
    });
  };
  await add("lead-zoe", "Zoë O'Brien", "pending", 5, 'Line one, "quoted"\n=SUM(A1)');
  await add("lead-mia", "Mia 你好", "pending", 3);
  await add("lead-bot", "Cheap Pills", "spam", 1);
  await add("lead-shy", "No Script", "unconfirmed", 2);
  await leads.store.undeliverable("lead-mia", {
    kind: "message",
    error: "400 Bad Request: message is too long",
  });
});
afterAll(() => leads.remove());

describe("npm run leads", () => {
  it("lists recent leads as a table, newest first, with their stage, without spam or unconfirmed posts, after what did not reach Telegram", async () => {
    const { stdout, stderr } = await leadsCli();
    // As /api/health says it, the count and the cause, above the table (on stderr: the table stays one a
    // script can read).
    expect(stderr.split("\n")).toEqual([
      "1 lead was not delivered to Telegram (400 Bad Request: message is too long).",
      "They are marked undeliverable; docs/runbook.md says what to do, then npm run",
      "  leads -- resend ID sends one.",
      "",
    ]);
    const out = stdout.split("\n");
    // In 80 columns: a short time, the stage or why it was not sent, the short id show takes.
    expect(out[0]).toMatch(/^received\s+form\s+name\s+phone\s+stage\s+id$/);
    expect(out[1]).toContain("Mia 你好");
    expect(out[1]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d\d:\d\d\s+quote\s+Mia 你好\s+not sent\s+lead-mia$/);
    expect(Math.max(...out.map((l) => l.length))).toBeLessThanOrEqual(80);
    const wide = (await leadsCli("list", "--wide")).stdout.split("\n");
    expect(wide[0]).toMatch(/^received\s+form\s+name\s+phone\s+email\s+status\s+stage\s+id$/);
    expect(wide[1]).toMatch(/ 2026 at .+undeliverable\s+waiting\s+lead-mia$/);
    expect(out[2]).toContain("Zoë O'Brien");
    expect(out.join("\n")).not.toContain("Cheap Pills");
    expect(out.join("\n")).not.toContain("No Script");
  });

  it("prints JSON with --json, and with --spam what was held back: spam and unconfirmed", async () => {
    const all = JSON.parse((await leadsCli("list", "--json")).stdout);
    expect(all.map((l: { id: string }) => l.id)).toEqual(["lead-mia", "lead-zoe"]);
    expect(all[1]).toMatchObject({
      id: "lead-zoe",
      form: "quote",
      status: "pending",
      stage: "waiting",
      name: "Zoë O'Brien",
      email: "lead-zoe@example.com",
      deliveredAt: null,
      calledBy: null,
      page: null,
    });
    expect(Date.parse(all[1].receivedAt)).toBeGreaterThan(0);
    const spam = JSON.parse((await leadsCli("list", "--spam", "--json")).stdout);
    expect(spam).toEqual([
      expect.objectContaining({ id: "lead-bot", status: "spam", stage: null, name: "Cheap Pills" }),
      expect.objectContaining({ id: "lead-shy", status: "unconfirmed", stage: null, name: "No Script" }),
    ]);
    const table = (await leadsCli("list", "--spam", "--wide")).stdout.split("\n");
    expect(table[0]).toMatch(/^received\s+form\s+name\s+email\s+status\s+why\s+id$/);
    expect(table[2]).toMatch(/No Script .*unconfirmed\s+waits for the visitor's second Send\s+lead-shy$/);
  });

  it("shows one lead with the notice as the owner would read it", async () => {
    const out = (await leadsCli("show", "lead-zoe")).stdout;
    expect(out).toContain("name        Zoë O'Brien");
    expect(out).toContain("Name: Zoë O'Brien\nEmail: lead-zoe@example.com\n");
    expect((await leadsCli("show", "nope")).stderr).toContain("No lead with id nope");
  });

  it("show prints every press: mis-taps in one millisecond in the order made, an Undo, Lost with why", async () => {
    const at = Date.parse("2026-11-24T05:00:00Z");
    const presses = [
      ["not-a-job", "Sam"],
      ["booked", "Kim"],
      ["called", "Sam"],
      ["not-a-job", "Kim"],
      ["booked", "Sam"],
    ] as const;
    for (const [stage, name] of presses)
      expect(await leads.store.stages.set("lead-zoe", stage, at, { name })).toBe(true);
    expect(await leads.store.stages.move("lead-mia", "lost", at, { name: "Kim" }, "timing")).toBeDefined();
    const notes = leads.store.notes;
    await notes.setQuote("lead-mia", 38_000);
    await notes.addNote("lead-mia", "wants Saturday\nbond due 3 Dec", at, { name: "Kim" });
    const mia = (await leadsCli("show", "lead-mia")).stdout;
    expect(mia).toContain("  24 November 2026 at 3:00:00 pm AEST  waiting → Lost (Timing), by Kim\n");
    // The stage with why, as the notice's top line has it.
    expect(mia).toContain("stage       Lost (Timing)\n");
    expect(mia).toContain(
      "\nQuoted: $380 (a reply to the notice)\n\nNotes, replies to the notice (Brisbane time):\n  24 November 2026 at 3:00:00 pm AEST, Kim: wants Saturday\n    bond due 3 Dec\n",
    );
    const latest = (await leads.store.stages.presses("lead-zoe")).at(-1)!;
    expect(
      await leads.store.stages.undo("lead-zoe", latest.seq, at + 30_000, { name: "Sam" }, 60_000),
    ).toMatchObject({ kind: "undone" });
    const out = (await leadsCli("show", "lead-zoe")).stdout;
    expect(out).toContain("stage       Not a job\n");
    expect(out).toContain(
      [
        "Every press on the notice, oldest first (Brisbane time):",
        "  24 November 2026 at 3:00:00 pm AEST  waiting → Not a job, by Sam",
        "  24 November 2026 at 3:00:00 pm AEST  Not a job → Booked, by Kim",
        "  24 November 2026 at 3:00:00 pm AEST  Booked → Called, by Sam",
        "  24 November 2026 at 3:00:00 pm AEST  Called → Not a job, by Kim",
        "  24 November 2026 at 3:00:00 pm AEST  Not a job → Booked, by Sam",
        "  24 November 2026 at 3:00:30 pm AEST  Undo (Booked → Not a job), by Sam",
        "",
      ].join("\n"),
    );
  });

  it("show: each email the lead caused, to whom and when, with the provider's id or why not", async () => {
    const emails = leads.store.emails;
    const at = Date.parse("2026-11-20T09:00:00+10:00");
    await emails.recordConfirmation("lead-mia", "lead-mia@example.com", at, { perHour: 20, ownDomains: [] });
    const [confirmation] = await emails.forLead("lead-mia");
    await emails.sent(confirmation, at + 1_000, "4ef9a417-02e9-4d39-ad75-9611e0fcc33c");
    await emails.recordOwnerCopies(
      "owner@example.com.au",
      at,
      0,
      at,
      "not delivered to Telegram within 5 minutes",
    );
    await emails.recordNotSent(
      "lead-zoe",
      "visitor-confirmation",
      "zoe@localhost",
      "not sent: address refused (test)",
      at,
    );
    const mia = (await leadsCli("show", "lead-mia")).stdout;
    expect(mia).toContain(
      "visitor-confirmation  to lead-mia@example.com, recorded 20 November 2026 at 9:00:00 am AEST: sent 20 November 2026 at 9:00:01 am AEST, id 4ef9a417-02e9-4d39-ad75-9611e0fcc33c",
    );
    expect(mia).toMatch(
      /owner-lead {12}to owner@example\.com\.au, recorded .*: not sent yet: 0 attempt\(s\)/,
    );
    expect(mia).toContain(
      "why by email: Telegram did not take this notice (400 Bad Request: message is too long)",
    );
    expect((await leadsCli("show", "lead-zoe")).stdout).toContain(
      "to zoe@localhost, recorded 20 November 2026 at 9:00:00 am AEST: not sent: address refused (test)",
    );
  });

  it("exports CSV a spreadsheet opens: UTF-8 mark, quoted cells, formulas defused", async () => {
    const { stdout: csv, status } = await leadsCli("export", "--format", "csv");
    expect(status).toBe(0);
    expect(csv.startsWith(`\uFEFF${CSV_HEADER}\r\n`)).toBe(true);
    expect(csv).toContain(`"Line one, ""quoted""\n=SUM(A1)"`);
    // The quote, Lost's reason and the notes the show test above recorded for lead-mia.
    expect(csv).toContain(`,$380,Timing,"wants Saturday\nbond due 3 Dec",,,\r\n`);
    expect(csv).toContain("Mia 你好");
    expect(csv.trimEnd().split("\r\n")).toHaveLength(5);
  });

  it("resend says at once when no relay answers, sends through the running one, and a delivered lead as a copy", async () => {
    // No relay on the port: the lead is queued and the owner told so at once, not after 15 s.
    const started = performance.now();
    const alone = await leadsInProcess(["resend", "lead-mia"], {
      LEADS_DB: leads.file,
      PORT: "1",
      HOST: "127.0.0.1",
    });
    expect(alone.status).toBe(0);
    expect(alone.stdout).toBe(
      "Lead lead-mia is queued; no relay answers at http://127.0.0.1:1, so it goes out\n  when one starts (npm start; set PORT if the relay listens on another port).\n",
    );
    // At once: not after the 15 s it watches a running relay for (WATCH_MS), on a busy machine too.
    expect(performance.now() - started).toBeLessThan(10_000);

    const tg = await startTelegramStandIn();
    const delivery = await startDelivery({
      store: leads.store,
      telegram: { apiBase: tg.apiBase, token: tg.token, chatId: tg.chatId },
      clock: CLOCK,
      pollMs: 100,
      log: () => {},
    });
    // What the running relay answers on its port: resend asks only whether one is there.
    const { server, url } = await listen(() => Response.json({ ok: true }), { port: 0, host: "127.0.0.1" });
    const env = { LEADS_DB: leads.file, PORT: new URL(url).port, HOST: "127.0.0.1" };
    try {
      // The relay delivers what is pending: Zoë's lead, and Mia's queued above.
      await expect
        .poll(() => tg.delivered.length, { timeout: 15_000, message: "the pending leads go out" })
        .toBe(2);
      const first = (await leads.store.get("lead-mia"))!;
      expect(first.status).toBe("delivered");

      // The owner deleted the notice: resend sends a copy, marked with when the first went.
      const out = (await leadsInProcess(["resend", "lead-mia"], env)).stdout;
      expect(out.replace(/\n {2}/g, " ")).toMatch(
        /^A copy of lead lead-mia \(first sent .+ AEST\) is queued; the relay at /,
      );
      expect(out).toContain("Delivered.");
      expect(tg.delivered).toHaveLength(3);
      expect(tg.delivered[2].shown).toMatch(/^Copy: first sent .+ AEST\n[^]*Name: Mia 你好\n/);
      // The first delivery's time stays: reminders and the report count from it.
      expect((await leads.store.get("lead-mia"))!.deliveredAt).toBe(first.deliveredAt);
    } finally {
      server.close();
      await delivery.stop();
      await tg.close();
    }
  }, 30_000);

  it("takes the short id the list shows, and says when a short id names more than one lead", async () => {
    expect((await leadsCli("show", "lead-z")).stdout).toContain("name        Zoë O'Brien");
    const both = await leadsCli("show", "lead");
    expect(both).toMatchObject({
      status: 1,
      stderr: expect.stringContaining("More than one lead's id starts lead"),
    });
    const json = JSON.parse((await leadsCli("show", "lead-zoe", "--json")).stdout);
    expect(json).toMatchObject({ id: "lead-zoe", name: "Zoë O'Brien" });
    expect(Object.keys(json)).toEqual(
      expect.arrayContaining(["presses", "quoteCents", "notes", "emails", "notice"]),
    );
  });
});

const CSV_HEADER =
  "id,receivedAt,form,status,name,email,phone,address,service,message,propertyType,bedrooms,bathrooms,storeys,date,timeWindow,addOns,estimate,deliveredAt,stage,calledBy,calledAt,quotedBy,quotedAt,bookedBy,bookedAt,lostBy,lostAt,notAJobBy,notAJobAt,page,landing,landingName,source,utmSource,utmMedium,utmCampaign,quote,lostReason,notes,bookedDay,bookedTime,bookedValue";

describe("npm run leads: stages, where each lead came from, and the month's report", () => {
  let month: ReturnType<typeof tempLeadStore>;
  /** Weekdays 8 to 6, Saturday 9 to 4, Sunday closed: content/site.yaml's hours when this was written. */
  const HOURS = [
    { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
    { days: ["Saturday"], opens: "09:00", closes: "16:00" },
  ];
  const cli = (
    args: string[],
    env: Record<string, string | undefined> = { BUSINESS_HOURS: JSON.stringify(HOURS) },
  ) => leadsInProcess(args, { LEADS_DB: month.file, ...env });
  const ids = (stdout: string) =>
    stdout
      .trimEnd()
      .split("\n")
      .slice(1)
      .map((l) => /(\S+)$/.exec(l)![1]);

  beforeAll(async () => {
    month = tempLeadStore();
    await fillLeads(month.store);
  });
  afterAll(() => month.remove());

  it("the table shows each lead's stage; --stage keeps one stage, waiting those no button was pressed for", async () => {
    const out = (await cli(["list", "--limit", "100", "--wide"])).stdout;
    expect(out.split("\n")[0]).toMatch(/^received\s+form\s+name\s+phone\s+email\s+status\s+stage\s+id$/);
    expect(out).toMatch(/delivered\s+Booked\s+nov-a\n/);
    expect(out).toMatch(/delivered\s+Not a job\s+nov-e\n/);
    expect(out).toMatch(/pending\s+waiting\s+nov-k\n/);
    expect(ids(out)).not.toContain("nov-s1");
    expect(ids(out)).not.toContain("nov-u");
    expect(ids((await cli(["list", "--stage", "waiting", "--wide"])).stdout)).toEqual([
      "nov-l",
      "nov-n",
      "nov-k",
      "oct-refused",
      "oct-zoe",
      "oct-old",
    ]);
    expect(ids((await cli(["list", "--stage", "called", "--wide"])).stdout)).toEqual([
      "dec-a",
      "nov-j",
      "nov-i",
      "nov-h",
      "nov-g",
      "nov-f",
      "nov-c",
      "nov-b",
      "oct-late",
      "oct-sent",
    ]);
    expect(ids((await cli(["list", "--stage", "not-a-job", "--wide"])).stdout)).toEqual(["nov-e"]);
    expect((await cli(["list", "--stage", "booked", "--status", "spam"])).stdout).toBe(
      "No leads at stage booked yet.\n",
    );
    const wrong = await cli(["list", "--stage", "Called", "--wide"]);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain(
      "Unknown stage Called: one of waiting, called, quoted, booked, lost, not-a-job.",
    );
  });

  it("--spam lists what was held back, saying which: spam with its reason, unconfirmed posts waiting for a second Send", async () => {
    const out = (await cli(["list", "--spam", "--wide"])).stdout;
    expect(ids(out)).toEqual(["nov-u", "nov-s2", "nov-s1", "oct-wait", "oct-spam"]);
    expect(out).toMatch(/unconfirmed\s+waits for the visitor's second Send\s+nov-u\n/);
    expect(out).toMatch(/spam\s+more than three links\s+nov-s2\n/);
  });

  it("the usage names every status, unconfirmed too, the stages and the report", async () => {
    const { stdout, status } = await cli(["--help"]);
    expect(status).toBe(0);
    expect(stdout).toContain("--status pending|delivered|undeliverable|spam|unconfirmed\n");
    expect(stdout).toContain("--stage waiting|called|quoted|booked|lost|not-a-job\n");
    expect(stdout).toContain("--spam: what was held back, spam and unconfirmed posts");
    expect(stdout).toContain("  report [--month YYYY-MM] [--json]");
    expect(Math.max(...stdout.split("\n").map((l) => l.length))).toBeLessThanOrEqual(80);
    // help, as the other scripts take it, and a mistake in how it was called: exit code 2.
    expect(await cli(["help"])).toMatchObject({ status: 0, stdout });
    expect(await cli(["list", "extra"])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^Unexpected extra argument: extra\.\nUsage:/),
    });
    expect(await cli(["show", "nov-a", "--spam"])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^--spam is not an option of show\.\n/),
    });
    expect(await cli(["--jsno"])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^Unknown option --jsno\. Did you mean --json\?\n/),
    });
  });

  it("--json: the stage's key, who pressed each stage and when, and where the lead came from", async () => {
    const leads = JSON.parse((await cli(["list", "--json", "--stage", "booked"])).stdout);
    expect(leads).toEqual([
      expect.objectContaining({
        id: "nov-a",
        stage: "booked",
        calledBy: "Sam Nguyen",
        calledAt: "2026-11-01T23:20:00.000Z",
        quotedBy: "Sam Nguyen",
        quotedAt: "2026-11-02T01:00:00.000Z",
        bookedBy: "Alex",
        bookedAt: "2026-11-04T00:00:00.000Z",
        notAJobBy: null,
        notAJobAt: null,
        page: "/",
        landing: "/suburbs/annerley/",
        landingName: "Bond Cleaning Annerley",
        source: "Google search",
        utmSource: "gbp",
        utmMedium: "organic",
        utmCampaign: null,
      }),
    ]);
  });

  it("show: every press, from what stage to what, with who and when in Brisbane time, and where the lead came from", async () => {
    const out = (await cli(["show", "nov-a"])).stdout;
    expect(out).toContain("status      delivered\nstage       Booked\n");
    expect(out).toContain(
      [
        "Every press on the notice, oldest first (Brisbane time):",
        "  2 November 2026 at 9:20:00 am AEST  waiting → Called, by Sam Nguyen",
        "  2 November 2026 at 11:00:00 am AEST  Called → Quoted, by Sam Nguyen",
        "  4 November 2026 at 10:00:00 am AEST  Quoted → Booked, by Alex",
        "",
        "Where it came from:",
        "  page        /",
        "  landing     /suburbs/annerley/",
        "  landingName Bond Cleaning Annerley",
        "  source      Google search",
        "  utmSource   gbp",
        "  utmMedium   organic",
        "",
      ].join("\n"),
    );
    expect((await cli(["show", "nov-k"])).stdout).toContain("Stages: no button pressed yet (waiting).");
    const pressedByAFormula = (await cli(["show", "oct-sent"])).stdout;
    expect(pressedByAFormula).toContain(
      `  21 October 2026 at 9:30:00 am AEST  waiting → Called, by ${NASTY_PRESSER}\n`,
    );
    expect(pressedByAFormula).toContain("Where it came from: not recorded.");
    const spam = (await cli(["show", "nov-s1"])).stdout;
    expect(spam).toContain("spamReason  a link in the name");
    expect(spam).not.toContain("Stages");
    expect(spam).not.toContain("Every press");
  });

  it("export: the stage, each stage's who and when, and where the lead came from, formulas defused", async () => {
    const rows = parseCsv((await cli(["export"])).stdout.replace(/^\uFEFF/, ""));
    expect(rows[0].join(",")).toBe(CSV_HEADER);
    const byId = new Map(
      rows.slice(1).map((r) => [r[0], Object.fromEntries(rows[0].map((c, i) => [c, r[i]]))]),
    );
    expect(byId.size).toBe(25);
    expect(byId.get("nov-a")).toMatchObject({
      stage: "Booked",
      calledBy: "Sam Nguyen",
      calledAt: "2026-11-02 09:20:00",
      quotedBy: "Sam Nguyen",
      quotedAt: "2026-11-02 11:00:00",
      bookedBy: "Alex",
      bookedAt: "2026-11-04 10:00:00",
      notAJobBy: "",
      notAJobAt: "",
      page: "/",
      landing: "/suburbs/annerley/",
      landingName: "Bond Cleaning Annerley",
      source: "Google search",
      utmSource: "gbp",
      utmMedium: "organic",
      utmCampaign: "",
    });
    expect(byId.get("nov-e")).toMatchObject({
      stage: "Not a job",
      calledAt: "2026-11-10 10:05:00",
      notAJobBy: "Sam Nguyen",
      notAJobAt: "2026-11-10 10:06:00",
      receivedAt: "2026-11-10 10:00:00",
    });
    expect(byId.get("nov-k")).toMatchObject({ stage: "waiting", calledBy: "" });
    expect(byId.get("nov-s1")).toMatchObject({ status: "spam", stage: "" });
    expect(byId.get("nov-i")).toMatchObject({ page: "/suburbs/bulimba/", landing: "", source: "" });
    // Telegram names and what the browser posted are typed by people: no formula runs.
    expect(byId.get("oct-sent")?.calledBy).toBe(`'${NASTY_PRESSER}`);
    expect(byId.get("oct-zoe")).toMatchObject({
      landingName: `'=HYPERLINK("https://evil.example")`,
      source: "evil.example\u200F",
    });
  });

  it("report: the month as a person reads it, in business hours, and the same figures as --json", async () => {
    const text = await cli(["report", "--month", "2026-11"]);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain("November 2026: leads and where they came from");
    expect(text.stdout).toMatch(/^\s+all\s+3\s+7\s+2\s+1\s+0\s+1\s+14$/m);
    expect(text.stdout).toContain(
      "Time from arrival to first contact (Called, Quoted or Booked, whichever came first), in business hours (Mon–Fri 08:00–18:00, Sat 09:00–16:00; hours from BUSINESS_HOURS)",
    );
    expect(text.stdout).toContain("11 of 14 leads contacted: median 1 h, 90th percentile 2 h 30 min");
    expect(text.stdout).toMatch(/^\s+1\s+\/suburbs\/annerley\/\s+4\s+4$/m);
    const json = JSON.parse((await cli(["report", "--month", "2026-11", "--json"])).stdout);
    expect(json.timeToCalled).toMatchObject({ leads: 14, called: 11, medianMinutes: 60, p90Minutes: 150 });
    expect(json.pages[0]).toEqual({ page: "/suburbs/annerley/", callTaps: 4, quote: 4, contact: 0, spam: 0 });
    expect(json.sources[0]).toEqual({ source: "Google search", quote: 6, contact: 0, spam: 0 });
    expect(json.suburbs.slice(0, 3).map((s: { page: string }) => s.page)).toEqual([
      "/suburbs/annerley/",
      "/suburbs/bulimba/",
      "/suburbs/paddington/",
    ]);
    // Every suburb page of the site is ranked, the ones that brought nothing too.
    expect(json.suburbs).toHaveLength(
      new Set([
        ...loadContent("content").suburbs.map((s) => `/suburbs/${s.slug}/`),
        "/suburbs/annerley/",
        "/suburbs/bulimba/",
        "/suburbs/paddington/",
      ]).size,
    );
  });

  it("report: the site's hours from content/site.yaml unless BUSINESS_HOURS says others; a wrong month or hours named", async () => {
    const site = JSON.parse(
      (await cli(["report", "--month", "2026-11", "--json"], { BUSINESS_HOURS: undefined })).stdout,
    );
    expect(site.hoursFrom).toBe("hours from content/site.yaml");
    expect(site.hours).toEqual(
      loadContent("content").site.hours.map(({ days, opens, closes }) => ({ days, opens, closes })),
    );
    // Every day 8 to 6: the Sunday call takes 30 minutes, the weekend 1,290 (60 + 600 + 600 + 30).
    const everyDay = JSON.parse(
      (
        await cli(["report", "--month", "2026-11", "--json"], {
          BUSINESS_HOURS: JSON.stringify(DEFAULT_HOURS),
        })
      ).stdout,
    );
    expect(
      Object.fromEntries(
        everyDay.timeToCalled.calls.map((c: { id: string; businessMinutes: number }) => [
          c.id,
          c.businessMinutes,
        ]),
      ),
    ).toMatchObject({ "nov-f": 30, "nov-c": 1290, "nov-d": 610, "nov-j": 210 });
    expect(everyDay.timeToCalled).toMatchObject({ medianMinutes: 60, p90Minutes: 610 });
    // A month written wrong is a mistake in how it was called (2); hours that do not parse, a failure (1).
    for (const [args, env, said, code] of [
      [
        ["report", "--month", "2026-13"],
        {},
        "--month takes a month as YYYY-MM, e.g. 2026-11, not 2026-13.",
        2,
      ],
      [["report", "--month", "11/2026"], {}, "not 11/2026.", 2],
      [
        ["report"],
        { BUSINESS_HOURS: "8 to 6" },
        "BUSINESS_HOURS: expected content/site.yaml's hours as JSON",
        1,
      ],
    ] as const) {
      const { status, stderr } = await cli([...args], env);
      expect(status).toBe(code);
      expect(stderr).toContain(said);
    }
  });

  it("resend refuses one whose text was erased", async () => {
    // Spam kept past the retention period: the store's own guard refuses it.
    const erased = tempLeadStore();
    try {
      await erased.store.add({
        id: "old-spam",
        form: "quote",
        fields: { name: "N" },
        parts: ["n"],
        receivedAt: brisbaneAt("2026-10-01 09:00"),
        status: "spam",
      });
      await erased.store.erase(1, brisbaneAt("2026-10-03 09:00"));
      const out = await leadsInProcess(["resend", "old-spam"], { LEADS_DB: erased.file });
      expect(out.status).toBe(1);
      expect(out.stderr).toContain("Lead old-spam cannot be sent: what the visitor typed was erased.");
    } finally {
      erased.remove();
    }
  });

  it("says what is wrong with the D1 options before starting wrangler", async () => {
    expect((await cli(["--remote", "list"])).stderr).toContain(
      "--remote, --config and --persist-to are for the Worker's D1: add --d1.",
    );
    expect((await cli(["--d1", "--remote", "--persist-to", "x", "list"])).stderr).toContain(
      "--persist-to is the local D1's folder",
    );
    expect((await cli(["--d1", "--config", "nowhere/wrangler.toml", "list"])).stderr).toContain(
      "No wrangler configuration at nowhere/wrangler.toml",
    );
  });
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
  opened.db
    .prepare(
      "UPDATE leads SET status = 'undeliverable', attempts = attempts + 1, failure_kind = 'message', last_error = ? WHERE id = ?",
    )
    .run(error, id);
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
  const cli = (...args: string[]) => leadsInProcess(args, { LEADS_DB: nasty.file });
  /**
   * Fields as stored, not through the form's schema (which drops bidi from one-line fields): what a store may
   * hold.
   */
  const add = (
    id: string,
    fields: Record<string, string>,
    status: "pending" | "spam" = "pending",
    minutesAgo = 1,
  ) =>
    nasty.store.add({
      id,
      form: "quote",
      fields,
      parts: quoteNotices(
        { phone: "", address: "", website: "", message: "", ...fields } as QuoteBody,
        new Date(),
        { clock: CLOCK },
      ),
      receivedAt: Date.now() - minutesAgo * 60_000,
      status,
      spamReason: status === "spam" ? "a link in the name" : undefined,
    });

  beforeAll(async () => {
    nasty = tempLeadStore();
    await add("lead-ansi", { name: ANSI_NAME, email: "a@example.com", message: MESSAGE }, "pending", 3);
    await add("lead-bidi", { name: BIDI_NAME, email: "b@example.com", message: "" }, "pending", 2);
    await add("lead-spam", { name: `${OSC8} pills`, email: "s@example.com", message: "" }, "spam");
    refused(nasty, "lead-bidi", "400 Bad Request: \u001b[1mbold\u202E");
    // Where it came from is what a browser posted: a page, a source, a number tapped.
    await nasty.store.add({
      id: "lead-from",
      form: "quote",
      fields: { name: "From", email: "f@example.com", message: "" },
      parts: ["f"],
      receivedAt: brisbaneAt("2026-11-03 09:00"),
      attribution: { landing: "/suburbs/evil\u001b[2J/", source: "\u202Eevil\u0085", page: "/" },
    });
    await nasty.store.countCallTap("2026-11-03", "/x\u009b31m", "0400 000 000");
  });
  afterAll(() => nasty.remove());

  it("the table: every cell on one line, controls and bidi shown as escapes", async () => {
    const out = (await cli("list", "--wide")).stdout;
    expect(out).not.toMatch(RAW_CONTROL);
    expect(out).toContain("\\x1b[2J\\x1b[31mRED");
    expect(out).toContain("Bob \\u202emoc.live\\u202c \\u2067x\\u2069");
    expect(out.trimEnd().split("\n")).toHaveLength(4);
  });

  it("the spam table too", async () => {
    const out = (await cli("list", "--spam", "--wide")).stdout;
    expect(out).not.toMatch(RAW_CONTROL);
    expect(out).toContain("\\x1b]8;;https://evil.example\\x07click\\x1b]8;;\\x07 pills");
  });

  it("show: the fields on one line each, and the notice keeping its lines", async () => {
    const out = (await cli("show", "lead-ansi")).stdout;
    expect(out).not.toMatch(RAW_CONTROL);
    expect(out).toContain("name        \\x1b[2J\\x1b[31mRED\n");
    expect(out).toContain("Name: \\x1b[2J\\x1b[31mRED\n");
    expect(out).toContain(
      "Hi \\x1b]8;;https://evil.example\\x07click\\x1b]8;;\\x07\nC1 CSI \\x9b31m, DEL \\x7f, tab\\tand CR\\r, bidi \\u202eevil\\u202c \\u2066iso\\u2069 \\u061c\\u200e\\u200f",
    );
    const bidi = (await cli("show", "lead-bidi")).stdout;
    expect(bidi).not.toMatch(RAW_CONTROL);
    expect(bidi).toContain("lastError   400 Bad Request: \\x1b[1mbold\\u202e\n");
  });

  it("error messages that repeat an argument or an option", async () => {
    for (const [args, visible] of [
      [["show", `${ANSI_NAME}\u202E`], "No lead with id \\x1b[2J\\x1b[31mRED\\u202e."],
      [
        ["resend", `\u009b2J${OSC8}`],
        "No lead with id \\x9b2J\\x1b]8;;https://evil.example\\x07click\\x1b]8;;\\x07.",
      ],
      [["\u001b[2J"], "Unknown command \\x1b[2J:"],
      [["list", "--status", "\u001b[2J"], "Unknown status \\x1b[2J:"],
      [["list", "--limit", "\u001b[2J"], "not \\x1b[2J."],
      [["export", "--format", "\u001b[2J"], "Unknown format \\x1b[2J:"],
      [["list", "--stage", "\u001b[2J"], "Unknown stage \\x1b[2J:"],
      [["report", "--month", "\u001b[2J\u202E"], "not \\x1b[2J\\u202e."],
      [["--\u001b[2J"], "Unknown option --\\x1b[2J."],
    ] as const) {
      const { stderr, status } = await cli(...args);
      // A lead not found is a failure (1); the rest are mistakes in how it was called (2).
      expect(status).toBe(args[0] === "show" || args[0] === "resend" ? 1 : 2);
      expect(stderr).not.toMatch(RAW_CONTROL);
      expect(stderr).toContain(visible);
    }
    expect((await cli("show", `x\u202E`)).stderr).toContain("No lead with id x\\u202e.");
  });

  it("show and the report: where a lead came from and the pages tapped, shown as escapes", async () => {
    const show = (await cli("show", "lead-from")).stdout;
    expect(show).not.toMatch(RAW_CONTROL);
    expect(show).toContain("  landing     /suburbs/evil\\x1b[2J/\n  source      \\u202eevil\\x85\n");
    const report = (await cli("report", "--month", "2026-11")).stdout;
    expect(report).not.toMatch(RAW_CONTROL);
    expect(report).toMatch(/^\/suburbs\/evil\\x1b\[2J\/\s+0\s+1\s+0\s+0$/m);
    expect(report).toMatch(/^\/x\\x9b31m\s+1\s+0\s+0\s+0$/m);
    expect(report).toMatch(/^\\u202eevil\\x85\s+1\s+0\s+0$/m);
    expect(report).toMatch(/^\s+1\s+\/suburbs\/evil\\x1b\[2J\/\s+1\s+0$/m);
  });

  it("--json escapes for the terminal what JSON.stringify leaves raw (C1, bidi, line separators), as the same JSON; export refuses a terminal", async () => {
    const text = (await cli("list", "--json")).stdout;
    expect(text).not.toMatch(RAW_CONTROL);
    expect(text).toContain("C1 CSI \\u009b31m");
    const terminal = await leadsInProcess(
      ["export", "--format", "csv"],
      { LEADS_DB: nasty.file },
      { terminal: true },
    );
    expect(terminal.status).toBe(1);
    expect(terminal.stdout).toBe("");
    expect(terminal.stderr).toContain(
      "send it to a file, e.g. npm run leads -- export --format csv > leads.csv",
    );
  });

  it("--json and CSV carry the exact text", async () => {
    const json = JSON.parse((await cli("list", "--json")).stdout);
    expect(json.find((l: { id: string }) => l.id === "lead-ansi")).toMatchObject({
      name: ANSI_NAME,
      message: MESSAGE,
    });
    expect(json.find((l: { id: string }) => l.id === "lead-bidi")).toMatchObject({
      name: BIDI_NAME,
      lastError: "400 Bad Request: \u001b[1mbold\u202E",
    });
    expect(JSON.parse((await cli("list", "--spam", "--json")).stdout)[0].name).toBe(`${OSC8} pills`);
    const rows = parseCsv((await cli("export")).stdout.replace(/^\uFEFF/, ""));
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
    '\u00A0=HYPERLINK("https://evil.example")',
    "\u3000+1",
    "\u2003\u202F-1",
    "\tplain after a tab",
  ];
  const SAFE = ["Plain name", "Anna-Maria", "a = b", "email@example.com", "'already quoted", ""];

  beforeAll(async () => {
    store = tempLeadStore();
    for (const [i, message] of [...VALUES, ...SAFE].entries()) {
      await store.store.add({
        id: `lead-${String(i).padStart(2, "0")}`,
        form: "contact",
        fields: { name: "N", email: "n@example.com", phone: "", service: "", message },
        parts: ["n"],
        receivedAt: Date.now() - i * 1000,
      });
    }
  });
  afterAll(() => store.remove());

  it("prefixes each cell that could run as a formula with ', keeps the rest, and quotes as RFC 4180 says", async () => {
    const { stdout: csv, status } = await leadsInProcess(["export"], { LEADS_DB: store.file });
    expect(status).toBe(0);
    const rows = parseCsv(csv.replace(/^\uFEFF/, "")).slice(1);
    const message = new Map(rows.map((r) => [r[0], r[9]]));
    for (const [i, value] of [...VALUES, ...SAFE].entries()) {
      const expected = i < VALUES.length ? `'${value}` : value;
      expect(message.get(`lead-${String(i).padStart(2, "0")}`), JSON.stringify(value)).toBe(expected);
    }
    expect(csv).toContain(`"'\r\n-2+3"`);
    expect(csv).toContain(`"'\u00A0=HYPERLINK(""https://evil.example"")"`);
  });

  it("names the service as the form shows it, not by its value", async () => {
    await store.store.add({
      id: "lead-oven",
      form: "contact",
      fields: { name: "O", email: "o@example.com", phone: "", service: "oven-bbq-cleaning", message: "m" },
      parts: ["o"],
      receivedAt: Date.now(),
    });
    const rows = parseCsv(
      (await leadsInProcess(["export"], { LEADS_DB: store.file })).stdout.replace(/^\uFEFF/, ""),
    );
    expect(rows.find((r) => r[0] === "lead-oven")?.[8]).toBe("Oven & BBQ Cleaning Brisbane");
  });
});
