/**
 * The bot token and chat id live only in the relay's environment: a build with them set must not carry them
 * anywhere.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const TOKEN = "987654321:SENTINEL-token-must-not-ship_0123456789";
const CHAT_ID = "-100555000555";
const out = path.join(mkdtempSync(path.join(tmpdir(), "forms-secrets-")), "dist");
afterAll(() => rmSync(path.dirname(out), { recursive: true, force: true }));

describe("a build with TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID in its environment", () => {
  it("writes neither anywhere in its output", () => {
    // A fresh process, so anything that reads the environment at import time sees the sentinels too.
    execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `import("./src/build/build.ts").then((m) => m.build({ outDir: ${JSON.stringify(out)} }))`,
      ],
      {
        env: {
          ...process.env,
          TELEGRAM_BOT_TOKEN: TOKEN,
          TELEGRAM_CHAT_ID: CHAT_ID,
          TELEGRAM_API_BASE: "https://api.telegram.org",
        },
        stdio: "pipe",
      },
    );
    const files = readdirSync(out, { recursive: true, encoding: "utf8" })
      .map((f) => path.join(out, f))
      .filter((f) => statSync(f).isFile());
    expect(files.length).toBeGreaterThan(39);
    const leaks = [];
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const secret of [TOKEN, TOKEN.split(":")[1], CHAT_ID])
        if (bytes.includes(secret))
          leaks.push(`${path.relative(out, file)} holds ${secret === CHAT_ID ? "the chat id" : "the token"}`);
    }
    expect(leaks).toEqual([]);
  }, 120_000);
});
