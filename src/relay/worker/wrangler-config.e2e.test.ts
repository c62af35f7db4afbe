/**
 * The relay's wrangler configuration lives in relay/, apart from the static
 * site (decision 0042). wrangler looks for wrangler.json, wrangler.jsonc or
 * wrangler.toml in the folder it runs in and each folder above it, never
 * below, and reads .dev.vars beside the configuration it found (or in the
 * folder it runs in). So `wrangler pages dev dist` and `wrangler pages deploy
 * dist`, run from the repository root as the README deploys the site, must
 * find no configuration at all. Here the installed wrangler serves the built
 * site from the repository root and its printed bindings are read; nothing
 * leaves the machine.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DIST_DIR } from "../../testing/dist-dir.ts";
import { freePort } from "../../testing/ports.ts";
import { wranglerBin } from "../node/wrangler-d1.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const RELAY_CONFIG = path.join(ROOT, "relay/wrangler.toml");
/** What the relay binds (relay/wrangler.toml and its secrets): none of it belongs to the site. */
const RELAY_BINDINGS =
  /\benv\.(DB|LEADS_QUEUE|RATE_LIMITER|CF_VERSION_METADATA|ALLOWED_ORIGINS|SITE_PHONE|LEADS_RETENTION_DAYS|SPAM_KEY|TELEGRAM_\w+)\b/;
// eslint-disable-next-line no-control-regex -- removing wrangler's colours is the point
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");

const children: ChildProcess[] = [];
const dirs: string[] = [];
/** Ends wrangler and everything it started (its own Node, workerd): they share its process group. */
function stop(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}
afterEach(() => {
  for (const child of children.splice(0)) stop(child, "SIGKILL");
});
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * `wrangler pages dev DIST --port PORT` in the repository root, until it says it is ready (or
 * exits, or a minute and a half passes); then stopped. Its output, without colours.
 */
async function pagesDev(): Promise<{ output: string; status: number }> {
  const port = await freePort();
  const persist = mkdtempSync(path.join(tmpdir(), "pages-dev-"));
  dirs.push(persist);
  const child = spawn(
    process.execPath,
    [
      wranglerBin(),
      "pages",
      "dev",
      DIST_DIR,
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      persist,
    ],
    {
      cwd: ROOT,
      // Its own process group, so that stopping it stops workerd too.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      // No telemetry, and no fetch of Cloudflare's Request.cf data: everything here is local.
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    },
  );
  children.push(child);
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ready = new Promise<void>((resolve) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (/Ready on http/.test(plain(output))) resolve();
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
  });
  const timedOut = new Promise<void>((resolve) => setTimeout(resolve, 90_000).unref());
  await Promise.race([ready, exited, timedOut]);
  let status = 0;
  if (/Ready on http/.test(plain(output)))
    status =
      (
        await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(20_000) }).catch(
          () => undefined,
        )
      )?.status ?? 0;
  stop(child, "SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  stop(child, "SIGKILL");
  return { output: plain(output), status };
}

describe("the relay's wrangler configuration, apart from the site", () => {
  it("is relay/wrangler.toml, with none in the repository root or above it, where wrangler pages looks", () => {
    for (let dir = ROOT; ; dir = path.dirname(dir)) {
      for (const name of ["wrangler.toml", "wrangler.json", "wrangler.jsonc"])
        expect(existsSync(path.join(dir, name)), path.join(dir, name)).toBe(false);
      if (path.dirname(dir) === dir) break;
    }
    const toml = readFileSync(RELAY_CONFIG, "utf8");
    // Its paths are relative to relay/: the Worker the tests bundle, the migrations the Node store runs.
    const main = /^main = "(.+)"$/m.exec(toml)?.[1];
    expect(main && path.resolve(path.dirname(RELAY_CONFIG), main)).toBe(
      path.join(ROOT, "src/relay/worker/worker.ts"),
    );
    const migrations = /^migrations_dir = "(.+)"$/m.exec(toml)?.[1];
    expect(migrations && path.resolve(path.dirname(RELAY_CONFIG), migrations)).toBe(
      path.join(ROOT, "migrations"),
    );
    expect(toml).not.toMatch(/^pages_build_output_dir/m);
  });

  it("has npm scripts that name it, and keeps its local secrets and state out of git", () => {
    const scripts = (
      JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
    ).scripts;
    // dev, deploy and migrate go through scripts/relay.ts, which names the config (and for dev and
    // deploy adds the site's hours).
    expect(scripts["relay:dev"]).toBe("tsx --tsconfig tsconfig.base.json scripts/relay.ts dev");
    expect(scripts["relay:deploy"]).toBe("tsx --tsconfig tsconfig.base.json scripts/relay.ts deploy");
    expect(readFileSync(path.join(ROOT, "scripts/relay.ts"), "utf8")).toContain(
      'RELAY_CONFIG = "relay/wrangler.toml"',
    );
    expect(scripts["relay:migrate"]).toBe("tsx --tsconfig tsconfig.base.json scripts/relay.ts migrate");
    // wrangler reads .dev.vars beside the configuration, and keeps its local D1 and Queue in .wrangler/
    // there.
    for (const file of ["relay/.dev.vars", "relay/.wrangler/state/v3/d1/db.sqlite"]) {
      expect(
        spawnSync("git", ["check-ignore", "-q", file], { cwd: ROOT }).status,
        `${file} is git-ignored`,
      ).toBe(0);
    }
  });

  it("is not what `wrangler pages dev dist` binds when run from the repository root", async () => {
    const { output, status } = await pagesDev();
    // The bindings table was printed (Pages' own variables are always in it), and the site served.
    expect(output, output).toMatch(/\benv\.CF_PAGES\b/);
    expect(status, output).toBe(200);
    expect(output, output).not.toMatch(RELAY_BINDINGS);
    expect(output).not.toMatch(/wrangler\.(toml|jsonc?)\b/);
    expect(output).not.toContain("Using secrets defined in");
  }, 150_000);
});
