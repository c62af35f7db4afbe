/**
 * `npm run telegram -- webhook URL` as a process, against the Telegram
 * stand-in: an address Telegram would refuse (not https:, or another port
 * than 443, 80, 88 or 8443: https://core.telegram.org/bots/api#setwebhook) is
 * refused before Telegram is asked; an accepted one reaches setWebhook.
 */
import { spawn } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTelegramStandIn, type StandIn } from "../src/relay/testing/telegram-stand-in.ts";
import { UNPACED } from "../src/relay/testing/leads.ts";

let tg: StandIn;
beforeAll(async () => {
  tg = await startTelegramStandIn();
});
afterAll(() => tg.close());
afterEach(() => tg.reset());

/** The script's output and exit code, killed if it has not ended in 20 s. */
function telegramScript(args: readonly string[]): Promise<{ output: string; status: number | null }> {
  const env = {
    ...process.env,
    TELEGRAM_BOT_TOKEN: tg.token,
    TELEGRAM_CHAT_ID: tg.chatId,
    TELEGRAM_API_BASE: tg.apiBase,
    ...UNPACED,
  };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/telegram.ts", ...args], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("close", (status) => {
      clearTimeout(timer);
      // Lines wrapped for an 80-column terminal read as one again.
      resolve({ output: output.replace(/\n {2,}/g, " "), status });
    });
  });
}

describe("npm run telegram -- webhook URL", () => {
  it("refuses an http: address and an https: one on another port, naming what Telegram takes, without asking Telegram", async () => {
    const runs = await Promise.all(
      ["http://relay.example.com.au/api/telegram", "https://relay.example.com.au:3000/api/telegram"].map(
        (url) => telegramScript(["webhook", url]),
      ),
    );
    for (const run of runs) {
      expect(run.status).toBe(1);
      expect(run.output).toContain(
        "Telegram takes a webhook only at an https: address on port 443, 80, 88 or 8443",
      );
    }
    expect(tg.webhook).toBeUndefined();
  });

  it("answers an option it does not take with the usage, not a stack trace", async () => {
    const run = await telegramScript(["webhook", "--bogus"]);
    expect(run.status).toBe(2);
    expect(run.output).toContain("Unknown option --bogus.");
    expect(run.output).toContain("npm run telegram -- webhook --delete");
    expect(run.output).not.toMatch(/\n\s+at /);
    expect(tg.webhook).toBeUndefined();
  });

  it("sets an https: address on port 443 (said or not) or 8443", async () => {
    for (const url of [
      "https://relay.example.com.au/api/telegram",
      "https://relay.example.com.au:443/api/telegram",
      "https://relay.example.com.au:8443/api/telegram",
    ]) {
      const run = await telegramScript(["webhook", url]);
      expect(run.status, run.output).toBe(0);
      expect(run.output).toContain("Telegram answered: ok (Webhook was set).");
      expect(tg.webhook?.url).toBe(url);
    }
  });
});
