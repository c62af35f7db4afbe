/**
 * What `npm run leads` (scripts/leads.ts) does, as a function of its arguments, its
 * environment (LEADS_DB, BUSINESS_HOURS; wrangler's with --d1), the site's facts from content/
 * (site-facts.ts: its clock, hours and pages) and where it writes:
 * the script hands it its own, tests run it in-process.
 *
 * What visitors typed is printed with terminal controls and bidirectional
 * marks shown as escapes (escapeTerminal); --json and the CSV carry it exactly.
 *
 * Its parts, in scripts/leads/: the arguments (args.ts), the store (store.ts), one file
 * per command (list, show, resend, erase, export, report), the lead as shown (view.ts) and the
 * output's shapes (output.ts).
 */
import { escapeTerminal } from "../src/shared/escape.ts";
import { leadsArgs, USAGE, type LeadsArgs } from "./leads/args.ts";
import type { Command } from "./leads/command.ts";
import { erase } from "./leads/erase.ts";
import { exportLeads } from "./leads/export.ts";
import { Exit, fail, shown } from "./leads/fail.ts";
import { list } from "./leads/list.ts";
import { output } from "./leads/output.ts";
import { report } from "./leads/report.ts";
import { resend } from "./leads/resend.ts";
import { show } from "./leads/show.ts";
import { openStore } from "./leads/store.ts";
import type { D1SqlOpener } from "../src/relay/node/wrangler-d1.ts";
import type { ScriptIo } from "./script-io.ts";
import { readSiteFacts } from "./site-facts.ts";
import { contentDirOf } from "../src/build/content/content-dir.ts";
import { siteInUse } from "../src/relay/site.ts";
import { USAGE_EXIT } from "./script-args.ts";

const COMMANDS = new Map<string, Command>([
  ["list", list],
  ["show", show],
  ["resend", resend],
  ["erase", erase],
  ["export", exportLeads],
  ["report", report],
]);

/**
 * Runs one `npm run leads` command and answers its exit code: 0, 2 for a mistake in how it was
 * called, or 1 with what was wrong on stderr. An error it does not expect (a store file that
 * cannot be opened) is thrown, as the script would crash with it.
 */
export async function runLeads(
  args: readonly string[],
  io: ScriptIo,
  { openD1 }: { openD1?: D1SqlOpener } = {},
): Promise<number> {
  try {
    await execute(args, io, openD1);
    return 0;
  } catch (error) {
    if (!(error instanceof Exit)) throw error;
    (error.code ? io.stderr : io.stdout).write(`${error.message}\n`);
    return error.code;
  }
}

async function execute(argv: readonly string[], io: ScriptIo, openD1?: D1SqlOpener): Promise<void> {
  const args = leadsArgs(argv);
  const { store, close, d1 } = openStore(args, io.env, openD1);
  try {
    const command = COMMANDS.get(args.command);
    if (!command) fail(`${shown`Unknown command ${args.command}.`}\n${USAGE}`, USAGE_EXIT);
    const site = readSiteFacts(contentDirOf(io.env));
    const { clock } = siteInUse({}, site).hours;
    await command({ args, store, d1, out: output(io), env: io.env, site, clock });
  } catch (error) {
    if (error instanceof Exit) throw error;
    fail(storeError(error as Error, args));
  } finally {
    close();
  }
}

/** A store that cannot be read, or wrangler's own message (a D1 without its tables, a login needed). */
function storeError({ message }: Error, { flags, config }: LeadsArgs): string {
  const where = flags.remote
    ? "--remote"
    : `--local${flags["persist-to"] === undefined ? "" : ` --persist-to ${flags["persist-to"]}`}`;
  const hint = /no such table/.test(message)
    ? shown`\nApply the migrations first: npx wrangler d1 migrations apply DB ${where} --config ${config}`
    : "";
  return escapeTerminal(message, { keepNewlines: true }) + hint;
}
