/**
 * The arguments of `npm run leads`, read with node:util's parseArgs and checked before the store is opened.
 */
import { parseArgs } from "node:util";
import { WRANGLER_CONFIG } from "../../src/relay/node/wrangler-d1.ts";
import { STAGE_KEYS, WAITING, type Stage } from "../../src/relay/telegram/stages.ts";
import { LEAD_STATUSES, type LeadStatus } from "../../src/relay/leads/lead.ts";
import { escapeTerminal } from "../../src/shared/escape.ts";
import { fail, shown } from "./fail.ts";

const STAGE_WORDS = [WAITING, ...STAGE_KEYS];

export const USAGE = `Usage:
  npm run leads                          recent leads as a table, with their stage
  npm run leads -- list [--json] [--spam] [--status ${LEAD_STATUSES.join("|")}] [--stage ${STAGE_WORDS.join("|")}] [--limit N]
                                         --spam: what was held back, spam (stopped by the spam check) and
                                         unconfirmed (sent without script, waiting for the visitor's second Send)
  npm run leads -- show ID               one lead in full: its stages, where it came from, its notice
  npm run leads -- resend ID
  npm run leads -- erase ID | --email ADDRESS
                                         a visitor forgotten on request: the lead's personal data (or that of
                                         every lead with this address) erased now; the relay then edits its
                                         messages in Telegram to say so
  npm run leads -- export --format csv > leads.csv
  npm run leads -- report [--month YYYY-MM] [--json]
                                         a month in figures (this month by default, Brisbane time): leads per week
                                         by form and stage, time to Called in business hours, what each page and
                                         source brought
The Worker relay's D1 (through wrangler), the local one of wrangler dev or with --remote the deployed one:
  npm run leads -- --d1 [--remote] [--config ${WRANGLER_CONFIG}] [--persist-to DIR] list|show|resend|erase|export|report ...`;

function readFlags(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        json: { type: "boolean", default: false },
        spam: { type: "boolean", default: false },
        status: { type: "string" },
        stage: { type: "string" },
        month: { type: "string" },
        email: { type: "string" },
        limit: { type: "string", default: "50" },
        format: { type: "string", default: "csv" },
        d1: { type: "boolean", default: false },
        remote: { type: "boolean", default: false },
        config: { type: "string" },
        "persist-to": { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    // parseArgs names the option it did not know, as typed.
    fail(`${escapeTerminal((error as Error).message)}\n${USAGE}`);
  }
}

export type Flags = ReturnType<typeof readFlags>["values"];

export interface LeadsArgs {
  command: string;
  id: string | undefined;
  flags: Flags;
  limit: number;
  stageFilter: Stage | typeof WAITING | undefined;
  month: string | undefined;
  /** --config, or the relay's own wrangler configuration. */
  config: string;
}

/** The command, its id and options; --help and a malformed value end it here (fail). */
export function leadsArgs(args: readonly string[]): LeadsArgs {
  const { values: flags, positionals } = readFlags(args);
  const [command = "list", id] = positionals;
  if (flags.help) fail(USAGE, 0);
  const limit = /^[1-9]\d{0,8}$/.test(flags.limit)
    ? Number(flags.limit)
    : fail(shown`--limit takes a whole number of leads, not ${flags.limit}.`);
  const stageFilter = flags.stage === undefined ? undefined : stageWord(flags.stage);
  const month =
    flags.month === undefined || /^\d{4}-(0[1-9]|1[0-2])$/.test(flags.month)
      ? flags.month
      : fail(shown`--month takes a month as YYYY-MM, e.g. 2026-11, not ${flags.month}.`);
  return { command, id, flags, limit, stageFilter, month, config: flags.config ?? WRANGLER_CONFIG };
}

export function status(value: string): LeadStatus {
  if ((LEAD_STATUSES as readonly string[]).includes(value)) return value as LeadStatus;
  fail(shown`Unknown status ${value}: one of ${LEAD_STATUSES.join(", ")}.`);
}

function stageWord(value: string): Stage | typeof WAITING {
  if ((STAGE_WORDS as readonly string[]).includes(value)) return value as Stage | typeof WAITING;
  fail(shown`Unknown stage ${value}: one of ${STAGE_WORDS.join(", ")}.`);
}

export function need(value: string | undefined): string {
  if (!value) fail(`Give a lead id.\n${USAGE}`);
  return value;
}
