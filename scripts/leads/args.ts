/**
 * The arguments of `npm run leads`, read as every script reads them (scripts/script-args.ts, decision
 * 0082) and checked before the store is opened: each command takes its own options and arguments.
 */
import { WRANGLER_CONFIG } from "../../src/relay/node/wrangler-d1.ts";
import { STAGE_KEYS, WAITING, type Stage } from "../../src/relay/leads/stages.ts";
import { LEAD_STATUSES, type LeadStatus } from "../../src/relay/leads/lead.ts";
import { escapeTerminal } from "../../src/shared/escape.ts";
import { readArgs, USAGE_EXIT } from "../script-args.ts";
import { fail } from "./fail.ts";

const STAGE_WORDS = [WAITING, ...STAGE_KEYS];

export const USAGE = `Usage: npm run leads [-- COMMAND [options]]
  list [--wide] [--json] [--spam] [--status S] [--stage S] [--limit N]
          recent leads, newest first (the default command); --wide: every column
          --spam: what was held back, spam and unconfirmed posts
          --status ${LEAD_STATUSES.join("|")}
          --stage ${STAGE_WORDS.join("|")}
  show ID [--json]       one lead in full: stages, where it came from, notice
  resend ID              send it again; one already delivered goes as a copy
  erase ID | --email ADDRESS
          a visitor forgotten on request: the lead's personal data (or that of
          every lead with this address) erased now; the relay then edits its
          messages in Telegram to say so
  export --format csv    every lead, for a spreadsheet: ... > leads.csv
  report [--month YYYY-MM] [--json]
          a month in figures (this month by default, on the business's clock)
An ID may be the short one the list shows. The Worker relay's D1, by wrangler
(the local one of relay:dev, or --remote the deployed one):
  npm run leads -- --d1 [--remote] [--config FILE] [--persist-to DIR] COMMAND`;

/**
 * Each command's own options and how many arguments it takes; --d1 and its kin go with any. A
 * command that takes one argument needs it (a lead id), or the option `instead` in its place.
 */
const COMMAND_OPTIONS: Record<
  string,
  { options: string[]; most: number; instead?: { option: keyof typeof OPTIONS; shown: string } }
> = {
  list: { options: ["json", "spam", "status", "stage", "limit", "wide"], most: 0 },
  show: { options: ["json"], most: 1 },
  resend: { options: [], most: 1 },
  erase: { options: ["email"], most: 1, instead: { option: "email", shown: "--email ADDRESS" } },
  export: { options: ["format"], most: 0 },
  report: { options: ["month", "json"], most: 0 },
};
const STORE_OPTIONS = ["d1", "remote", "config", "persist-to"];

const OPTIONS = {
  json: { type: "boolean" },
  spam: { type: "boolean" },
  wide: { type: "boolean" },
  status: { type: "string" },
  stage: { type: "string" },
  month: { type: "string" },
  email: { type: "string" },
  limit: { type: "string" },
  format: { type: "string" },
  d1: { type: "boolean" },
  remote: { type: "boolean" },
  config: { type: "string" },
  "persist-to": { type: "string" },
} as const;

export type Flags = {
  [K in keyof typeof OPTIONS]: (typeof OPTIONS)[K]["type"] extends "boolean" ? boolean : string | undefined;
};

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

/** A mistake in how the command was called: the line, then the usage, exit code 2. */
const usageMistake = (line: string): never => fail(`${escapeTerminal(line)}\n${USAGE}`, USAGE_EXIT);

/** The command, its id and options; help and a mistake in how it was called end it here (fail). */
export function leadsArgs(args: readonly string[]): LeadsArgs {
  const read = readArgs(args, { options: OPTIONS, usage: USAGE, most: 2 });
  if ("code" in read) fail(read.text, read.code);
  const { values, positionals } = read;
  const [command = "list", ...rest] = positionals;
  const own = COMMAND_OPTIONS[command];
  if (!own) usageMistake(`Unknown command ${command}: one of ${Object.keys(COMMAND_OPTIONS).join(", ")}.`);
  if (rest.length > own.most) usageMistake(`Unexpected extra argument: ${rest.slice(own.most).join(" ")}.`);
  const instead = own.instead && values[own.instead.option] !== undefined;
  if (own.most === 1 && rest.length === 0 && !instead)
    usageMistake(
      `Give a lead id: npm run leads -- ${command} ID${own.instead ? ` (or ${own.instead.shown})` : ""}.`,
    );
  if (instead && rest.length > 0) usageMistake(`Give a lead id or ${own.instead!.shown}, not both.`);
  const foreign = Object.keys(values).filter((k) => !own.options.includes(k) && !STORE_OPTIONS.includes(k));
  if (foreign.length) usageMistake(`--${foreign[0]} is not an option of ${command}.`);
  const flags = {
    ...Object.fromEntries(
      Object.entries(OPTIONS).map(([k, o]) => [k, o.type === "boolean" ? false : undefined]),
    ),
    ...values,
  } as Flags;
  const limitText = flags.limit ?? "50";
  const limit = /^[1-9]\d{0,8}$/.test(limitText)
    ? Number(limitText)
    : usageMistake(`--limit takes a whole number of leads, not ${limitText}.`);
  const stageFilter = flags.stage === undefined ? undefined : stageWord(flags.stage);
  const month =
    flags.month === undefined || /^\d{4}-(0[1-9]|1[0-2])$/.test(flags.month)
      ? flags.month
      : usageMistake(`--month takes a month as YYYY-MM, e.g. 2026-11, not ${flags.month}.`);
  return { command, id: rest[0], flags, limit, stageFilter, month, config: flags.config ?? WRANGLER_CONFIG };
}

export function status(value: string): LeadStatus {
  if ((LEAD_STATUSES as readonly string[]).includes(value)) return value as LeadStatus;
  return usageMistake(`Unknown status ${value}: one of ${LEAD_STATUSES.join(", ")}.`);
}

function stageWord(value: string): Stage | typeof WAITING {
  if ((STAGE_WORDS as readonly string[]).includes(value)) return value as Stage | typeof WAITING;
  return usageMistake(`Unknown stage ${value}: one of ${STAGE_WORDS.join(", ")}.`);
}
