/**
 * `npm run relay:dev` as a newcomer runs it on a fresh clone: no local D1 yet (a new --persist-to
 * folder), no `relay:migrate` first. It migrates the local D1 itself, lists the migrations once,
 * prints no colour codes into a pipe, and answers /api/health 200; the scheduled event runs the
 * way docs/deploying.md says. wrangler and workerd run here, with nothing sent off the machine.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../src/testing/ports.ts";

let child: ChildProcess | undefined;
const persist = mkdtempSync(path.join(tmpdir(), "relay-dev-"));
afterAll(() => {
  // wrangler, its Node and workerd share the process group this test gave them.
  if (child?.pid !== undefined && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  rmSync(persist, { recursive: true, force: true });
});

describe("npm run relay:dev on a fresh clone", () => {
  it("migrates its local D1 itself and answers /api/health with 200", async () => {
    const port = await freePort();
    const args = ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", persist];
    child = spawn(process.execPath, ["--import", "tsx", "scripts/relay.ts", ...args], {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    });
    let output = "";
    child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
    await expect
      .poll(() => output, { timeout: 90_000, interval: 200, message: "wrangler dev says it is ready" })
      .toMatch(/Ready on http/);

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status, output).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, telegram: "not configured" });
    // The sweep's cron, triggered as docs/deploying.md says.
    const swept = await fetch(`http://127.0.0.1:${port}/cdn-cgi/local/scheduled?cron=*+*+*+*+*`);
    expect(swept.status, output).toBe(200);

    expect(output.match(/0001_leads\.sql/g), output).toHaveLength(1);
    const migrations = readdirSync("migrations").filter((f) => f.endsWith(".sql")).length;
    expect(output).toContain(`Applied ${migrations} of ${migrations} migrations.`);
    expect(output).not.toContain("\u001b[");
    expect(output).not.toContain('"unsafe" fields are experimental');
    expect(output).not.toContain("no such table");
  }, 150_000);
});
