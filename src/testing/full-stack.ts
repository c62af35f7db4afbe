/**
 * Everything a visitor's lead passes through, for a test file: the Telegram stand-in, the
 * Node relay on a lead store of its own (relayPerFile), the built site served with that relay
 * (as `npm run serve` does), and the worker's Chromium. The relay's clock is `clock` (running:
 * real time plus however far the test moved it), so a time trap or a retry passes by moving
 * it, not by sleeping. Ready before the file's tests; the stand-in is reset after each test;
 * all of it stops after the file.
 */
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { testClock, type TestClock } from "../relay/testing/clock.ts";
import {
  relayPerFile,
  type RelayOptions,
  type RelayPerFile,
  type RunningRelay,
} from "../relay/testing/relay-stack.ts";
import { releaseTestBrowser, testBrowser } from "./browser.ts";
import { startSite } from "./site.ts";

type Site = Awaited<ReturnType<typeof startSite>>;

export interface FullStackOptions extends Omit<RelayOptions, "now" | "ownStore"> {
  /** The spam checks on (SPAM_CHECKS=on); off by default, as a script that skips them posts. */
  spam?: boolean;
  /** The worker's Chromium (default true). */
  browser?: boolean;
}

export interface FullStack extends RelayPerFile {
  readonly site: Site;
  /** The worker's Chromium; the file's contexts close after it. */
  readonly browser: Browser;
  /** The relay's clock. */
  clock: TestClock;
  /**
   * For one test: another relay (on a store of its own, with these settings) and the site served with it;
   * both stop after the test.
   */
  anotherSite(options?: FullStackOptions): Promise<{ relay: RunningRelay; site: Site }>;
}

export function withFullStack({
  spam = false,
  browser: wantBrowser = true,
  env = {},
  ...options
}: FullStackOptions = {}): FullStack {
  const clock = testClock("running");
  const spamChecks = (on: boolean, more: Record<string, string>) => ({
    SPAM_CHECKS: on ? "on" : "off",
    ...more,
  });
  const relays = relayPerFile({ ...options, env: spamChecks(spam, env), now: clock.now });
  let site: Site | undefined;
  let browser: Browser | undefined;
  const otherSites: Site[] = [];
  beforeAll(async () => {
    [site, browser] = await Promise.all([
      startSite({ relay: relays.relay.relay }),
      wantBrowser ? testBrowser() : undefined,
    ]);
  });
  afterEach(async () => {
    await Promise.all(otherSites.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await releaseTestBrowser(browser);
    await site?.close();
  });
  return {
    get tg() {
      return relays.tg;
    },
    logs: relays.logs,
    get relay() {
      return relays.relay;
    },
    startAnother: relays.startAnother,
    get site() {
      return site!;
    },
    get browser() {
      if (!browser) throw new Error("withFullStack({ browser: false }) starts no browser");
      return browser;
    },
    clock,
    async anotherSite({ spam: otherSpam = false, env: otherEnv = {}, browser: _, ...other } = {}) {
      const relay = await relays.startAnother({
        ...other,
        env: spamChecks(otherSpam, otherEnv),
        now: clock.now,
      });
      const another = await startSite({ relay: relay.relay });
      otherSites.push(another);
      return { relay, site: another };
    },
  };
}
