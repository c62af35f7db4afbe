/**
 * `npm run relay:dev`, `relay:deploy` and `relay:migrate`: wrangler with the relay's own config
 * (relay/wrangler.toml). dev and deploy give the Worker the site's facts from content/ (siteFacts:
 * the phone, the landline, the opening hours and the pages) as its variables
 * (src/relay/worker/site-vars.ts), so the Worker names the phone the site shows, keeps its hours
 * for the reminders and morning digest, and counts call taps for its own pages and numbers only.
 * Anything after `--` goes to wrangler.
 *
 * relay:dev applies the migrations to its local D1 first, so a fresh clone's relay answers at
 * once instead of failing every request with "no such table". wrangler's colours are left out when
 * the output is not a terminal, and relay:migrate lists the migrations once (wrangler prints its
 * table again after each one).
 */
import { spawn } from "node:child_process";
import { wranglerBin } from "../src/relay/node/wrangler-d1.ts";
import { siteVars } from "../src/relay/worker/site-vars.ts";
import { migrationLines, passPlain } from "./relay-output.ts";
import { USAGE_EXIT } from "./script-args.ts";
import { readSiteFacts } from "./site-facts.ts";

export const RELAY_CONFIG = "relay/wrangler.toml";

const USAGE = `Usage: npm run relay:dev | relay:deploy | relay:migrate [-- wrangler options]
  relay:dev       the relay here (wrangler dev), its local D1 migrated first
  relay:deploy    deploy it, with the site's phone, hours and pages from content/
  relay:migrate   apply migrations/ to D1: -- --local, or -- --remote
wrangler's own options for each: npx wrangler dev --help (deploy, d1 migrations apply).`;

const [command, ...rest] = process.argv.slice(2);
if (rest[0] === "help" || rest.includes("--help") || rest.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
if (command !== "dev" && command !== "deploy" && command !== "migrate") {
  console.error(USAGE);
  process.exit(USAGE_EXIT);
}
/** wrangler's colours are for a terminal: in a log or a pipe they read as noise, or as failures. */
const env = process.stdout.isTTY ? process.env : { ...process.env, FORCE_COLOR: "0" };

if (command === "migrate") process.exit(await migrate(rest));
if (command === "dev") {
  // The local D1 of wrangler dev, where --persist-to puts it.
  const persist = rest.flatMap((a, i) =>
    a === "--persist-to" ? ["--persist-to", rest[i + 1]] : a.startsWith("--persist-to=") ? [a] : [],
  );
  const code = await migrate(["--local", ...persist]);
  if (code !== 0) {
    console.error("The local D1 could not be migrated (above); the relay did not start.");
    process.exit(code);
  }
}
const facts = readSiteFacts();
if (!facts) {
  console.error(
    "content/ (or CONTENT_DIR) could not be read: run npm run build to see what is wrong, fix it, then deploy again.",
  );
  process.exit(1);
}
const site = Object.entries(siteVars(facts)).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
const args = [wranglerBin(), command, "-c", RELAY_CONFIG, ...site, ...rest];
// On a terminal wrangler is itself (its colours, its keys); elsewhere its lines come without colours.
const terminal = process.stdout.isTTY;
const child = spawn(process.execPath, args, {
  stdio: terminal ? "inherit" : ["inherit", "pipe", "pipe"],
  env,
});
if (!terminal) passPlain(child);
// A stop sent to this process alone (a service manager, a test) reaches wrangler too.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
process.exitCode = await new Promise<number>((resolve) => child.on("close", (code) => resolve(code ?? 1)));

/**
 * `wrangler d1 migrations apply DB`, answered without a question (stdin is not a terminal), its
 * output passed through with the migrations listed once; the exit code.
 */
async function migrate(args: string[]): Promise<number> {
  const child = spawn(
    process.execPath,
    [wranglerBin(), "d1", "migrations", "apply", "DB", "-c", RELAY_CONFIG, ...args],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0" } },
  );
  let text = "";
  child.stdout.on("data", (c: Buffer) => (text += c.toString("utf8")));
  child.stderr.on("data", (c: Buffer) => (text += c.toString("utf8")));
  const code = await new Promise<number>((resolve) => child.on("close", (c) => resolve(c ?? 1)));
  for (const line of migrationLines(text)) console.log(line);
  return code;
}
