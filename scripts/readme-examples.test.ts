/**
 * Every command the README shows, as a newcomer on a fresh clone would type it: each names a
 * script package.json has, and each that changes nothing outside a temporary copy runs, here in
 * this process (new-suburb on a copy of content/, leads on a store of its own), and succeeds.
 * The others are listed below with the test that runs them, or why none can; a command the README
 * gains that is neither run nor listed fails this test. (The README's `npm run new-suburb -- "Upper
 * Kedron" 4055` once said Upper Kedron already exists.)
 */
import { readFileSync, rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuoteBody } from "../src/relay/testing/services.ts";
import { quoteNotices } from "../src/relay/telegram/notice.ts";
import { tempLeadStore } from "../src/relay/testing/leads.ts";
import { contentCopy } from "../src/testing/new-suburb.ts";
import { runNewSuburb } from "./new-suburb-cli.ts";
import { capturedIo } from "./script-io.ts";
import { leadsInProcess } from "./testing/leads-run.ts";
import { CLOCK } from "../src/relay/testing/business.ts";

const README = readFileSync("README.md", "utf8");
const SCRIPTS = Object.keys(
  (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts,
);

/** Commands not run here, and where they are run or why they cannot be. */
const NOT_RUN: [RegExp, string][] = [
  [/^npm ci\b/, "installs: .ci/run does it on a fresh clone"],
  [
    /^npm (start|run (build|serve|dev))\b/,
    "the e2e tests build and serve (global-setup, serve.e2e, dev-server.e2e)",
  ],
  [/^npm (test|run (test:unit|typecheck|lint))\b/, "the checks themselves, run by .ci/run"],
  [/^npm run telegram\b/, "asks Telegram: scripts/telegram.e2e.test.ts runs it against the stand-in"],
  [
    /^npm run relay:/,
    "wrangler: scripts/relay.e2e.test.ts runs relay:dev; deploy and --remote need an account",
  ],
  [/^npm run leads -- --d1\b/, "wrangler's D1: scripts/leads-d1.e2e.test.ts runs it"],
  [/^npm run (screenshots|brand-images|bench|bench:\w+|audit)$/, "measurements: minutes of Chromium"],
];

/**
 * `npm run X -- args` and `npm start` as the README writes them, in code spans and code blocks;
 * a span `-- args` or a bare script name continues the `npm run` before it on its line or item.
 */
function readmeCommands(): string[] {
  const found: string[] = [];
  for (const block of README.split(/\n(?=- |\n)/)) {
    let script: string | undefined;
    const spans = [...block.matchAll(/```sh\n([\s\S]*?)```|`([^`\n]+)`/g)].flatMap((m) =>
      m[1] ? m[1].split("\n").flatMap((l) => l.replace(/#.*/, "").split("&&")) : [m[2]],
    );
    for (const raw of spans.map((s) => s.trim())) {
      const npm = /^npm (?:run ([\w:-]+)|(start|test|ci))(?: (--.*))?$/.exec(raw);
      if (npm) {
        script = npm[1] ?? npm[2];
        found.push(raw);
      } else if (script && raw.startsWith("-- ")) found.push(`npm run ${script} ${raw}`);
      else if (script && SCRIPTS.includes(raw)) found.push(`npm run ${raw}`);
    }
  }
  return [...new Set(found.flatMap(variants))];
}

/** "a [b] c" as "a c" and "a b c": each optional part left out and written. */
function variants(command: string): string[] {
  const optional = /\s?\[([^\]]+)\]/.exec(command);
  if (!optional) return [command];
  const before = command.slice(0, optional.index);
  const after = command.slice(optional.index + optional[0].length);
  return [...variants(before + after), ...variants(`${before} ${optional[1]}${after}`)];
}

/** The arguments after `--`, split as a shell splits them, up to a redirection. */
function argsOf(command: string): string[] {
  const rest = command.split(" -- ")[1] ?? "";
  return [...rest.replace(/\s*>.*$/, "").matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);
}

let leads: ReturnType<typeof tempLeadStore>;
const ID = "lead-readme";
beforeAll(async () => {
  leads = tempLeadStore();
  const body = QuoteBody.parse({ name: "Read Me", email: "readme@example.com" });
  await leads.store.add({
    id: ID,
    form: "quote",
    fields: body,
    parts: quoteNotices(body, new Date(), { clock: CLOCK }),
    receivedAt: Date.now(),
    status: "pending",
  });
});
afterAll(() => leads.remove());

describe("the README's commands", () => {
  const commands = readmeCommands();

  it("are found, each naming a script package.json has", () => {
    expect(commands).toContain('npm run new-suburb -- "Ferny Grove" 4055');
    expect(commands.length).toBeGreaterThan(20);
    for (const command of commands) {
      const script = /^npm run ([\w:-]+)/.exec(command)?.[1];
      if (script) expect(SCRIPTS, command).toContain(script);
    }
  });

  it.each(commands.filter((c) => !NOT_RUN.some(([re]) => re.test(c))).map((c) => [c]))(
    "%s runs on a fresh clone",
    async (command) => {
      const args = argsOf(command).map((a) => (a === "ID" ? ID : a));
      if (command.startsWith("npm run new-suburb")) {
        const dir = contentCopy();
        const io = capturedIo({ CONTENT_DIR: dir });
        expect(runNewSuburb(args, io), io.printed.stderr).toBe(0);
        rmSync(dir, { recursive: true, force: true });
      } else if (command.startsWith("npm run leads")) {
        const run = await leadsInProcess(args, { LEADS_DB: leads.file, PORT: "1" });
        expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
      } else throw new Error(`${command}: run it here, or list it in NOT_RUN with the test that runs it`);
    },
  );
});
