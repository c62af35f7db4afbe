/**
 * A lead store in a fresh temporary folder, and relay settings that point at the Telegram stand-in (spam
 * check off, sending unpaced, unless asked for).
 */
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { serverConfig, type ServerConfig } from "../node/config.ts";
import { openLeadStore } from "../node/sqlite.ts";
import type { StandIn } from "./telegram-stand-in.ts";

/**
 * A store file with every migration applied, made once per process: a test's store starts as a copy of
 * it, as a relay restarted on its own file does, rather than applying the migrations again (about 25 ms
 * of CPU a store, and the unit tests open a few hundred). A relay still applies them to a new file
 * (delivery.test.ts's store-file test, and this store itself), and migrations.test.ts to stores an older
 * relay left.
 */
let migrated: string | undefined;
function migratedStore(): string {
  if (migrated === undefined) {
    const dir = mkdtempSync(path.join(tmpdir(), "leads-migrated-"));
    openLeadStore(path.join(dir, "leads.sqlite")).close();
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    migrated = path.join(dir, "leads.sqlite");
  }
  return migrated;
}

/** A migrated lead store's file in a temporary folder of its own. */
export function tempLeadsDb(): { file: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "leads-"));
  // As openLeadStore makes them: the folder only the relay's user can enter, the file only it can read.
  mkdirSync(path.join(dir, "data"), { mode: 0o700 });
  copyFileSync(migratedStore(), path.join(dir, "data", "leads.sqlite"));
  chmodSync(path.join(dir, "data", "leads.sqlite"), 0o600);
  return {
    file: path.join(dir, "data", "leads.sqlite"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export function tempLeadStore() {
  const db = tempLeadsDb();
  const opened = openLeadStore(db.file);
  return { ...opened, remove: () => (opened.close(), db.remove()) };
}

/**
 * Business hours that never open: no reminder or morning digest joins a test's notices, whatever the
 * time of day the test runs at (tests of those set their own hours).
 */
export const NEVER_OPEN = JSON.stringify([
  { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] },
]);

/**
 * A relay that sends as soon as it can and a notice for every lead, however many come: what a test
 * of anything but pacing and floods wants against a stand-in that allows bursts (the default one).
 * The tests of pacing give a strict stand-in and TELEGRAM_PACE=on.
 */
export const UNPACED = { TELEGRAM_PACE: "off", FLOOD_LEADS_PER_MINUTE: "0" } as const;

export function standInConfig(tg: StandIn, file: string, env: Record<string, string> = {}): ServerConfig {
  return serverConfig({
    TELEGRAM_BOT_TOKEN: tg.token,
    TELEGRAM_CHAT_ID: tg.chatId,
    TELEGRAM_API_BASE: tg.apiBase,
    RATE_LIMIT_PER_MINUTE: "1000",
    LEADS_DB: file,
    SPAM_CHECKS: "off",
    BUSINESS_HOURS: NEVER_OPEN,
    ...UNPACED,
    ...env,
  });
}

/**
 * Waits for `done` (a hook such as NodeRelay.drained or StandIn.idle) at most `ms`, then fails naming what it
 * waited for.
 */
export async function within<T>(done: Promise<T>, what: string, ms = 10_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${what}`)), ms)),
  );
  try {
    return await Promise.race([done, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Polls `check` until it holds, at most `ms`, then fails naming what it waited for: for a state with no hook
 * to wait on.
 */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  ms = 15_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
