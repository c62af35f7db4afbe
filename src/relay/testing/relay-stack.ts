/**
 * A Telegram stand-in and the Node relay in the test's own process, set up and taken down
 * by a test file's hooks: the one way every relay test starts them (the site and Chromium on
 * top: src/testing/full-stack.ts). Each relay listens on 127.0.0.1, so the stand-in can post
 * presses to it, writes its log into `logs`, and its `drained()` waits a bounded time for the
 * delivery loop to have nothing left to send: an absence is asserted after it, not a sleep.
 *
 * - `relayPerTest`: one stand-in for the file, a fresh lead store for each test; a test starts
 *   (and restarts) relays on it with `start`, and every one still running stops after the test.
 * - `relayPerFile`: one stand-in, store and relay for the whole file.
 * After each test the stand-in is reset.
 */
import type { Server } from "node:http";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { startNodeRelay, type NodeRelay } from "../node/node.ts";
import type { SiteFacts } from "../site.ts";
import { TEST_BUSINESS, TEST_SERVICES } from "./services.ts";
import { setWebhook } from "../telegram/updates.ts";
import { listen } from "../../server/node.ts";
import { TELEGRAM_UPDATES_PATH } from "../../shared/relay-paths.ts";
import { standInConfig, tempLeadsDb, within } from "./leads.ts";
import { FACTS } from "./business.ts";
import { startTelegramStandIn, type StandIn, type StandInOptions } from "./telegram-stand-in.ts";

/**
 * The site's phone number a relay is told of unless a test gives its own (a number Australia reserves for
 * fiction).
 */
export const TEST_PHONE = "0491 570 156";
/**
 * Telegram posts only to https on port 443, 80, 88 or 8443: the stand-in routes this address to the relay on
 * 127.0.0.1.
 */
export const RELAY_HOST = "https://relay.test";

export interface RelayOptions {
  /** Settings beyond standInConfig's: TELEGRAM_UPDATES, SPAM_CHECKS, a wrong token… */
  env?: Record<string, string>;
  /**
   * The site's facts (default: TEST_PHONE only), each with TEST_SERVICES and TEST_BUSINESS unless it
   * says `services` or `business` (undefined: a relay told of none); the business's time zone is
   * content/'s unless given.
   */
  site?: Partial<SiteFacts>;
  /** The relay's clock (testClock): moved on by the test rather than slept through. */
  now?: () => number;
  /** How often the delivery loop looks for due leads (default 100 ms). */
  pollMs?: number;
  attemptTimeoutMs?: number;
  /** A pre-store outbox file to import (default: none there). */
  outboxFile?: string;
  /** A lead store of its own, removed when the relay stops, instead of the test's (or the file's). */
  ownStore?: boolean;
}

/** A Node relay as the stack started it: its address, and `drained()` bounded. */
export type RunningRelay = NodeRelay & { url: string; server: Server };

type LeadsDb = ReturnType<typeof tempLeadsDb>;

/** What both kinds of stack share: the stand-in, the log, starting and stopping relays. */
function standInAndRelays(standInOptions: StandInOptions | undefined) {
  let tg: StandIn | undefined;
  const logs: string[] = [];
  const running = new Map<RunningRelay, LeadsDb | undefined>();
  const standIn = () => {
    if (!tg) throw new Error("the Telegram stand-in starts in beforeAll: read it inside a hook or a test");
    return tg;
  };

  async function start(
    db: LeadsDb,
    {
      env = {},
      site = { phone: TEST_PHONE },
      now,
      pollMs = 100,
      attemptTimeoutMs,
      outboxFile,
      ownStore = false,
    }: RelayOptions,
  ): Promise<RunningRelay> {
    const own = ownStore ? tempLeadsDb() : undefined;
    const file = (own ?? db).file;
    const tg = standIn();
    const node = await startNodeRelay({
      config: standInConfig(tg, file, env),
      site: { timeZone: FACTS.timeZone, services: TEST_SERVICES, business: TEST_BUSINESS, ...site },
      log: (m) => void logs.push(m),
      pollMs,
      attemptTimeoutMs,
      outboxFile: outboxFile ?? `${file}.no-outbox`,
      now,
    });
    const { server, url } = await listen((request, info) => node.relay(request, info), {
      port: 0,
      host: "127.0.0.1",
    });
    const relay: RunningRelay = {
      ...node,
      url,
      server,
      drained: () => within(node.drained(), "the relay's delivery loop to find nothing left to send"),
    };
    running.set(relay, own);
    if (node.updates === "webhook") {
      tg.route(RELAY_HOST, url);
      const set = await setWebhook(
        { apiBase: tg.apiBase, token: tg.token, chatId: tg.chatId },
        `${RELAY_HOST}${TELEGRAM_UPDATES_PATH}`,
      );
      if (!set.ok) throw new Error(`the stand-in refused the relay's webhook: ${JSON.stringify(set)}`);
    }
    return relay;
  }

  async function stop(relay: RunningRelay): Promise<void> {
    if (!running.has(relay)) return;
    const own = running.get(relay);
    running.delete(relay);
    relay.server.closeAllConnections();
    await new Promise((resolve) => relay.server.close(resolve));
    await relay.close();
    own?.remove();
  }

  const stopAll = () => Promise.all([...running.keys()].map(stop));

  beforeAll(async () => {
    tg = await startTelegramStandIn(standInOptions);
  });
  afterAll(() => tg?.close());

  return {
    get tg(): StandIn {
      return standIn();
    },
    logs,
    start,
    stop,
    stopAll,
  };
}

export interface RelayPerTest {
  readonly tg: StandIn;
  /** The relays' log lines, this test's. */
  logs: string[];
  /** This test's lead store file. */
  readonly db: LeadsDb;
  /** Starts a relay on this test's lead store (a restart is another `start` after `stop`). */
  start(options?: RelayOptions): Promise<RunningRelay>;
  /** Stops a relay this test started (any left running stop after the test). */
  stop(relay: RunningRelay): Promise<void>;
}

export function relayPerTest({ standIn }: { standIn?: StandInOptions } = {}): RelayPerTest {
  const base = standInAndRelays(standIn);
  let db: LeadsDb | undefined;
  beforeEach(() => {
    db = tempLeadsDb();
    base.logs.length = 0;
  });
  afterEach(async () => {
    await base.stopAll();
    base.tg.reset();
    db?.remove();
  });
  return {
    get tg() {
      return base.tg;
    },
    logs: base.logs,
    get db() {
      return db!;
    },
    start: (options = {}) => base.start(db!, options),
    stop: base.stop,
  };
}

export interface RelayPerFile {
  readonly tg: StandIn;
  /** The relay's log lines, the whole file's. */
  logs: string[];
  /** The file's relay. */
  readonly relay: RunningRelay;
  /** Another relay for one test, on a lead store of its own; stopped after the test. */
  startAnother(options?: Omit<RelayOptions, "ownStore">): Promise<RunningRelay>;
}

export function relayPerFile({
  standIn,
  ...options
}: RelayOptions & { standIn?: StandInOptions } = {}): RelayPerFile {
  const base = standInAndRelays(standIn);
  const db = tempLeadsDb();
  let relay: RunningRelay | undefined;
  const others: RunningRelay[] = [];
  beforeAll(async () => {
    relay = await base.start(db, options);
  });
  afterEach(async () => {
    await Promise.all(others.splice(0).map(base.stop));
    base.tg.reset();
  });
  afterAll(async () => {
    await base.stopAll();
    db.remove();
  });
  return {
    get tg() {
      return base.tg;
    },
    logs: base.logs,
    get relay() {
      return relay!;
    },
    async startAnother(another = {}) {
      const started = await base.start(db, { ...another, ownStore: true });
      others.push(started);
      return started;
    },
  };
}
