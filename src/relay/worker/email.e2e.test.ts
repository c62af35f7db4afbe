/**
 * Email on the Worker (issue 40, decision 0063), on the real Workers runtime
 * (workerd through Miniflare, as worker.e2e.test.ts starts it): D1 with
 * migrations/*.sql, the delivery queue, and the Telegram and Resend stand-ins
 * on 127.0.0.1. The emails go after each Queue batch and from the sweep; the
 * limits are counted in D1, so they hold across a Worker's isolates (here two
 * Workers on one database) and across deployments.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Miniflare, type WorkerOptions } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { D1Database } from "@cloudflare/workers-types";
import { SWEEP_CRON } from "./queue.ts";
import { siteVars } from "./site-vars.ts";
import {
  startTelegramStandIn,
  TEST_CHAT_ID,
  TEST_TOKEN,
  type StandIn,
} from "../testing/telegram-stand-in.ts";
import { startEmailStandIn, TEST_FROM, type EmailStandIn } from "../testing/email-stand-in.ts";
import { NEVER_OPEN, waitFor, UNPACED } from "../testing/leads.ts";
import { FACTS, ZONE_VARS } from "../testing/business.ts";
import { TEST_BUSINESS, TEST_SERVICES } from "../testing/services.ts";
import {
  COMPATIBILITY_DATE,
  deliveryQueue,
  keepOutput,
  migrationsSql,
  workerScript,
} from "../testing/workerd.ts";

const OWNER_EMAIL = "owner@example.com.au";

let mf: Miniflare;
let tg: StandIn;
let resend: EmailStandIn;
let dir: string;
const logs: string[] = [];

/**
 * Workers on one D1 database: two with the right bot (two isolates) deployed for a site whose privacy policy
 * names Resend, one with a bot Telegram refuses, one with half the email settings, one deployed for a site
 * whose policy names no email provider. And on a database of their own, a Worker whose email key the
 * provider refuses and the deployment that fixes it: on the shared one, another Worker's email pass (still
 * sending an earlier test's emails on a busy machine) could claim the refused Worker's confirmation and
 * send it with a key that works.
 */
interface WorkerPlan {
  token: string;
  /** The privacy policy's email provider, as npm run relay:deploy tells the Worker; unset: not told. */
  provider?: "resend" | "none";
  /** Only EMAIL_API_KEY of the email settings. */
  half?: boolean;
  /** The spam check on (the others post as a script that skips it would). */
  spamChecks?: boolean;
  /** An EMAIL_API_KEY the provider refuses (a revoked key). */
  apiKey?: string;
  /** Its D1 database, when not the one the others share. */
  database?: string;
}
const WORKERS = {
  a: { token: TEST_TOKEN, provider: "resend" },
  b: { token: TEST_TOKEN, provider: "resend" },
  wrong: { token: "999:WRONG-token-abcdefghijklmnopqrst" },
  half: { token: TEST_TOKEN, half: true },
  unnamed: { token: TEST_TOKEN, provider: "none" },
  checked: { token: TEST_TOKEN, provider: "resend", spamChecks: true },
  revoked: {
    token: TEST_TOKEN,
    provider: "resend",
    apiKey: "re_Revoked_0123456789abcdefghijklmn",
    database: "revoked-db",
  },
  // The revoked Worker deployed again with a key the provider takes.
  fixed: { token: TEST_TOKEN, provider: "resend", database: "revoked-db" },
} satisfies Record<string, WorkerPlan>;
type Name = keyof typeof WORKERS;

beforeAll(async () => {
  // A group that takes every notice at once (Telegram takes 20 a minute): this file is about the emails.
  tg = await startTelegramStandIn({ groupMessagesPerMinute: 1_000 });
  resend = await startEmailStandIn({ requestsPerSecond: 1_000 });
  dir = mkdtempSync(path.join(tmpdir(), "worker-email-"));
  const { script } = await workerScript();
  const worker = (name: Name): WorkerOptions => {
    const w: WorkerPlan = WORKERS[name];
    const email = w.half
      ? { EMAIL_API_KEY: resend.apiKey }
      : {
          EMAIL_API_KEY: w.apiKey ?? resend.apiKey,
          EMAIL_FROM: TEST_FROM,
          OWNER_EMAIL,
          EMAIL_API_URL: resend.apiUrl,
        };
    // What npm run relay:deploy tells the Worker of the site (site-vars.ts), the privacy policy's email
    // provider with it.
    const site = w.provider
      ? siteVars({
          phone: "0491 570 156",
          landline: "(07) 5550 1234",
          hours: [],
          timeZone: FACTS.timeZone,
          pages: ["/"],
          emailProvider: w.provider,
          // The business the confirmation is from (a Worker told of none sends none), and the services it
          // names.
          business: TEST_BUSINESS,
          services: TEST_SERVICES,
        })
      : ZONE_VARS;
    return {
      name,
      routes: [`${name}.relay.example/*`],
      modules: true,
      script,
      compatibilityDate: COMPATIBILITY_DATE,
      d1Databases: { DB: w.database ?? "leads-db" },
      ...deliveryQueue(`leads-${name}`),
      bindings: {
        ALLOWED_ORIGINS: "https://www.example.com",
        SITE_PHONE: "0491 570 156",
        SPAM_CHECKS: w.spamChecks ? "on" : "off",
        BUSINESS_HOURS: NEVER_OPEN,
        TELEGRAM_BOT_TOKEN: w.token,
        TELEGRAM_CHAT_ID: TEST_CHAT_ID,
        TELEGRAM_API_BASE: tg.apiBase,
        ...UNPACED,
        ...email,
        ...site,
      },
    };
  };
  mf = new Miniflare({
    workers: (Object.keys(WORKERS) as Name[]).map(worker),
    d1Persist: dir,
    handleRuntimeStdio: keepOutput(logs),
  });
  await mf.ready;
  for (const name of ["a", "revoked"] as const)
    await (await mf.getD1Database("DB", name)).prepare(migrationsSql()).run();
});
afterAll(async () => {
  await mf?.dispose();
  await tg?.close();
  await resend?.close();
  rmSync(dir, { recursive: true, force: true });
});

const fetchFrom = (name: Name, target: string, init?: RequestInit) =>
  mf.dispatchFetch(`https://${name}.relay.example${target}`, init as never) as unknown as Promise<Response>;
/** `ip`: the client's address, as Cloudflare hands it over (each Worker's own limiter takes 5 a minute from one). */
const post = (name: Name, body: Record<string, string>, ip = "203.0.113.9") =>
  fetchFrom(name, "/api/contact", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: "https://www.example.com",
      "CF-Connecting-IP": ip,
    },
    body: JSON.stringify({
      name: "Ann Lee",
      phone: "",
      service: "house-cleaning",
      message: "Two bedrooms in New Farm",
      submissionId: crypto.randomUUID(),
      ...body,
    }),
  });
const sweep = async (name: Name) => (await mf.getWorker(name)).scheduled({ cron: SWEEP_CRON });
/** The D1 database of Worker `name`: the one most share, unless it has its own. */
const db = (name: Name = "a") => mf.getD1Database("DB", name) as unknown as Promise<D1Database>;
const emailRows = async (name: Name = "a") =>
  (
    await (
      await db(name)
    )
      .prepare(
        "SELECT lead_id, kind, recipient, status, reason, provider_id FROM lead_emails ORDER BY created_at",
      )
      .all<Record<string, string>>()
  ).results;

const to = (address: string) => resend.delivered.filter((e) => e.to[0] === address);

// One D1 database for every Worker here: the tests run one after the other, each with addresses of its own.
describe("email on the Worker, with D1 and a Queue", () => {
  it("confirms a lead after its notice, once per address in 24 hours across two isolates", async () => {
    expect((await post("a", { email: "ann@example.com" })).status).toBe(200);
    await waitFor(
      "the notice and the confirmation",
      () => tg.delivered.length === 1 && to("ann@example.com").length === 1,
    );
    const [email] = to("ann@example.com");
    expect(email.subject).toBe("We received your request: Jacaranda Cleaning Co.");
    expect(email.text).toContain("- Service Type: House Cleaning Brisbane");
    expect(email.html).toContain('href="tel:+61491570156"');
    expect(email.text).not.toContain("New Farm");

    // Another Worker (another isolate, its own memory) on the same database: the limit is D1's.
    expect((await post("b", { email: "Ann@Example.com" })).status).toBe(200);
    await waitFor("the second notice", () => tg.delivered.length === 2);
    await waitFor("the second lead's email recorded", async () => (await emailRows()).length === 2);
    await sweep("b");
    expect(to("ann@example.com")).toHaveLength(1);
    expect(resend.delivered.filter((e) => e.to[0].toLowerCase() === "ann@example.com")).toHaveLength(1);
    expect((await emailRows())[1]).toMatchObject({
      kind: "visitor-confirmation",
      status: "not-sent",
      reason: "not sent: a confirmation went to this address in the last 24 hours",
    });
  });

  it("emails the owner once while Telegram refuses the bot; the notice a new deployment sends says so", async () => {
    const before = tg.delivered.length;
    expect((await post("wrong", { email: "bo@example.com", name: "Bo Smith" })).status).toBe(200);
    await waitFor("the owner's copy", () => to(OWNER_EMAIL).length === 1);
    const [copy] = to(OWNER_EMAIL);
    expect(copy.text).toMatch(
      /^Sent by email because Telegram refuses the relay's bot \(401 Unauthorized\)\./,
    );
    expect(copy.text).toContain("Name: Bo Smith");
    expect(copy.replyTo).toEqual(["bo@example.com"]);
    await sweep("wrong");
    expect(to(OWNER_EMAIL)).toHaveLength(1);

    // A deployment with the right bot: the sweep sends the held lead again, marked.
    await sweep("a");
    await waitFor("the held notice", () => tg.delivered.length === before + 1);
    expect(tg.delivered.at(-1)!.shown).toMatch(/^Also sent by email: Telegram could not take it in time\n/);
    expect(tg.delivered.at(-1)!.shown).toContain("Bo Smith");
    await sweep("a");
    expect(to(OWNER_EMAIL)).toHaveLength(1);
  });

  it("with the provider down, the notice goes at once and the confirmation once the provider is back", async () => {
    const before = tg.delivered.length;
    resend.always({ kind: "down" });
    try {
      expect((await post("a", { email: "cy@example.com", name: "Cy Down" })).status).toBe(200);
      await waitFor("the notice, whatever email does", () => tg.delivered.length === before + 1);
      const row = async () => (await emailRows()).find((r) => r.recipient === "cy@example.com");
      await waitFor(
        "the refused attempt recorded",
        async () => (await row())?.status === "pending" && resend.calls > 0,
      );
      expect(to("cy@example.com")).toHaveLength(0);
    } finally {
      resend.always(undefined);
    }
    // The sweep sends what is due: the first retry waits 2 s (the delivery policy's backoff), so the sweep is
    // run until it has.
    await waitFor(
      "the confirmation once the provider is back",
      async () => (await sweep("a"), to("cy@example.com").length === 1),
      20_000,
    );
    await sweep("a");
    expect(to("cy@example.com")).toHaveLength(1);
    expect(tg.delivered.filter((d) => d.shown.includes("Cy Down"))).toHaveLength(1);
  });

  it("sends no confirmation to a post the spam check stopped", async () => {
    expect((await post("checked", { email: "spammer@example.com", name: "Bare Post" })).status).toBe(200);
    const spam = async () =>
      (await (await db()).prepare("SELECT id FROM leads WHERE status = 'spam'").all<{ id: string }>())
        .results;
    await waitFor("the post kept as spam", async () => (await spam()).length === 1);
    await sweep("checked");
    await sweep("checked");
    expect(to("spammer@example.com")).toHaveLength(0);
    const [{ id }] = await spam();
    expect((await emailRows()).filter((r) => r.lead_id === id)).toEqual([]);
  });

  it("bounds confirmations per person across two isolates: a Fastmail inbox once, a catch-all domain three a day, a client a quarter of the hour", async () => {
    const addresses = [
      ...Array.from({ length: 4 }, (_, i) => `x${i}@dana.fastmail.com`),
      ...Array.from({ length: 5 }, (_, i) => `x${i}@catchall.example`),
    ];
    // Each from a client of its own, through both isolates in turn.
    for (const [i, email] of addresses.entries())
      expect(
        (await post(i % 2 ? "b" : "a", { email, name: `Spread ${i}` }, `198.51.100.${i + 1}`)).status,
      ).toBe(200);
    // Six from one client, three through each isolate: its share of the default 20 an hour is 5.
    for (let i = 0; i < 6; i++)
      expect(
        (await post(i % 2 ? "b" : "a", { email: `one${i}@gmail.com`, name: `One ${i}` }, "192.0.2.77"))
          .status,
      ).toBe(200);
    const recorded = async () =>
      (await emailRows()).filter((r) =>
        /fastmail\.com$|catchall\.example$|^one\d@gmail\.com$/.test(r.recipient ?? ""),
      );
    await waitFor("every one of them recorded", async () => (await recorded()).length === 15);
    await sweep("a");
    await waitFor(
      "the confirmations allowed",
      () => resend.delivered.filter((e) => /fastmail|catchall|^one/.test(e.to[0])).length === 9,
    );
    await sweep("b");
    const sentTo = (pattern: RegExp) => resend.delivered.filter((e) => pattern.test(e.to[0])).length;
    expect([
      sentTo(/@dana\.fastmail\.com$/),
      sentTo(/@catchall\.example$/),
      sentTo(/^one\d@gmail\.com$/),
    ]).toEqual([1, 3, 5]);
    const reasons = new Set((await recorded()).filter((r) => r.status === "not-sent").map((r) => r.reason));
    expect([...reasons].sort()).toEqual([
      "not sent: 3 confirmations went to catchall.example in the last 24 hours (a domain that takes any address may be one person's inbox)",
      "not sent: a confirmation went to this address in the last 24 hours",
      "not sent: this client's share of the hour's confirmations was used (5, a quarter of EMAIL_CONFIRMATIONS_PER_HOUR)",
    ]);
  });

  it("refuses to start with half the email settings, naming what is missing", async () => {
    const res = await fetchFrom("half", "/api/health");
    expect(res.status).toBe(503);
    await waitFor("the refusal in the log", () => logs.some((l) => l.includes("EMAIL_FROM: is missing")));
    expect(logs.join("\n")).toMatch(/OWNER_EMAIL: is missing/);
    expect(logs.join("\n")).not.toContain(resend.apiKey);
    expect(logs.some((l) => l.includes("Email on: from hello@mail.jacaranda.test"))).toBe(true);
  });

  it("refuses to start with email settings for a site whose privacy policy names no email provider", async () => {
    const res = await fetchFrom("unnamed", "/api/health");
    expect(res.status).toBe(503);
    await waitFor("the refusal in the log", () =>
      logs.some((l) => l.includes("the site's privacy policy does not name Resend")),
    );
    expect(logs.join("\n")).toContain("set `emailProvider: resend` in content/privacy.yaml");
  });

  // The refusal is kept in the database the revoked Worker and its fixed deployment share, until an email goes.
  it("turns health red while the provider refuses the settings, tells the owner once, and green when an email goes", async () => {
    const told = () => tg.delivered.filter((d) => d.shown.startsWith("Email has stopped"));
    // Counted, not read from the last request: another Worker may still be sending an earlier test's email.
    const refused = () => resend.requests.filter((r) => r.status === 401).length;
    const refusedBefore = refused();
    expect(
      (await post("revoked", { email: "eve@revoked.example", name: "Eve One" }, "192.0.2.90")).status,
    ).toBe(200);
    await waitFor("the refused confirmation", async () =>
      (await emailRows("revoked")).some(
        (r) => r.recipient === "eve@revoked.example" && refused() > refusedBefore,
      ),
    );
    expect(
      (await post("revoked", { email: "fay@revoked.example", name: "Fay Two" }, "192.0.2.91")).status,
    ).toBe(200);
    await waitFor("the second refused", () => refused() === refusedBefore + 2);
    await sweep("revoked");
    const res = await fetchFrom("revoked", "/api/health");
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status).toBe(503);
    expect(body).toMatchObject({ ok: false, email: "refused" });
    expect(body.problem).toMatch(
      /^Resend refuses the relay's email settings \(401 validation_error; it refuses the key: check EMAIL_API_KEY at resend\.com\)/,
    );
    expect(JSON.stringify(body)).not.toMatch(/re_Revoked|revoked\.example/);
    expect(told()).toHaveLength(1);

    expect(
      (await post("fixed", { email: "gus@working.example", name: "Gus Three" }, "192.0.2.92")).status,
    ).toBe(200);
    await waitFor("an email the provider takes", () =>
      resend.delivered.some((e) => e.to[0] === "gus@working.example"),
    );
    const green = await fetchFrom("fixed", "/api/health");
    expect(green.status).toBe(200);
    expect(await green.json()).toMatchObject({ ok: true, email: "ok" });
    expect(told()).toHaveLength(1);
  });
});
