/**
 * The Node relay started in a process of its own (relay-process.ts), for e2e
 * tests that kill it with SIGKILL and start it again on the same store: its
 * settings are `env` over this process's environment, its stderr is this
 * process's, and it resolves once the relay prints the address it listens at.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { startEmailStandIn, TEST_FROM, type EmailStandIn } from "./email-stand-in.ts";
import { tempLeadsDb, UNPACED } from "./leads.ts";
import { startTelegramStandIn, type StandIn } from "./telegram-stand-in.ts";

export interface RelayChild {
  url: string;
  child: ChildProcess;
  exited: Promise<unknown>;
}

/** Starts the relay process; `children` collects it, for the test to kill afterwards. */
export async function startRelayChild(
  env: Record<string, string>,
  children: ChildProcess[],
): Promise<RelayChild> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/relay/testing/relay-process.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("the relay process did not print its address within 20 s")),
      20_000,
    );
    lines.on("line", (line) => {
      if (!line.startsWith("{")) return;
      clearTimeout(timer);
      resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once("exit", (code) => reject(new Error(`the relay process exited (${code}) before listening`)));
  });
  return { url, child, exited };
}

export interface CrashBench {
  readonly tg: StandIn;
  readonly resend: EmailStandIn;
  /** This test's lead store. */
  readonly db: ReturnType<typeof tempLeadsDb>;
  /** A relay process on this test's store, with both stand-ins: `env` over the bench's settings. */
  start(env?: Record<string, string>): Promise<RelayChild>;
}

/**
 * What a crash test of the relay with Telegram and email stands on: both stand-ins for the file, a
 * lead store for each test, and the processes it started killed after it. Each process has spam
 * checks off, short waits, and `settings` over them.
 */
export function crashBench(settings: Record<string, string>): CrashBench {
  let tg: StandIn;
  let resend: EmailStandIn;
  let db: ReturnType<typeof tempLeadsDb>;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    tg = await startTelegramStandIn();
    resend = await startEmailStandIn({ requestsPerSecond: 1_000 });
  });
  afterAll(async () => {
    await tg.close();
    await resend.close();
  });
  beforeEach(() => {
    db = tempLeadsDb();
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill("SIGKILL");
    tg.reset();
    resend.reset();
    db.remove();
  });
  const start = (env: Record<string, string> = {}) =>
    startRelayChild(
      {
        TELEGRAM_BOT_TOKEN: tg.token,
        TELEGRAM_CHAT_ID: tg.chatId,
        TELEGRAM_API_BASE: tg.apiBase,
        ...UNPACED,
        EMAIL_API_KEY: resend.apiKey,
        EMAIL_FROM: TEST_FROM,
        OWNER_EMAIL: "owner@example.com.au",
        EMAIL_API_URL: resend.apiUrl,
        LEADS_DB: db.file,
        SPAM_CHECKS: "off",
        RATE_LIMIT_PER_MINUTE: "10000",
        TEST_ATTEMPT_TIMEOUT_MS: "2000",
        ...settings,
        ...env,
      },
      children,
    );
  return {
    get tg() {
      return tg;
    },
    get resend() {
      return resend;
    },
    get db() {
      return db;
    },
    start,
  };
}
