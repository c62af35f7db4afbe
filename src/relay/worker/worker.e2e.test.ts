/**
 * The Worker relay on the real Workers runtime (workerd, through Miniflare
 * 4): worker.ts bundled as wrangler would, D1 with migrations/*.sql, the
 * delivery queue and its dead-letter queue, and a Telegram stand-in on
 * 127.0.0.1 as TELEGRAM_API_BASE.
 *
 * Starting workerd and a Worker in it takes seconds, so one workerd runs a
 * Worker for each test: its own name and host, D1 database (a file, with the
 * migrations applied), queues and Telegram stand-in, so nothing one test does
 * reaches another, and the tests run at the same time. A test that changes the
 * settings declares each deployment: a Worker of its own with those settings,
 * on the same D1 database. The test that kills workerd runs one of its own.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Miniflare, type WorkerOptions } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { D1Database, Queue } from "@cloudflare/workers-types";
import { d1Sql } from "./d1.ts";
import { DEAD_LETTER_SUFFIX, LEASE_MS, SWEEP_CRON, type LeadMessage } from "./queue.ts";
import { LeadStore } from "../leads/store.ts";
import { siteVars } from "./site-vars.ts";
import {
  OWNER,
  startTelegramStandIn,
  TEST_CHAT_ID,
  TEST_GROUP_ID,
  TEST_TOKEN,
  type StandIn,
  type StandInOptions,
} from "../testing/telegram-stand-in.ts";
import { stageData } from "../owner/stage-buttons.ts";
import { NEVER_OPEN, waitFor, UNPACED } from "../testing/leads.ts";
import { FACTS, nextNoon, ZONE_VARS } from "../testing/business.ts";
import {
  COMPATIBILITY_DATE,
  deliveryQueue,
  keepOutput,
  migrationsSql,
  ROOT,
  workerScript,
} from "../testing/workerd.ts";
import { readResultPage } from "../../testing/result-page.ts";
import { setWebhook, webhookSecret } from "../telegram/updates.ts";
import { callBot } from "../telegram/client.ts";
import { testClock, type TestClock } from "../testing/clock.ts";
import { TEST_PRICES as PRICES } from "../testing/price-table.ts";

const TOML = readFileSync(path.join(ROOT, "relay/wrangler.toml"), "utf8");
/** The cron triggers wrangler.toml deploys. */
const CRONS = [...(/^crons = \[(.*)\]$/m.exec(TOML)?.[1] ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1]);
/** The Telegram settings of a configured relay; TELEGRAM_API_BASE is always the test's own stand-in. */
const TELEGRAM = { TELEGRAM_BOT_TOKEN: TEST_TOKEN, TELEGRAM_CHAT_ID: TEST_CHAT_ID };

let script: string;
/** The files of the bundle, by path from the repository root. */
let bundled: string[];
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "worker-d1-"));
  dirs.push(dir);
  return dir;
};
beforeAll(async () => {
  ({ script, bundled } = await workerScript());
});
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

interface LeadRow {
  id: string;
  status: string;
  parts_sent: number;
  attempts: number;
  last_error: string | null;
  failure_kind: string | null;
  settings_mark: string | null;
  uncertain_part: number | null;
  next_attempt_at: number;
  stage: string | null;
}

interface Settings {
  /** The Worker's variables and secrets (TELEGRAM_API_BASE is added: the test's stand-in). */
  bindings: Record<string, string>;
  /** Cloudflare's rate-limiting binding, as wrangler.toml declares it. */
  rateLimit?: number;
  /** false: no Queue producer binding, so putting a lead on the Queue fails. */
  producer: boolean;
  maxRetries: number;
  /**
   * An address of its own, as Telegram's webhook needs (a socket more for workerd to open: only when asked).
   */
  address?: boolean;
  /** The relay's clock, through its TEST_CLOCK binding (worker.ts): moved on instead of slept through. */
  clock?: TestClock;
  /**
   * The Telegram stand-in's options beyond its chat, which is TELEGRAM_CHAT_ID's (the first deployment's
   * settings count).
   */
  standIn?: StandInOptions;
}

/** One deployment of a test's Worker: a Worker in workerd with these settings, on the test's D1 database. */
interface Deployment {
  name: string;
  /** dispatchFetch reaches this Worker at this host (its route). */
  host: string;
  queue: string;
  database: string;
  settings: Settings;
  tg: StandIn;
}

function workerOptions(d: Deployment): WorkerOptions {
  const { settings } = d;
  return {
    name: d.name,
    routes: [`${d.host}/*`],
    unsafeDirectSockets: settings.address ? [{ port: 0 }] : undefined,
    modules: true,
    script,
    compatibilityDate: COMPATIBILITY_DATE,
    d1Databases: { DB: d.database },
    // Each deployment's own version id, as Cloudflare gives it (wrangler.toml's version_metadata binding).
    versionMetadata: "CF_VERSION_METADATA",
    ...deliveryQueue(d.queue, { producer: settings.producer, maxRetries: settings.maxRetries }),
    // The spam check has its own test below; the others post as a script that skips it would. Hours that
    // never open: no reminder or digest joins a test's notices, whatever the time of day (the owner's test
    // sets its own).
    bindings: {
      ALLOWED_ORIGINS: "https://www.example.com",
      SITE_PHONE: "0491 570 156",
      SPAM_CHECKS: "off",
      BUSINESS_HOURS: NEVER_OPEN,
      ...ZONE_VARS,
      // Unpaced against the lenient stand-in, unless a test asks (the pacing test's strict one).
      ...UNPACED,
      ...settings.bindings,
      TELEGRAM_API_BASE: d.tg.apiBase,
    },
    serviceBindings: settings.clock
      ? { TEST_CLOCK: () => new Response(String(settings.clock!.now())) }
      : undefined,
    ratelimits: settings.rateLimit
      ? { RATE_LIMITER: { namespace_id: "1001", simple: { limit: settings.rateLimit, period: 60 } } }
      : undefined,
  };
}

/** The workerd processes this process started (Miniflare's), by pid. */
function workerdPids(): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(process.pid), "workerd"], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map(Number);
  } catch {
    // pgrep exits 1 when there is none.
    return [];
  }
}

interface Instance {
  mf: Miniflare;
  /** D1's folder, for a restart on the same data. */
  persist: string;
  /** What the Workers logged (console.log and console.error), line by line. */
  logs: string[];
  /** SIGKILL to this instance's workerd. */
  kill(): void;
}

/**
 * Starts workerd with these Workers; on a new folder the migrations are applied to each D1 database, as
 * `wrangler d1 migrations apply` does.
 */
async function startInstance(deployments: Deployment[], persist?: string): Promise<Instance> {
  const logs: string[] = [];
  const folder = persist ?? tempDir();
  const before = new Set(workerdPids());
  const mf = new Miniflare({
    workers: deployments.map(workerOptions),
    d1Persist: folder,
    handleRuntimeStdio: keepOutput(logs),
  });
  await mf.ready;
  const pids = workerdPids().filter((pid) => !before.has(pid));
  if (!persist) {
    const databases = new Map(deployments.map((d) => [d.database, d.name]));
    const all = migrationsSql();
    await Promise.all(
      [...databases.values()].map(async (name) => {
        const db = await mf.getD1Database("DB", name);
        await db.prepare(all).run();
      }),
    );
  }
  return {
    mf,
    persist: folder,
    logs,
    kill() {
      if (pids.length !== 1)
        throw new Error(`expected this instance's one workerd process, found ${pids.length}`);
      process.kill(pids[0], "SIGKILL");
    },
  };
}

interface Running {
  /** The test's Telegram stand-in. */
  tg: StandIn;
  /** The Worker's queue (the dead-letter queue is this name with DEAD_LETTER_SUFFIX). */
  queue: string;
  /** What workerd logged (every Worker in it) since this test took its Worker, line by line. */
  readonly logs: string[];
  /** A request to this Worker: `target` is the path (and query) after its host. */
  fetch(target: string, init?: RequestInit): Promise<Response>;
  /** The Worker's own address, as Telegram would post to it (with the setting `address`). */
  url(): Promise<URL>;
  post(body: Record<string, unknown>, headers?: Record<string, string>): Promise<Response>;
  health(): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Runs a Cron Trigger once: the every-minute sweep unless another cron is named. */
  scheduled(cron?: string): Promise<void>;
  db(): Promise<D1Database>;
  /** The Worker itself, to hand its queue handler a batch. */
  worker(): ReturnType<Miniflare["getWorker"]>;
  /** The Worker's own LEADS_QUEUE binding, to put a message on its Queue. */
  queueProducer(): Promise<Queue<LeadMessage>>;
  leads(): Promise<LeadRow[]>;
}

function running(instance: Instance, d: Deployment): Running {
  const { mf } = instance;
  const from = instance.logs.length;
  const fetch = (target: string, init?: RequestInit) =>
    mf.dispatchFetch(`https://${d.host}${target}`, init as never) as unknown as Promise<Response>;
  const db = () => mf.getD1Database("DB", d.name) as unknown as Promise<D1Database>;
  return {
    tg: d.tg,
    queue: d.queue,
    get logs() {
      return instance.logs.slice(from);
    },
    fetch,
    url: () => mf.unsafeGetDirectURL(d.name),
    post: (body, headers = {}) =>
      fetch("/api/contact", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Origin: "https://www.example.com",
          "CF-Connecting-IP": "203.0.113.9",
          ...headers,
        },
        body: JSON.stringify(body),
      }),
    async health() {
      const res = await fetch("/api/health");
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    async scheduled(cron = SWEEP_CRON) {
      await (await mf.getWorker(d.name)).scheduled({ cron });
    },
    db,
    worker: () => mf.getWorker(d.name),
    queueProducer: () =>
      mf.getQueueProducer<LeadMessage>("LEADS_QUEUE", d.name) as unknown as Promise<Queue<LeadMessage>>,
    async leads() {
      return (
        await (
          await db()
        )
          .prepare(
            "SELECT id, status, parts_sent, attempts, last_error, failure_kind, settings_mark, uncertain_part, next_attempt_at, stage FROM leads ORDER BY received_at",
          )
          .all<LeadRow>()
      ).results;
    },
  };
}

const settingsOf = (given: Partial<Settings>): Settings => ({
  bindings: TELEGRAM,
  producer: true,
  maxRetries: 5,
  ...given,
});

/**
 * Each test's Worker, declared while the tests are collected: its deployments' settings, then (once workerd
 * runs them) the deployments.
 */
interface Plan {
  test: number;
  settings: Settings[];
  deployments?: Deployment[];
}
const plans: Plan[] = [];
let shared: Instance | undefined;
const standIns: StandIn[] = [];

/**
 * A test's Worker: one deployment per settings given (none: the defaults), each a new deployment of
 * the one before (other settings, the same D1 database and Telegram stand-in). Call it inside the test.
 */
function testWorker(...given: Partial<Settings>[]): () => Running[] {
  const plan: Plan = { test: plans.length, settings: (given.length ? given : [{}]).map(settingsOf) };
  plans.push(plan);
  return () => {
    if (!shared || !plan.deployments) throw new Error("workerd has not started");
    return plan.deployments.map((d) => running(shared!, d));
  };
}

/** Starts one workerd with every test's Worker, each test with a Telegram stand-in of its own. */
async function startShared(): Promise<void> {
  for (const plan of plans) {
    // The stand-in's chat is the one the first deployment is set up with.
    const tg = await startTelegramStandIn({
      chatId: plan.settings[0].bindings.TELEGRAM_CHAT_ID,
      ...plan.settings[0].standIn,
    });
    standIns.push(tg);
    plan.deployments = plan.settings.map((settings, k) => {
      const name = `test-${plan.test}-${k}`;
      return {
        name,
        host: `${name}.relay.example`,
        queue: `leads-${plan.test}-${k}`,
        database: `leads-db-${plan.test}`,
        settings,
        tg,
      };
    });
  }
  shared = await startInstance(plans.flatMap((p) => p.deployments!));
}

const contact = (extra: Record<string, unknown> = {}) => ({
  name: "Ann Lee",
  email: "ann@example.com",
  phone: "0412 345 678",
  service: "",
  message: "Can you clean a 2-bedroom unit in New Farm?",
  submissionId: crypto.randomUUID(),
  ...extra,
});

/** The notice of the marker lead `queueHandled` puts on a Worker's Queue. */
const MARKER = "Queue marker";
/** Leads other than `queueHandled`'s markers, in SQL. */
const NOT_MARKER = "id NOT LIKE 'queue-marker-%'";
let markers = 0;

/**
 * Returns once the Worker's Queue has handled every message put on it before the call: the notices
 * sent by then, but the marker's. This is what a test waits for before it asserts that nothing more
 * was sent. Miniflare's queue broker hands its consumer one batch at a time, oldest message first,
 * and takes the next batch only once the last has returned (its broker.worker.ts: #flush,
 * #ensurePendingFlush); the consumer handles a batch's messages one after another (queue.ts). So a
 * marker lead, stored in D1 and put on the Queue now, is sent only after every message ahead of
 * it was handled, and its notice is the signal. (A message handled by being retried comes back
 * after its delay, as on Cloudflare; no test here waits for one.)
 */
async function queueHandled(w: Running): Promise<StandIn["delivered"]> {
  const id = `queue-marker-${++markers}`;
  await new LeadStore(d1Sql(await w.db())).add({
    id,
    form: "contact",
    fields: {},
    parts: [MARKER],
    receivedAt: Date.now(),
  });
  await (await w.queueProducer()).send({ id });
  await waitFor(`the marker ${id} sent behind everything before it on the Queue`, () =>
    w.tg.delivered.some((d) => d.text === MARKER),
  );
  return w.tg.delivered.filter((d) => d.text !== MARKER);
}

describe("the Worker relay on workerd, with D1 and a Queue", () => {
  // The tests run at the same time, each on its own Worker, D1 database, queues and stand-in; those that read
  // the log run on their own (workerd's output is one stream for all its Workers).
  beforeAll(startShared);
  afterAll(async () => {
    await shared?.mf.dispose();
    shared = undefined;
    await Promise.all(standIns.map((tg) => tg.close()));
  });

  // The spam check's 3-second time trap is passed on the relay's clock, not waited out.
  const spamClock = testClock("running");
  const spamChecked = testWorker({ bindings: { ...TELEGRAM, SPAM_CHECKS: "on" }, clock: spamClock });
  it.concurrent(
    "keeps a bare POST without the page's proof as spam, and delivers a post that fetched one and waited like a person",
    async ({ expect }) => {
      const [w] = spamChecked();
      const { tg } = w;
      expect(await (await w.post(contact({ name: "Bare Post" }))).json()).toEqual({ ok: true });
      const { token } = (await (
        await w.fetch("/api/proof?form=contact", { headers: { Origin: "https://www.example.com" } })
      ).json()) as { token: string };
      expect(token).toMatch(/^\d+\.script\.contact\.[0-9a-f]{16}\.[\w-]{43}$/);
      spamClock.advance(3_100);
      expect((await w.post(contact({ name: "Real Person", proof: token }))).status).toBe(200);
      await waitFor("the person's notice", () => tg.delivered.length === 1);
      expect(tg.delivered[0].shown).toContain("Real Person");
      expect(await queueHandled(w)).toHaveLength(1);
      const statuses = (await w.leads())
        .filter((l) => !l.id.startsWith("queue-marker-"))
        .map((l) => l.status)
        .sort();
      expect(statuses).toEqual(["delivered", "spam"]);
    },
  );

  // Issue 38: a proof is one lead and one form, whatever the spelling of its signature.
  const proofClock = testClock("running");
  const oneProof = testWorker({ bindings: { ...TELEGRAM, SPAM_CHECKS: "on" }, clock: proofClock });
  it.concurrent(
    "takes a proof once, in its one spelling, and for its own form: the re-spelled and the other form's are kept as spam",
    async ({ expect }) => {
      const [w] = oneProof();
      const proofFor = async (form: string) =>
        (
          (await (
            await w.fetch(`/api/proof?form=${form}`, { headers: { Origin: "https://www.example.com" } })
          ).json()) as { token: string }
        ).token;
      const [contactProof, quoteProof] = [await proofFor("contact"), await proofFor("quote")];
      expect(contactProof).toMatch(/^\d+\.script\.contact\.[0-9a-f]{16}\.[\w-]{43}$/);
      proofClock.advance(3_100);
      const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
      const last = alphabet.indexOf(contactProof.at(-1)!);
      const respelled = [1, 2, 3].map(
        (spare) => contactProof.slice(0, -1) + alphabet[(last & ~3) | ((last & 3) ^ spare)],
      );
      const sent = [
        ["The One", contactProof],
        ...respelled.map((proof, i) => [`Respelled ${i + 1}`, proof]),
        ["Quote Proof", quoteProof],
      ];
      for (const [i, [name, proof]] of sent.entries()) {
        const res = await w.post(contact({ name, proof }), { "CF-Connecting-IP": `198.51.100.${i + 1}` });
        expect(await res.json()).toEqual({ ok: true });
      }
      expect((await queueHandled(w)).map((d) => /Name: (.+)/.exec(d.shown)![1])).toEqual(["The One"]);
      const db = await w.db();
      const kept = (
        await db
          .prepare(`SELECT status, spam_reason FROM leads WHERE ${NOT_MARKER} ORDER BY received_at`)
          .all<{ status: string; spam_reason: string | null }>()
      ).results;
      expect(kept.map((l) => [l.status, l.spam_reason])).toEqual([
        ["delivered", null],
        ["spam", "a proof the relay did not sign"],
        ["spam", "a proof the relay did not sign"],
        ["spam", "a proof the relay did not sign"],
        ["spam", "a proof for the quote form"],
      ]);
    },
  );

  // Issue 59: the Queue consumer waits for the chat's slot in D1, which every isolate shares, and tells a
  // flood in one summary; the strict stand-in answers 429 to a second message in a second.
  const paceClock = testClock("running");
  const paced = testWorker({
    bindings: { ...TELEGRAM, TELEGRAM_PACE: "on", FLOOD_LEADS_PER_MINUTE: "10" },
    clock: paceClock,
    standIn: { strict: true, now: paceClock.now },
  });
  it.concurrent(
    "paces notices by the chat's slot in D1 and tells a flood in one summary, with no 429",
    async ({ expect }) => {
      const [w] = paced();
      const { tg } = w;
      for (let i = 0; i < 2; i++) expect((await w.post(contact({ name: `Paced ${i}` }))).status).toBe(200);
      await waitFor(
        "the first notice, and the second in its slot 3 s on",
        () => tg.delivered.length === 2,
        20_000,
      );
      expect(tg.delivered[1].at - tg.delivered[0].at).toBeGreaterThanOrEqual(3_000);
      // Eleven more at once: more than ten waiting is a flood, told in one message.
      const answers = await Promise.all(
        Array.from({ length: 11 }, (_, i) =>
          w.post(contact({ name: `Flooded ${i}` }), { "CF-Connecting-IP": `2001:db8:${i + 1}::1` }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(11).fill(200));
      await waitFor("the flood's summary", () => tg.delivered.length === 3, 20_000);
      expect(tg.delivered[2].shown).toBe("11 more contact messages in the last minute: /leads");
      await waitFor("D1 to say every lead delivered", async () =>
        (await w.leads()).every((l) => l.status === "delivered"),
      );
      expect(tg.tooMany).toBe(0);
    },
  );

  // Issue 38: "Back to the site" as the browser's URL parser reads it.
  const backLinks = testWorker();
  it.concurrent(
    "links a script-less post's page only to this site or an allowed one, however a browser would read its back field",
    async ({ expect }) => {
      const [w] = backLinks();
      const backs = [
        "/\t/evil.example/",
        "/\r\n/evil.example/",
        "\n//evil.example/",
        "/\\evil.example/",
        "\\\\evil.example/",
        " //evil.example/",
        "/.//evil.example/",
        "https:evil.example",
        "//evil.example",
        "javascript:alert(1)",
      ];
      const ours = (origin: string) =>
        origin === "https://www.example.com" || /^https:\/\/test-\d+-0\.relay\.example$/.test(origin);
      for (const [i, back] of [...backs, "/%09/evil.example/"].entries()) {
        for (const origin of [undefined, "https://evil.example"]) {
          const res = await w.fetch("/api/contact", {
            method: "POST",
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              "CF-Connecting-IP": `203.0.113.${i + 1}`,
              ...(origin ? { Origin: origin } : {}),
            },
            body: new URLSearchParams({
              name: `Back ${i}`,
              email: "ann@example.com",
              message: "Hi",
              back,
            }).toString(),
          });
          const pageUrl = res.url || "https://test-0-0.relay.example/api/contact";
          const html = await res.text();
          const links = [...html.matchAll(/\s(?:href|action)="([^"]*)"/g)].map((m) =>
            m[1].replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
          );
          expect(links.length, JSON.stringify(back)).toBeGreaterThan(0);
          for (const href of links)
            expect(
              ours(new URL(href, pageUrl).origin),
              `${JSON.stringify(back)} from ${origin} gave ${JSON.stringify(href)}`,
            ).toBe(true);
          if (back === "/%09/evil.example/")
            expect(readResultPage(html).back).toEqual({
              href: "/%09/evil.example/",
              text: "Back to the site",
            });
        }
      }
    },
  );

  const twoSlashes = testWorker();
  it.concurrent(
    "refuses a request target that starts with two slashes (another host, to a URL parser) with 400, and stores nothing",
    async ({ expect }) => {
      const [w] = twoSlashes();
      for (const target of ["//other.example/api/quote", "//other.example/api/contact"]) {
        const res = await w.fetch(target, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Origin: "https://other.example",
            "CF-Connecting-IP": "203.0.113.9",
          },
          body: JSON.stringify(contact()),
        });
        expect(res.status, target).toBe(400);
        await res.arrayBuffer();
      }
      expect(await w.leads()).toEqual([]);
    },
  );

  const buttons = testWorker({ address: true });
  it.concurrent(
    "takes the owner's button presses through Telegram's webhook: each update once, forged ones refused, a mis-tap undone, Lost with why, replies",
    async ({ expect }) => {
      const [w] = buttons();
      const { tg } = w;
      const webhook = new URL("/api/telegram", await w.url()).href;
      // Telegram posts only to https: on port 443, 80, 88 or 8443: the stand-in routes this address to
      // workerd's.
      tg.route("https://relay-buttons.test", new URL(webhook).origin);
      expect(
        await setWebhook(
          { apiBase: tg.apiBase, token: tg.token, chatId: tg.chatId },
          "https://relay-buttons.test/api/telegram",
        ),
      ).toMatchObject({ ok: true });
      await w.post(contact({ name: "Button Press" }));
      await waitFor("the notice with its buttons", () => tg.delivered.length === 1);
      const { messageId, replyMarkup } = tg.delivered[0];
      expect(replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toEqual([
        "Copy +61 412 345 678",
        "Called",
        "Quoted",
        "Booked",
        "Lost",
        "Not a job",
      ]);
      await waitFor("D1 to say delivered", async () => (await w.leads())[0]?.status === "delivered");
      const [{ id }] = await w.leads();

      expect(await tg.press(messageId, stageData("called", id))).toBe(200);
      expect((await w.leads())[0].stage).toBe("called");
      expect(tg.messages.get(messageId)!.shown).toMatch(/\nCalled by Sam at \d{1,2}:\d\d [ap]m$/);
      expect(await tg.redeliver(tg.updates[0])).toBe(200);
      expect(await tg.press(messageId, stageData("called", id), { first_name: "Kim" })).toBe(200);
      expect(tg.answers.map((a) => a.text)).toEqual(["Marked Called.", "Already marked Called."]);
      expect(tg.edits).toHaveLength(1);

      // Forged: no secret, a wrong one, or a press from another chat.
      const forged = (headers: Record<string, string>) =>
        fetch(webhook, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...headers },
          body: JSON.stringify({
            update_id: 1,
            callback_query: {
              id: "9",
              from: OWNER,
              message: { message_id: messageId, chat: { id: Number(tg.chatId) } },
              data: stageData("booked", id),
            },
          }),
        });
      expect((await forged({})).status).toBe(401);
      expect((await forged({ "X-Telegram-Bot-Api-Secret-Token": "not-the-secret" })).status).toBe(401);
      expect(await tg.press(messageId, stageData("booked", id), {}, "-1009999999999")).toBe(200);
      expect((await w.leads())[0].stage).toBe("called");
      expect(tg.edits).toHaveLength(1);

      // A mis-tap and its Undo, through D1: the notice says the stage at its top and every press below.
      for (const stage of ["not-a-job", "booked"] as const)
        expect(await tg.press(messageId, stageData(stage, id), { first_name: "Kim" })).toBe(200);
      const notice = () => tg.messages.get(messageId)!;
      expect(notice().shown).toMatch(
        /^Stage: Booked\n[^]+\nCalled by Sam at [^\n]+\nCalled → Not a job by Kim at [^\n]+\nNot a job → Booked by Kim at [^\n]+$/,
      );
      const undo = notice()
        .replyMarkup!.inline_keyboard.flat()
        .find((b) => b.text === "Undo")!;
      expect(await tg.press(messageId, undo.callback_data!, { first_name: "Kim" })).toBe(200);
      expect(tg.answers.at(-1)?.text).toBe("Undone: back to Not a job.");
      expect((await w.leads())[0].stage).toBe("not-a-job");
      expect(notice().shown).toMatch(
        /^Stage: Not a job\n[^]+\nNot a job → Booked by Kim at [^\n]+\nUndo by Kim at [^\n]+ \(back to Not a job\)$/,
      );
      expect(
        notice()
          .replyMarkup!.inline_keyboard.flat()
          .map((b) => b.text),
      ).toEqual(["Copy +61 412 345 678", "Called", "Quoted", "Booked", "Lost", "✓ Not a job"]);

      // Lost, then why, kept in D1.
      expect(await tg.press(messageId, stageData("lost", id))).toBe(200);
      const price = notice()
        .replyMarkup!.inline_keyboard.flat()
        .find((b) => b.text === "Price")!;
      expect(await tg.press(messageId, price.callback_data!)).toBe(200);
      expect(tg.answers.slice(-2).map((a) => a.text)).toEqual([
        "Marked Lost. Why? Press a reason below.",
        "Marked Lost: Price.",
      ]);
      const [row] = (
        await (
          await w.db()
        )
          .prepare("SELECT stage, lost_reason FROM leads")
          .all<{ stage: string; lost_reason: string }>()
      ).results;
      expect(row).toEqual({ stage: "lost", lost_reason: "price" });
      expect(notice().shown).toMatch(/^Stage: Lost \(Price\)\n[^]+\nLost: Price by Sam at [^\n]+$/);

      // A reply to the notice: the quote in D1, a note, each confirmed (a lead at Lost is not told to press
      // Quoted); one from another chat is ignored.
      expect(await tg.reply(messageId, "$380")).toBe(200);
      expect(await tg.reply(messageId, "wants Saturday")).toBe(200);
      expect(await tg.reply(messageId, "$1", {}, "-1009999999999")).toBe(200);
      const [quoted] = (
        await (
          await w.db()
        )
          .prepare("SELECT quote_cents, (SELECT group_concat(text) FROM lead_notes) AS notes FROM leads")
          .all<{ quote_cents: number; notes: string }>()
      ).results;
      expect(quoted).toEqual({ quote_cents: 38_000, notes: "wants Saturday" });
      expect(
        tg.delivered
          .filter((d) => /^(Quote recorded|Note added)/.test(d.shown))
          .map((d) => d.shown.split("\n")[0]),
      ).toEqual(["Quote recorded for Button Press: $380.", "Note added to Button Press's lead."]);
    },
  );

  const allWeek = (opens?: string, closes?: string) =>
    JSON.stringify([
      { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"], opens, closes },
    ]);
  // Closed all week; then a deployment open all day. Their clock runs from the next noon in the business's
  // zone: at the day's opening (midnight here) a reminder due then is folded into the morning message
  // instead of sent (owner/digest.ts), and the test, run on the real clock at 14:00 UTC, met it.
  const ownerClock = testClock("running");
  ownerClock.moveTo(nextNoon());
  const owner = testWorker(
    { bindings: { ...TELEGRAM, BUSINESS_HOURS: allWeek() }, clock: ownerClock },
    {
      bindings: { ...TELEGRAM, BUSINESS_HOURS: allWeek("00:00", "23:59") },
      address: true,
      clock: ownerClock,
    },
  );
  it.concurrent(
    "on its every-minute Cron Trigger reminds once of a lead still waiting, in business hours only, sends the digest, follows up a quote; a reply to either counts",
    async ({ expect }) => {
      const [w, open] = owner();
      const { tg } = w;
      // Closed all week: no reminder, no digest.
      await w.post(contact({ name: "Wait Long" }));
      await waitFor("D1 to say delivered", async () => (await w.leads())[0]?.status === "delivered");
      const db = await w.db();
      // The lead arrived yesterday and was delivered 31 minutes ago, without waiting a day.
      await db
        .prepare(
          "UPDATE leads SET received_at = received_at - 86400000, delivered_at = delivered_at - 1860000",
        )
        .run();
      await w.scheduled();
      expect(tg.delivered).toHaveLength(1);

      // Open all day: one reminder, a reply to the notice, however often the trigger runs; and the digest once.
      await open.scheduled();
      await open.scheduled();
      const reminders = tg.delivered.filter((d) => d.shown.startsWith("Reminder:"));
      expect(reminders).toHaveLength(1);
      expect(tg.messages.get(reminders[0].messageId)?.replyTo).toBe(tg.delivered[0].messageId);
      // Who, the number to ring, how long they have waited, and the notice's buttons: all on the lock screen.
      expect(reminders[0].shown).toMatch(
        /^Reminder: Wait Long, \+61 412 345 678, waiting 1 day \(since \d{1,2}:\d\d [ap]m, \d+ \w+\)\. Ring them, then press Called\.$/,
      );
      expect(reminders[0].replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toEqual([
        "Copy +61 412 345 678",
        "Called",
        "Quoted",
        "Booked",
        "Lost",
        "Not a job",
        "Later (in 2 hours)",
        "Later (tomorrow morning)",
      ]);
      const digests = tg.delivered.filter((d) => d.shown.startsWith("Yesterday's leads"));
      expect(digests).toHaveLength(1);
      expect(digests[0].shown).toContain("0 quote requests, 1 contact message\nWaiting: 1 · Called: 0");
      expect(digests[0].shown).toContain(
        "Still waiting, oldest first (1):\n- Wait Long, +61 412 345 678, contact,",
      );

      // Quoted four days ago and not Booked or Lost: one follow-up (LEAD_FOLLOW_UP_DAYS, 3 by default), with
      // Later.
      const [{ id }] = await w.leads();
      const quotedAt = ownerClock.now() - 4 * 86_400_000;
      await db.prepare("UPDATE leads SET stage = 'quoted' WHERE id = ?").bind(id).run();
      await db
        .prepare(
          "INSERT INTO lead_stages (lead_id, stage, at, by_name, last_at, last_by_name) VALUES (?, 'quoted', ?, 'Sam', ?, 'Sam')",
        )
        .bind(id, quotedAt, quotedAt)
        .run();
      await open.scheduled();
      await open.scheduled();
      const followUps = tg.delivered.filter((d) => d.shown.startsWith("Follow up:"));
      expect(followUps).toHaveLength(1);
      expect(followUps[0].shown).toMatch(
        /^Follow up: Wait Long, \+61 412 345 678, quoted .+, not booked yet\. Ring them, then press Booked or Lost\.$/,
      );
      expect(followUps[0].replyMarkup?.inline_keyboard.flat().at(-1)?.text).toBe("Later (tomorrow morning)");

      // The owner replies to the reminder and to the follow-up, the messages a lock screen shows: each counts
      // for the lead, in D1 (migration 0012).
      const webhook = new URL("/api/telegram", await open.url()).href;
      tg.route("https://relay-owner.test", new URL(webhook).origin);
      expect(
        await setWebhook(
          { apiBase: tg.apiBase, token: tg.token, chatId: tg.chatId },
          "https://relay-owner.test/api/telegram",
        ),
      ).toMatchObject({ ok: true });
      expect(await tg.reply(reminders[0].messageId, "$420")).toBe(200);
      expect(await tg.reply(followUps[0].messageId, "rang, try after 5")).toBe(200);
      const [words] = (
        await db
          .prepare(
            "SELECT quote_cents, (SELECT group_concat(text) FROM lead_notes) AS notes, (SELECT group_concat(kind) FROM (SELECT kind FROM lead_messages ORDER BY at, message_id)) AS kinds FROM leads",
          )
          .all<{ quote_cents: number; notes: string; kinds: string }>()
      ).results;
      // The quote's answer is kept too (issue 51): a reply to it counts for the lead.
      expect(words).toEqual({
        quote_cents: 42_000,
        notes: "rang, try after 5",
        kinds: "reminder,follow-up,quote",
      });
      expect(
        tg.delivered
          .filter((d) => /^(Quote recorded|Note added)/.test(d.shown))
          .map((d) => d.shown.split("\n")[0]),
      ).toEqual(["Quote recorded for Wait Long: $420.", "Note added to Wait Long's lead."]);
      // The notice shows them: the stage on top, the quote under it, the note below the text.
      expect(tg.messages.get(tg.delivered[0].messageId)!.shown).toMatch(
        /^Stage: Quoted\nQuote: \$420\n\nNew Contact Form Submission: Wait Long[^]+\nNote by Sam at [^\n]+: rang, try after 5$/,
      );
    },
  );

  const rateLimited = testWorker({ rateLimit: 2 });
  it.concurrent(
    "limits each client with Cloudflare's rate-limiting binding, by CF-Connecting-IP only",
    async ({ expect }) => {
      const [w] = rateLimited();
      const from = async (ip: string, forwarded: string) =>
        (await w.post(contact(), { "CF-Connecting-IP": ip, "X-Forwarded-For": forwarded })).status;
      expect([
        await from("198.51.100.1", "1.1.1.1"),
        await from("198.51.100.1", "2.2.2.2"),
        await from("198.51.100.1", "3.3.3.3"),
      ]).toEqual([200, 200, 429]);
      expect(await from("198.51.100.2", "3.3.3.3")).toBe(200);
    },
  );

  // The site's pages and numbers as npm run relay:deploy gives them (scripts/relay.ts); then a deployment
  // without them.
  const site = siteVars({
    phone: "0491 570 156",
    landline: "(07) 5550 1234",
    hours: [],
    timeZone: FACTS.timeZone,
    pages: ["/", "/suburbs/annerley/"],
  });
  const callTaps = testWorker(
    { bindings: { ...TELEGRAM, ...site }, rateLimit: 2 },
    { bindings: TELEGRAM, rateLimit: 2 },
  );
  it.concurrent(
    "counts call taps for the site's pages and numbers only, each client limited by the RATE_LIMITER binding under keys of its own",
    async ({ expect }) => {
      const [w, noSite] = callTaps();
      const tap = (worker: Running, page: string, number: string, ip: string) =>
        worker.fetch("/api/call", {
          method: "POST",
          headers: {
            "Content-Type": "text/plain;charset=UTF-8",
            Origin: "https://www.example.com",
            "User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile",
            "CF-Connecting-IP": ip,
          },
          body: JSON.stringify({ page, number }),
        });
      const taps = async () =>
        (await (await w.db()).prepare("SELECT page, number, count FROM call_taps ORDER BY page").all())
          .results;
      // Invented pages and a foreign number: answered as every tap is, and not counted.
      for (const [page, number] of [
        ["/suburbs/fake-1/", "+61491570156"],
        ["/suburbs/fake-2/", "+61491570156"],
        ["/suburbs/annerley/", "0400 000 000"],
      ]) {
        expect((await tap(w, page, number, "198.51.100.21")).status).toBe(204);
      }
      expect(await taps()).toEqual([]);
      // The binding allows 2 a minute, counted across every instance (one in a Worker's memory would allow 10):
      // the third is not counted. Miniflare counts in windows of the clock's minute
      // (ratelimit-object.worker.ts: floor(Date.now() / period)), so taps sent in a minute's last seconds would
      // be counted in two: wait for the next minute then, at most 10 s.
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
      for (let i = 0; i < 4; i++)
        expect((await tap(w, "/suburbs/annerley", "0491 570 156", "198.51.100.20")).status).toBe(204);
      expect(await taps()).toEqual([{ page: "/suburbs/annerley/", number: "+61491570156", count: 2 }]);
      // Taps are counted under keys of their own: the address may still send its forms.
      expect((await w.post(contact(), { "CF-Connecting-IP": "198.51.100.20" })).status).toBe(200);
      // A deployment without the site's variables counts nothing.
      expect((await tap(noSite, "/suburbs/annerley/", "+61491570156", "198.51.100.22")).status).toBe(204);
      expect(await taps()).toEqual([{ page: "/suburbs/annerley/", number: "+61491570156", count: 2 }]);
    },
  );

  const plain = testWorker();
  it.concurrent(
    "stores the lead, answers the visitor, then delivers it through the Queue",
    async ({ expect }) => {
      const [w] = plain();
      const { tg } = w;
      const res = await w.post(contact());
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
      expect(res.headers.get("Access-Control-Allow-Origin")).toBe("https://www.example.com");
      await waitFor("the stand-in to receive the notice", () => tg.delivered.length === 1);
      expect(tg.delivered[0].shown).toContain("Ann Lee");
      expect(tg.delivered[0].shown).toContain("New Farm");
      await waitFor("D1 to say delivered", async () => (await w.leads())[0]?.status === "delivered");
      expect(await w.health()).toEqual({
        status: 200,
        body: { ok: true, telegram: "ok", pending: 0, oldestPendingSeconds: 0, undeliverable: 0 },
      });
    },
  );

  // The price table as npm run relay:deploy gives it (in SITE_FACTS, from content/pricing.yaml): the notice's
  // estimate is the Worker's own.
  const priced = testWorker({
    bindings: {
      ...TELEGRAM,
      ...siteVars({ ...FACTS, phone: "0491 570 156", landline: "", hours: [], pages: ["/"], prices: PRICES }),
    },
  });
  it.concurrent(
    "works out the estimate of a quote's details from the price table, ignores a forged one, and refuses an out-of-range bedrooms value",
    async ({ expect }) => {
      const [w] = priced();
      const { tg } = w;
      const quote = (extra: Record<string, unknown>) =>
        w.fetch("/api/quote", {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Origin: "https://www.example.com",
            "CF-Connecting-IP": "203.0.113.30",
          },
          body: JSON.stringify({
            name: "Ana Silva",
            email: "ana@example.com",
            submissionId: crypto.randomUUID(),
            ...extra,
          }),
        });
      const details = {
        service: "bond-cleaning",
        propertyType: "house",
        bedrooms: "3",
        bathrooms: "2",
        storeys: "2",
        date: "2026-12-12",
        timeWindow: "morning",
        "addOn.carpet-steam": "3",
        "addOn.oven": "1",
      };
      const refused = await quote({ ...details, bedrooms: "21" });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ ok: false, fields: ["bedrooms"] });
      expect((await quote({ ...details, estimate: "$1 incl. GST", estimateCents: 100 })).status).toBe(200);
      await waitFor("the stand-in to receive the notice", () => tg.delivered.length === 1);
      // 490 (3 bedrooms, 2 bathrooms) + 40 (house) + 60 (2 storeys) + 3 × 45 (carpet) + 60 (oven) = 785.
      expect(tg.delivered[0].shown).toContain(
        "Details: House · 3 bed · 2 bath · 2 storeys · move-out Sat 12 Dec, morning · add-ons: carpet ×3, oven\n",
      );
      expect(tg.delivered[0].shown).toContain(
        "Estimate: estimate $785 incl. GST, prices reviewed 1 Dec 2026\n",
      );
      const [row] = (
        await (
          await w.db()
        )
          .prepare("SELECT property_type, bedrooms, add_ons, estimate_cents FROM leads")
          .all()
      ).results;
      expect(row).toEqual({
        property_type: "house",
        bedrooms: 3,
        add_ons: "carpet-steam:3 oven:1",
        estimate_cents: 78_500,
      });
    },
  );

  const outage = testWorker();
  it.concurrent(
    "keeps the lead through a Telegram outage (5xx) and delivers it once when Telegram is back",
    async ({ expect }) => {
      const [w] = outage();
      const { tg } = w;
      tg.always({ kind: "serverError" });
      await w.post(contact());
      await waitFor("the first attempt to fail", async () => (await w.leads())[0]?.attempts === 1);
      const [lead] = await w.leads();
      expect(lead.status).toBe("pending");
      expect(lead.last_error).toMatch(/^502 /);
      expect((await w.health()).body).toMatchObject({ telegram: "ok", pending: 1 });
      tg.always({ kind: "ok" });
      await waitFor("the retry to deliver it", () => tg.delivered.length === 1);
      await waitFor("D1 to say delivered", async () => (await w.leads())[0]?.status === "delivered");
      // A sweep now finds nothing due; nothing arrives twice.
      await w.scheduled();
      expect(await queueHandled(w)).toHaveLength(1);
    },
  );

  const threeParts = testWorker();
  it.concurrent(
    "delivers a 3-part message whose second part fails once whole, every part once, in order",
    async ({ expect }) => {
      const [w] = threeParts();
      const { tg } = w;
      const words = Array.from({ length: 1_000 }, (_, i) => `word${i}`).join(" ");
      tg.next({ kind: "ok" }, { kind: "serverError" });
      expect((await w.post(contact({ message: words }))).status).toBe(200);
      await waitFor("all three parts", () => tg.delivered.length === 3, 20_000);
      expect(tg.delivered.map((d) => /\((\d)\/3\)/.exec(d.shown)?.[1])).toEqual(["1", "2", "3"]);
      expect(tg.attempts).toBe(4);
      const shown = tg.delivered.map((d) => d.shown).join(" ");
      expect(shown).toContain("word0 ");
      expect(shown).toContain("word999");
      await waitFor("D1 to say delivered", async () => (await w.leads())[0]?.status === "delivered");
      expect((await w.leads())[0].parts_sent).toBe(3);
    },
  );

  const tooMany = testWorker();
  it.concurrent("waits out a 429's retry_after before the next try", async ({ expect }) => {
    const [w] = tooMany();
    const { tg } = w;
    tg.next({ kind: "tooMany", retryAfter: 3 });
    await w.post(contact());
    await waitFor("the 429", () => tg.attempts === 1);
    const refusedAt = Date.now();
    await waitFor("the retry to deliver it", () => tg.delivered.length === 1);
    expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(2_900);
    expect(tg.attempts).toBe(2);
    await waitFor("D1 to say delivered", async () => (await w.leads())[0]?.status === "delivered");
  });

  const wrongToken = TEST_TOKEN.replace("TEST", "WRONG");
  // A wrong token; then a deployment with the right one.
  const refused = testWorker(
    { bindings: { ...TELEGRAM, TELEGRAM_BOT_TOKEN: wrongToken } },
    { bindings: TELEGRAM },
  );
  it("keeps a lead Telegram refuses for the settings (401) as undeliverable, never logs the token, and sends it after a deployment with the right token", async () => {
    const [w, fixed] = refused();
    const { tg } = w;
    expect((await w.post(contact())).status).toBe(200);
    await waitFor("D1 to say undeliverable", async () => (await w.leads())[0]?.status === "undeliverable");
    const [lead] = await w.leads();
    expect(lead.failure_kind).toBe("settings");
    expect(lead.last_error).toBe("401 Unauthorized");
    // The settings that refused it, by a mark of their own (never the token).
    expect(lead.settings_mark).toMatch(/^[0-9a-f]{8}$/);
    expect(await w.health()).toEqual({
      status: 503,
      body: {
        ok: false,
        telegram: "undeliverable",
        pending: 0,
        oldestPendingSeconds: 0,
        undeliverable: 1,
        problem: "Telegram refuses the relay's settings (401 Unauthorized): 1 lead held until they work",
      },
    });
    // The sweep leaves it alone while the settings are the refused ones.
    await w.scheduled();
    expect((await w.leads())[0].status).toBe("undeliverable");
    await waitFor("the log to name the cause", () =>
      w.logs.some((l) => l.includes("Telegram refuses the settings (401 Unauthorized)")),
    );
    expect(w.logs.join("\n")).not.toContain(wrongToken);
    expect(w.logs.join("\n")).not.toContain(wrongToken.split(":")[1]);

    // The new settings are not refused; the kept lead keeps health red until the sweep has sent it.
    expect((await fixed.health()).body).toMatchObject({ ok: false, telegram: "ok", undeliverable: 1 });
    await fixed.scheduled();
    await waitFor("the kept lead to be delivered", () => tg.delivered.length === 1);
    await waitFor("D1 to say delivered", async () => (await fixed.leads())[0]?.status === "delivered");
    expect(tg.delivered).toHaveLength(1);
    expect(await fixed.health()).toMatchObject({ status: 200, body: { ok: true, undeliverable: 0 } });
  });

  // Telegram as it really is (issue 37), on workerd: each also runs on Node in
  // src/relay/telegram-faults.test.ts.
  const inGroup = { bindings: { ...TELEGRAM, TELEGRAM_CHAT_ID: TEST_GROUP_ID }, address: true };
  const upgraded = testWorker(inGroup, inGroup);
  it.concurrent(
    "follows a group upgraded to a supergroup after the third lead: every lead in the new chat, none twice; a new deployment keeps the id",
    async ({ expect }) => {
      const [w, next] = upgraded();
      const { tg } = w;
      const arrived = (name: string) =>
        waitFor(`${name}'s notice`, () => tg.delivered.some((d) => d.shown.includes(`Name: ${name}\n`)));
      for (const name of ["Lead One", "Lead Two", "Lead Three"]) {
        await w.post(contact({ name }));
        await arrived(name);
      }
      const supergroup = tg.upgradeToSupergroup();
      await w.post(contact({ name: "Lead Four" }));
      await arrived("Lead Four");
      expect(tg.delivered.map((d) => String(d.chatId))).toEqual([
        tg.chatId,
        tg.chatId,
        tg.chatId,
        supergroup,
      ]);
      // The supergroup numbers its messages afresh: Lead Four's notice has Lead One's id, in the other chat. A
      // reply names its notice by chat and id, so the quote is Lead Four's, not Lead One's.
      const [one, four] = [tg.delivered[0], tg.delivered[3]];
      expect(four.messageId).toBe(one.messageId);
      const webhook = new URL("/api/telegram", await w.url());
      tg.route("https://relay-upgraded.test", webhook.origin);
      expect(
        await setWebhook(
          { apiBase: tg.apiBase, token: tg.token, chatId: supergroup },
          "https://relay-upgraded.test/api/telegram",
        ),
      ).toMatchObject({ ok: true });
      expect(await tg.reply(four.messageId, "$450", {}, supergroup)).toBe(200);
      const quotes = (
        await (
          await w.db()
        )
          .prepare(
            "SELECT json_extract(fields, '$.name') AS name, quote_cents FROM leads ORDER BY received_at",
          )
          .all<{ name: string; quote_cents: number | null }>()
      ).results;
      expect(quotes.map((q) => [q.name, q.quote_cents])).toEqual([
        ["Lead One", null],
        ["Lead Two", null],
        ["Lead Three", null],
        ["Lead Four", 45_000],
      ]);
      expect(tg.delivered.every((d) => !d.shown.includes("possible repeat"))).toBe(true);
      await waitFor("D1 to say delivered", async () =>
        (await w.leads()).every((l) => l.status === "delivered"),
      );
      expect(await w.health()).toMatchObject({ status: 200, body: { ok: true, undeliverable: 0 } });

      // Another isolate, another deployment: the move is in D1, so the first send goes straight to the
      // supergroup.
      const calls = tg.calls("sendMessage");
      await next.post(contact({ name: "Lead Five" }));
      await arrived("Lead Five");
      expect(tg.calls("sendMessage")).toBe(calls + 1);
      expect(String(tg.delivered.at(-1)!.chatId)).toBe(supergroup);
    },
  );

  const kicked = testWorker({ address: true });
  it.concurrent(
    "turns health red naming the cause and count while the bot is out of the group, and sends the held leads as it is added back, without a deployment",
    async ({ expect }) => {
      const [w] = kicked();
      const { tg } = w;
      // The group's service message about the bot reaches the Worker through the webhook.
      tg.route("https://relay-kicked.test", new URL(await w.url()).origin);
      expect(
        await setWebhook(
          { apiBase: tg.apiBase, token: tg.token, chatId: tg.chatId },
          "https://relay-kicked.test/api/telegram",
        ),
      ).toMatchObject({ ok: true });
      tg.removeBot("kicked");
      await w.post(contact({ name: "Kept One" }));
      await w.post(contact({ name: "Kept Two" }));
      await waitFor(
        "D1 to hold the leads",
        async () => (await w.leads()).filter((l) => l.status === "undeliverable").length >= 1,
      );
      const red = await w.health();
      expect(red).toMatchObject({ status: 503, body: { ok: false, telegram: "undeliverable" } });
      expect(red.body.problem).toMatch(
        /^Telegram refuses the relay's settings \(403 Forbidden: bot was kicked from the supergroup chat\): 2 leads held until they work$/,
      );

      expect(await tg.addBotBack()).toBe(200);
      await waitFor("both held leads to arrive", () =>
        ["Kept One", "Kept Two"].every((name) =>
          tg.delivered.some((d) => d.shown.includes(`Name: ${name}\n`)),
        ),
      );
      await waitFor("health to turn green", async () => (await w.health()).status === 200);
    },
  );

  // The owner's own chat with the bot, set up before they opened it: Telegram lets no bot write first.
  const withOwner = {
    bindings: { ...TELEGRAM, TELEGRAM_CHAT_ID: String(OWNER.id) },
    standIn: { started: false },
  };
  const beforeStart = testWorker(withOwner, withOwner);
  it.concurrent(
    "holds the leads for a chat with one person who never pressed Start, health red naming it; after Start, a deployment sends them",
    async ({ expect }) => {
      const [w, redeployed] = beforeStart();
      const { tg } = w;
      await w.post(contact({ name: "Before Start" }));
      await waitFor("D1 to hold the lead", async () => (await w.leads())[0]?.status === "undeliverable");
      expect(tg.delivered).toEqual([]);
      const red = await w.health();
      expect(red).toMatchObject({ status: 503, body: { ok: false, telegram: "undeliverable" } });
      expect(red.body.problem).toBe(
        "Telegram refuses the relay's settings (403 Forbidden: bot can't initiate conversation with a user): 1 lead held until they work",
      );
      await waitFor("the log to say what to do", () =>
        w.logs.some((l) =>
          l.includes(
            "TELEGRAM_CHAT_ID is a person who has not opened the bot and pressed Start: once they press it, the relay tries again on its own within 15 minutes, and at once when anyone writes in the chat.",
          ),
        ),
      );

      await tg.startBot();
      await redeployed.scheduled();
      await waitFor("the held lead to arrive", () =>
        tg.delivered.some((d) => d.shown.includes("Name: Before Start\n")),
      );
      await waitFor("health to turn green", async () => (await redeployed.health()).status === 200);
    },
  );

  const halfEmoji = testWorker();
  it.concurrent("delivers a lead whose text ends in half an emoji, made whole", async ({ expect }) => {
    const [w] = halfEmoji();
    const { tg } = w;
    await w.post(
      contact({ name: "Half Emoji", message: "Cut here: \ud83c", utm_campaign: `${"a".repeat(199)}\ud83c` }),
    );
    await waitFor("the notice", () => tg.delivered.length === 1);
    expect(tg.delivered[0].shown).toContain("Cut here: \ufffd");
    await waitFor("D1 to say delivered", async () => (await w.leads())[0]?.status === "delivered");
  });

  const busyAnswer = testWorker({ address: true });
  it.concurrent(
    "answers a press whose first answer gets a 429 after retry_after, and edits its notice",
    async ({ expect }) => {
      const [w] = busyAnswer();
      const { tg } = w;
      tg.route("https://relay-busy.test", (await w.url()).href);
      expect(
        await setWebhook(
          { apiBase: tg.apiBase, token: tg.token, chatId: tg.chatId },
          "https://relay-busy.test/api/telegram",
        ),
      ).toMatchObject({ ok: true });
      await w.post(contact({ name: "Busy Press" }));
      await waitFor("the notice", () => tg.delivered.length === 1);
      await waitFor("D1 to say delivered", async () => (await w.leads())[0]?.status === "delivered");
      const [{ id }] = await w.leads();
      tg.on("answerCallbackQuery", { kind: "tooMany", retryAfter: 1 });
      expect(await tg.press(tg.delivered[0].messageId, stageData("called", id))).toBe(200);
      expect(tg.answers.map((a) => a.text)).toEqual(["Marked Called."]);
      // The 429, then the answer Telegram took. On a busy machine the second's reply can come later than the
      // 3 s the relay waits for it (ANSWER_RETRY), and the relay then asks once more, which Telegram refuses
      // as already answered: the owner still sees one answer.
      expect(tg.calls("answerCallbackQuery")).toBeGreaterThanOrEqual(2);
      expect(tg.messages.get(tg.delivered[0].messageId)!.shown).toMatch(/\nCalled by Sam at /);
    },
  );

  const twice = testWorker();
  it.concurrent("gives one notice for the same submissionId sent twice", async ({ expect }) => {
    const [w] = twice();
    const body = contact();
    expect((await w.post(body)).status).toBe(200);
    expect((await w.post(body)).status).toBe(200);
    expect(await w.leads()).toHaveLength(1);
    expect(await queueHandled(w)).toHaveLength(1);
  });

  // A workerd of its own, killed by its pid (found as the one process its start added).
  it.concurrent(
    "after workerd is killed mid-send, sends the lead again within two minutes marked (possible repeat), and loses none of the others",
    async ({ expect, onTestFinished }) => {
      const tg = await startTelegramStandIn();
      const instances: Instance[] = [];
      onTestFinished(async () => {
        await Promise.all(instances.map((i) => i.mf.dispose().catch(() => undefined)));
        await tg.close();
      });
      const d: Deployment = {
        name: "killed",
        host: "killed.relay.example",
        queue: "leads",
        database: "leads-db",
        settings: settingsOf({}),
        tg,
      };
      const first = await startInstance([d]);
      instances.push(first);
      const w = running(first, d);
      // Telegram takes the first message, then answers two minutes later: workerd is killed before it hears
      // back.
      tg.next({ kind: "ok", answerDelayMs: 120_000 });
      const names = ["Kill One", "Kill Two", "Kill Three"];
      for (const name of names) expect((await w.post(contact({ name }))).status).toBe(200);
      await waitFor("Telegram to have taken the first", () => tg.delivered.length === 1);
      const killedAt = Date.now();
      first.kill();
      await first.mf.dispose().catch(() => undefined);

      const restarted = await startInstance([d], first.persist);
      instances.push(restarted);
      const again = running(restarted, d);
      const byName = async () => Object.fromEntries((await again.leads()).map((l, i) => [names[i], l]));
      const held = await byName();
      // The part was written down as being sent before it went, and the dead consumer's hold runs out within
      // LEASE_MS.
      expect([held["Kill One"].status, held["Kill One"].uncertain_part]).toEqual(["pending", 0]);
      expect(held["Kill One"].next_attempt_at).toBeLessThanOrEqual(killedAt + LEASE_MS + 2_000);
      // With the sweep every minute, that is within two minutes.
      expect(LEASE_MS + 60_000).toBeLessThanOrEqual(120_000);
      // The hold running out, without waiting a minute: D1's times moved back by LEASE_MS.
      await (
        await again.db()
      )
        .prepare("UPDATE leads SET next_attempt_at = next_attempt_at - ?")
        .bind(LEASE_MS)
        .run();
      await again.scheduled();
      await waitFor("D1 to say all three delivered", async () =>
        Object.values(await byName()).every((l) => l.status === "delivered"),
      );
      const notices = (name: string) =>
        tg.delivered
          .filter((d) => d.shown.includes(`Name: ${name}\n`))
          .map((d) => d.shown.startsWith("(possible repeat)"));
      expect(names.map(notices)).toEqual([[false, true], [false], [false]]);
    },
  );

  // The Queue has not sent it: the producer binding is missing, so only the two batches below carry the lead.
  const twoConsumers = testWorker({ producer: false });
  it.concurrent(
    "sends a lead once when two consumers get its message at the same time",
    async ({ expect }) => {
      const [w] = twoConsumers();
      const { tg } = w;
      await w.post(contact());
      const [{ id }] = await w.leads();
      tg.always({ kind: "ok", delayMs: 500 });
      const worker = await w.worker();
      const batch = (n: number) => [{ id: `message-${n}`, timestamp: new Date(), body: { id }, attempts: 1 }];
      await Promise.all([worker.queue(w.queue, batch(1)), worker.queue(w.queue, batch(2))]);
      expect(tg.attempts).toBe(1);
      expect(tg.delivered).toHaveLength(1);
      expect((await w.leads())[0].status).toBe("delivered");
    },
  );

  const fewRetries = testWorker({ maxRetries: 1 });
  it.concurrent(
    "marks a lead undeliverable when its message runs out of retries into the dead-letter queue",
    async ({ expect }) => {
      const [w] = fewRetries();
      const { tg } = w;
      tg.always({ kind: "serverError" });
      await w.post(contact());
      await waitFor(
        "the dead-letter queue to mark the lead",
        async () => (await w.leads())[0]?.status === "undeliverable",
      );
      const [lead] = await w.leads();
      expect(lead.failure_kind).toBe("message");
      expect(lead.last_error).toMatch(/^not delivered after 2 attempts: 502 /);
      expect(tg.attempts).toBe(2);
    },
  );

  const stuck = testWorker();
  it.concurrent(
    "turns health red (503) while a pending lead has waited more than 15 minutes, and green once it is delivered",
    async ({ expect }) => {
      const [w] = stuck();
      const { tg } = w;
      tg.always({ kind: "down" });
      expect(await w.health()).toEqual({
        status: 200,
        body: { ok: true, telegram: "ok", pending: 0, oldestPendingSeconds: 0, undeliverable: 0 },
      });
      // A lead received 16 minutes ago and still pending, as the Worker's own store writes one.
      const receivedAt = Date.now() - 16 * 60_000;
      await (
        await w.db()
      )
        .prepare(
          "INSERT INTO leads (id, form, fields, parts, received_at, status, next_attempt_at) VALUES ('stuck', 'contact', ?, ?, ?, 'pending', ?)",
        )
        .bind(
          JSON.stringify({ name: "Ann Lee" }),
          JSON.stringify(["*New Contact Form Submission*\n\n*Name:* Ann Lee\n"]),
          receivedAt,
          receivedAt,
        )
        .run();
      await w.scheduled();
      await waitFor(
        "the Queue's consumer to try the stuck lead against a Telegram that is down",
        async () => (await w.leads())[0]?.attempts >= 1,
      );
      const red = await w.health();
      expect(red.status).toBe(503);
      expect(red.body).toMatchObject({ ok: false, telegram: "ok" });
      expect(red.body.pending).toBeGreaterThanOrEqual(1);
      expect(red.body.oldestPendingSeconds).toBeGreaterThan(900);

      tg.always({ kind: "ok" });
      await waitFor("the retry to deliver the stuck lead", () => tg.delivered.length === 1);
      await waitFor("D1 to say delivered", async () => (await w.leads())[0]?.status === "delivered");
      expect(await w.health()).toEqual({
        status: 200,
        body: { ok: true, telegram: "ok", pending: 0, oldestPendingSeconds: 0, undeliverable: 0 },
      });
    },
  );

  const unconfigured = testWorker({ bindings: {} });
  it.concurrent("stores leads and sends nothing when Telegram is not configured", async ({ expect }) => {
    const [w] = unconfigured();
    const { tg } = w;
    expect((await w.post(contact())).status).toBe(200);
    await w.scheduled();
    expect((await w.leads()).map((l) => l.status)).toEqual(["pending"]);
    expect(await w.health()).toMatchObject({
      status: 200,
      body: { ok: true, telegram: "not configured", pending: 1 },
    });
    expect(tg.attempts).toBe(0);
  });

  // No Queue producer binding; then a deployment with one.
  const noProducer = testWorker({ producer: false }, { producer: true });
  it("keeps a lead whose id could not be put on the Queue, and the sweep sends it", async () => {
    const [w, withQueue] = noProducer();
    const { tg } = w;
    expect((await w.post(contact())).status).toBe(200);
    expect((await w.leads()).map((l) => l.status)).toEqual(["pending"]);
    await waitFor("the log to say it waits for the sweep", () =>
      w.logs.some((l) => l.includes("could not put 1 lead(s) on the Queue")),
    );
    await withQueue.scheduled();
    await waitFor("the swept lead to be delivered", () => tg.delivered.length === 1);
  });

  const retention = testWorker({ bindings: { ...TELEGRAM, LEADS_RETENTION_DAYS: "30" } });
  it.concurrent(
    "erases what visitors typed from delivered leads older than LEADS_RETENTION_DAYS on the daily cron",
    async ({ expect }) => {
      const [w] = retention();
      await w.post(contact());
      await waitFor(
        "the fresh lead to be delivered",
        async () => (await w.leads())[0]?.status === "delivered",
      );
      const db = await w.db();
      const old = Date.now() - 31 * 24 * 60 * 60_000;
      await db
        .prepare(
          "INSERT INTO leads (id, form, fields, parts, parts_sent, received_at, status, next_attempt_at, delivered_at) VALUES ('old-lead', 'contact', '{\"name\":\"Old\"}', '[\"x\"]', 1, ?, 'delivered', ?, ?)",
        )
        .bind(old, old, old)
        .run();
      const daily = CRONS.find((c) => c !== SWEEP_CRON);
      expect(daily).toBeDefined();
      await w.scheduled(daily);
      const rows = (
        await db
          .prepare("SELECT id, fields, parts, erased_at FROM leads ORDER BY received_at")
          .all<{ id: string; fields: string | null; parts: string | null; erased_at: number | null }>()
      ).results;
      expect(rows[0]).toMatchObject({ id: "old-lead", fields: null, parts: null });
      expect(rows[0].erased_at).not.toBeNull();
      expect(rows[1].fields).toContain("Ann Lee");
    },
  );

  const narrowWebhook = testWorker({ address: true });
  it.concurrent(
    "sets again, from the sweep, a webhook that asks Telegram for presses only, so the owner's replies arrive",
    async ({ expect }) => {
      const [w] = narrowWebhook();
      const { tg } = w;
      const telegram = { apiBase: tg.apiBase, token: tg.token, chatId: tg.chatId };
      tg.route("https://relay-narrow.test", new URL(await w.url()).origin);
      // As `npm run telegram -- webhook` set it before the relay read replies.
      const narrow = {
        url: "https://relay-narrow.test/api/telegram",
        secret_token: await webhookSecret(tg.token),
        allowed_updates: ["callback_query"],
      };
      expect(await callBot(telegram, "setWebhook", narrow)).toMatchObject({ ok: true });
      await w.scheduled();
      expect(await callBot(telegram, "getWebhookInfo", {})).toMatchObject({
        ok: true,
        result: { url: narrow.url, allowed_updates: ["callback_query", "message"] },
      });
      expect(w.logs.filter((l) => l.includes("set again with callback_query, message"))).toHaveLength(1);
      // Once an isolate: the next sweep does not ask again.
      const asked = tg.calls("getWebhookInfo");
      await w.scheduled();
      expect(tg.calls("getWebhookInfo")).toBe(asked);
    },
  );

  const misconfigured = testWorker({ bindings: { TELEGRAM_BOT_TOKEN: TEST_TOKEN } });
  it("answers 503 and logs the problem when the settings do not parse", async () => {
    const [w] = misconfigured();
    const res = await w.post(contact());
    expect(res.status).toBe(503);
    await waitFor("the log to name the missing setting", () =>
      w.logs.some((l) => l.includes("TELEGRAM_CHAT_ID: is missing")),
    );
    expect(await w.leads()).toEqual([]);
  });
});

describe("the Worker's bundle", () => {
  // 182 KB before the quote page's details (issue 42, 26 KB: their result-page markup and the estimate), the
  // email channel (issue 40, 29 KB), the owner's day (issue 41, 33 KB: the press history, Undo, Lost,
  // replies, follow-ups, the weekly summary) and issue 49's doors (16 KB: the confirmations' limits, the
  // email channel's pause and refusal, the refused bot's probe, the erased leads' messages) and issue 51's
  // booking (78 KB: the accept page's markup with its stylesheet, the three emails and the services' lists,
  // 33 KB; the signed link, the days, the quotes' store, the accept route, the owner's presses and tick),
  // 387 KB; issue 52's desk (22 KB: the commands and their pages, the morning message, stale leads) and
  // issue 59's pacing and flood summaries (10 KB: the chat's slot, the summary, the group commit);
  // zod's classic build adds 116 KB, zod imported by name 660 KB.
  it("keeps of zod only what the relay uses: its mini build, no locale, under 422 KB before minifying", () => {
    expect(bundled.some((f) => /(^|\/)node_modules\/zod\/v4\/mini\//.test(f))).toBe(true);
    expect(bundled.filter((f) => /zod\/v4\/(classic|locales)\//.test(f))).toEqual([]);
    expect(Buffer.byteLength(script)).toBeLessThan(422_000);
  });
});

describe("relay/wrangler.toml", () => {
  it("deploys this Worker with D1 on the shared migrations, the queues and the sweep's cron", () => {
    expect(TOML).toMatch(/^main = "\.\.\/src\/relay\/worker\/worker\.ts"$/m);
    expect(TOML).toMatch(/^binding = "DB"$/m);
    expect(TOML).toMatch(/^migrations_dir = "\.\.\/migrations"$/m);
    expect(TOML).toMatch(/^binding = "LEADS_QUEUE"$/m);
    const dlq = /^dead_letter_queue = "(.+)"$/m.exec(TOML)?.[1];
    expect(dlq?.endsWith(DEAD_LETTER_SUFFIX)).toBe(true);
    expect(TOML).toContain(`queue = "${dlq}"`);
    expect(CRONS).toContain(SWEEP_CRON);
    expect(CRONS).toHaveLength(2);
    expect(TOML).not.toMatch(/TELEGRAM_BOT_TOKEN\s*=/);
  });
});
