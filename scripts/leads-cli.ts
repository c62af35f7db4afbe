/**
 * What `npm run leads` (scripts/leads.ts) does, as a function of its arguments, its
 * environment (LEADS_DB, BUSINESS_HOURS; wrangler's with --d1) and where it writes:
 * the script hands it its own, tests run it in-process.
 *
 * What visitors typed is printed with terminal controls and bidirectional
 * marks shown as escapes (escapeTerminal); --json and the CSV carry it exactly.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadContent } from "../src/build/content/load.ts";
import { DEFAULT_LEADS_DB, relayConfig } from "../src/relay/config.ts";
import { openLeadStore } from "../src/relay/node/sqlite.ts";
import { WRANGLER_CONFIG, wranglerD1Sql } from "../src/relay/node/wrangler-d1.ts";
import type { HoursLine } from "../src/relay/leads/hours.ts";
import { brisbaneMonth, monthReport, reportText, textTable } from "../src/relay/owner/report.ts";
import { STAGE_KEYS, WAITING, stageLabel, type Stage } from "../src/relay/telegram/stages.ts";
import { LEAD_STATUSES, LEAD_WORK_STATUSES, LeadStore, type Lead, type LeadStatus } from "../src/relay/leads/store.ts";
import { parseLegacyMarkdown } from "../src/relay/telegram/markdown.ts";
import { formatBrisbaneTime } from "../src/relay/telegram/notice.ts";
import { DEFAULT_HOURS } from "../src/relay/site.ts";
import { escapeJsonForTerminal, escapeTerminal } from "../src/shared/escape.ts";
import { suburbPath } from "../src/shared/paths.ts";
import type { ScriptIo } from "./script-io.ts";

/** Held back from the owner: stopped as spam, or sent without script and waiting for the visitor's second Send. */
const HELD: readonly LeadStatus[] = LEAD_STATUSES.filter((s) => !LEAD_WORK_STATUSES.includes(s));
const STAGE_WORDS = [WAITING, ...STAGE_KEYS];

const USAGE = `Usage:
  npm run leads                          recent leads as a table, with their stage
  npm run leads -- list [--json] [--spam] [--status ${LEAD_STATUSES.join("|")}] [--stage ${STAGE_WORDS.join("|")}] [--limit N]
                                         --spam: what was held back, spam (stopped by the spam check) and
                                         unconfirmed (sent without script, waiting for the visitor's second Send)
  npm run leads -- show ID               one lead in full: its stages, where it came from, its notice
  npm run leads -- resend ID
  npm run leads -- export --format csv > leads.csv
  npm run leads -- report [--month YYYY-MM] [--json]
                                         a month in figures (this month by default, Brisbane time): leads per week
                                         by form and stage, time to Called in business hours, what each page and
                                         source brought
The Worker relay's D1 (through wrangler), the local one of wrangler dev or with --remote the deployed one:
  npm run leads -- --d1 [--remote] [--config ${WRANGLER_CONFIG}] [--persist-to DIR] list|show|resend|export|report ...`;

/** A message with each value in it (an id, a name, an error) shown as a terminal can show it safely. */
const shown = (text: TemplateStringsArray, ...values: unknown[]) => text.reduce((out, part, i) => out + escapeTerminal(String(values[i - 1])) + part);

/** What fail() throws: runLeads writes the message (to stderr unless the code is 0) and answers the code. */
class Exit extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** "called" → "called", "not-a-job" → "notAJob": the stem of each stage's who and when (calledBy, calledAt). */
const stem = (stage: Stage) => stage.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as StageStem;
type StageStem = "called" | "quoted" | "booked" | "notAJob";
type StageFields = Record<`${StageStem}By` | `${StageStem}At`, string | null>;
/** Where it came from, as the CSV and JSON name it. */
const FROM = { page: "page", landing: "landing", landingName: "landingName", source: "source", utmSource: "utm_source", utmMedium: "utm_medium", utmCampaign: "utm_campaign" } as const;
const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());

/**
 * The plain view of a lead for lists, JSON and CSV; erased fields are null. Its stage is the key
 * --stage takes ("waiting" until a button is pressed), null for one held back at no stage; each
 * stage's who and when (the first press) are there when the lead was read with its stages.
 */
function view(lead: Lead) {
  const f = lead.fields;
  const pressed = (stage: Stage) => lead.stages?.find((e) => e.stage === stage);
  return {
    id: lead.id,
    form: lead.form,
    status: lead.status,
    stage: (lead.stage ?? (HELD.includes(lead.status) ? null : WAITING)) as Stage | typeof WAITING | null,
    receivedAt: iso(lead.receivedAt)!,
    deliveredAt: iso(lead.deliveredAt),
    name: f?.name ?? null,
    email: f?.email ?? null,
    phone: f?.phone || null,
    address: f?.address || null,
    service: f?.service || null,
    message: f?.message || null,
    attempts: lead.attempts,
    lastError: lead.lastError,
    spamReason: lead.spamReason,
    erased: lead.erasedAt !== null,
    ...(Object.fromEntries(STAGE_KEYS.flatMap((s) => [[`${stem(s)}By`, pressed(s)?.byName ?? null], [`${stem(s)}At`, iso(pressed(s)?.at)]])) as StageFields),
    ...(Object.fromEntries(Object.entries(FROM).map(([k, field]) => [k, lead.attribution[field] ?? null])) as Record<keyof typeof FROM, string | null>),
  };
}
type View = ReturnType<typeof view>;
/** The stage as the table and the CSV show it: the button's words, "waiting", or nothing for one held back. */
const stageShown = (stage: View["stage"]) => (stage === null ? "" : stage === WAITING ? WAITING : stageLabel(stage));

/**
 * Runs one `npm run leads` command and answers its exit code: 0, or 1 with what was wrong on
 * stderr. An error it does not expect (a store file that cannot be opened) is thrown, as the
 * script would crash with it.
 */
export async function runLeads(args: readonly string[], io: ScriptIo): Promise<number> {
  try {
    await execute(args, io);
    return 0;
  } catch (error) {
    if (!(error instanceof Exit)) throw error;
    (error.code ? io.stderr : io.stdout).write(`${error.message}\n`);
    return error.code;
  }
}

async function execute(args: readonly string[], { env, stdout, stderr }: ScriptIo): Promise<void> {
  /** One line of output. */
  const print = (line: string) => void stdout.write(`${line}\n`);
  /** One line the owner must not miss, apart from the output a script may read. */
  const warn = (line: string) => void stderr.write(`${line}\n`);

  const { values: flags, positionals } = (() => {
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
  })();
  const [command = "list", id] = positionals;

  if (flags.help) fail(USAGE, 0);
  const limit = /^[1-9]\d{0,8}$/.test(flags.limit) ? Number(flags.limit) : fail(shown`--limit takes a whole number of leads, not ${flags.limit}.`);
  const stageFilter = flags.stage === undefined ? undefined : stageWord(flags.stage);
  const month = flags.month === undefined || /^\d{4}-(0[1-9]|1[0-2])$/.test(flags.month) ? flags.month : fail(shown`--month takes a month as YYYY-MM, e.g. 2026-11, not ${flags.month}.`);
  const config = flags.config ?? WRANGLER_CONFIG;
  const { store, close, d1 } = open();

  /** The SQLite file of LEADS_DB, or with --d1 the Worker's D1 through wrangler. */
  function open(): { store: LeadStore; close: () => void; d1: boolean } {
    const persistTo = flags["persist-to"];
    if (!flags.d1) {
      if (flags.remote || flags.config !== undefined || persistTo !== undefined) fail("--remote, --config and --persist-to are for the Worker's D1: add --d1.");
      const file = env.LEADS_DB?.trim() || DEFAULT_LEADS_DB;
      if (!existsSync(file)) fail(shown`No lead store at ${file} yet: the relay creates it when it starts (npm start). Set LEADS_DB if it is elsewhere.`);
      return { ...openLeadStore(file), d1: false };
    }
    if (flags.remote && persistTo !== undefined) fail("--persist-to is the local D1's folder: leave it out with --remote.");
    if (!existsSync(config)) fail(shown`No wrangler configuration at ${config}: give its path with --config.`);
    return { store: new LeadStore(wranglerD1Sql({ remote: flags.remote, config, persistTo, env })), close: () => {}, d1: true };
  }

  /** What /api/health says when leads did not reach Telegram, above the list (on stderr, so the table stays one to read with a script). */
  async function warnUndelivered() {
    const { undeliverable, undeliverableError } = await store.stats();
    if (!undeliverable) return;
    warn(`${undeliverable === 1 ? "1 lead was" : `${undeliverable} leads were`} not delivered to Telegram${undeliverableError ? ` (${escapeTerminal(undeliverableError)})` : ""}.`);
    warn(`They are marked undeliverable; docs/runbook.md says what to do, then npm run leads -- resend ID sends one.`);
  }

  try {
    switch (command) {
      case "list": {
        // The leads the owner works, or with --spam what was held back from them.
        const statuses: readonly LeadStatus[] = flags.spam ? HELD : flags.status ? [status(flags.status)] : LEAD_WORK_STATUSES;
        const leads = (await store.list({ statuses, stages: stageFilter && [stageFilter === WAITING ? null : stageFilter], limit, withStages: flags.json })).map(view);
        await warnUndelivered();
        if (flags.json) print(escapeJsonForTerminal(JSON.stringify(leads, null, 2)));
        else if (leads.length === 0) print(`No ${flags.spam ? "spam or unconfirmed posts" : "leads"}${stageFilter ? ` at stage ${stageFilter}` : ""} yet.`);
        else if (flags.spam) table(print, leads.map((l) => ({ received: brisbane(l.receivedAt), form: l.form, name: l.name ?? "(erased)", email: l.email ?? "", status: l.status, why: l.spamReason ?? (l.status === "unconfirmed" ? "waits for the visitor's second Send" : ""), id: l.id })));
        else table(print, leads.map((l) => ({ received: brisbane(l.receivedAt), form: l.form, name: l.name ?? "(erased)", email: l.email ?? "", status: l.status, stage: stageShown(l.stage), id: l.id })));
        break;
      }
      case "show": {
        const lead = await store.get(need(id), { withStages: true });
        if (!lead) fail(shown`No lead with id ${id}. npm run leads lists them.`);
        const v = view(lead);
        const line = (k: string, value: unknown, indent = "") => print(`${indent}${k.padEnd(12)}${escapeTerminal(k.endsWith("At") ? `${value} (${brisbane(String(value))})` : String(value))}`);
        const later = new Set<string>(["message", ...STAGE_KEYS.flatMap((s) => [`${stem(s)}By`, `${stem(s)}At`]), ...Object.keys(FROM)]);
        for (const [k, value] of Object.entries(v)) if (value !== null && !later.has(k)) line(k, k === "stage" ? stageShown(v.stage) : value);
        if (lead.stages?.length) {
          print("\nStages, as pressed on the notice (Brisbane time):");
          for (const e of lead.stages) print(`  ${stageLabel(e.stage).padEnd(10)}${brisbane(iso(e.at)!)}, by ${escapeTerminal(e.byName)}`);
        } else if (v.stage !== null) print("\nStages: no button pressed yet (waiting).");
        const from = Object.keys(FROM).filter((k) => v[k as keyof typeof FROM] !== null);
        if (from.length) {
          print("\nWhere it came from:");
          for (const k of from) line(k, v[k as keyof typeof FROM], "  ");
        } else print("\nWhere it came from: not recorded.");
        if (lead.parts) {
          print(`\nThe notice (${lead.parts.length === 1 ? "one message" : `${lead.parts.length} messages`}, ${lead.partsSent} sent):\n`);
          for (const part of lead.parts) {
            const shown = parseLegacyMarkdown(part);
            // The message keeps its lines; every other control is shown as an escape.
            print(escapeTerminal("text" in shown ? shown.text : part, { keepNewlines: true }));
          }
        } else print("\nWhat the visitor typed was erased after the retention period (LEADS_RETENTION_DAYS).");
        break;
      }
      case "resend": {
        const lead = await store.get(need(id));
        if (!lead) fail(shown`No lead with id ${id}. npm run leads lists them.`);
        if (lead.status === "delivered") fail(shown`Lead ${id} was delivered ${brisbane(new Date(lead.deliveredAt!).toISOString())}; nothing to resend.`);
        if (!(await store.requeue(lead.id, Date.now()))) fail(shown`Lead ${id} cannot be sent: what the visitor typed was erased.`);
        if (d1) {
          // The Worker's sweep (a Cron Trigger, every minute) puts due leads on the delivery queue.
          print(shown`Lead ${id} is queued; the Worker sends it within a minute. npm run leads -- --d1${flags.remote ? " --remote" : ""} show ${id} says when it is delivered.`);
          break;
        }
        print(shown`Lead ${id} is queued; the running relay sends it within a few seconds.`);
        const deadline = Date.now() + 15_000;
        let now = await store.get(lead.id);
        while (now?.status === "pending" && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 500));
          now = await store.get(lead.id);
        }
        print(
          now?.status === "delivered"
            ? "Delivered."
            : now?.status === "pending"
              ? "Still pending after 15 s: is the relay running (npm start), and does GET /api/health say telegram: ok?"
              : shown`Not delivered: ${now?.lastError ?? now?.status}`,
        );
        break;
      }
      case "export": {
        if (flags.format !== "csv") fail(shown`Unknown format ${flags.format}: use --format csv.`);
        // A spreadsheet's file holds what visitors typed as they typed it: never printed raw to a terminal, which could act on it.
        if (stdout.isTTY) fail("export writes a file for a spreadsheet, with what visitors typed as they typed it: send it to a file, e.g. npm run leads -- export --format csv > leads.csv (npm run leads -- list shows leads on screen).");
        const leads = (await store.list({ limit: 1_000_000, withStages: true })).map(view);
        const columns = [
          ...(["id", "receivedAt", "form", "status", "name", "email", "phone", "address", "service", "message", "deliveredAt", "stage"] as const),
          ...STAGE_KEYS.flatMap((s) => [`${stem(s)}By`, `${stem(s)}At`] as const),
          ...(Object.keys(FROM) as (keyof typeof FROM)[]),
        ];
        const cell = (l: View, c: (typeof columns)[number]) => csvCell(c === "stage" ? stageShown(l.stage) : l[c]);
        // A byte-order mark so spreadsheets read the file as UTF-8 (names in any script survive).
        stdout.write("\uFEFF" + [columns.join(","), ...leads.map((l) => columns.map((c) => cell(l, c)).join(","))].join("\r\n") + "\r\n");
        break;
      }
      case "report": {
        const site = siteFacts(env);
        const report = await monthReport(store, { month: month ?? brisbaneMonth(Date.now()), ...site });
        print(flags.json ? escapeJsonForTerminal(JSON.stringify(report, null, 2)) : reportText(report));
        break;
      }
      default:
        fail(`${shown`Unknown command ${command}.`}\n${USAGE}`);
    }
  } catch (error) {
    if (error instanceof Exit) throw error;
    // A store that cannot be read, or wrangler's own message (a D1 without its tables, a login needed).
    const message = (error as Error).message;
    const where = flags.remote ? "--remote" : `--local${flags["persist-to"] === undefined ? "" : ` --persist-to ${flags["persist-to"]}`}`;
    const hint = /no such table/.test(message) ? shown`\nApply the migrations first: npx wrangler d1 migrations apply DB ${where} --config ${config}` : "";
    fail(escapeTerminal(message, { keepNewlines: true }) + hint);
  } finally {
    close();
  }
}

function status(value: string): LeadStatus {
  if ((LEAD_STATUSES as readonly string[]).includes(value)) return value as LeadStatus;
  fail(shown`Unknown status ${value}: one of ${LEAD_STATUSES.join(", ")}.`);
}

function stageWord(value: string): Stage | typeof WAITING {
  if ((STAGE_WORDS as readonly string[]).includes(value)) return value as Stage | typeof WAITING;
  fail(shown`Unknown stage ${value}: one of ${STAGE_WORDS.join(", ")}.`);
}

/**
 * What the report needs of the site: its opening hours (BUSINESS_HOURS as the relay reads it, else
 * content/site.yaml's, else the relay's own default) and its suburb pages, so one that brought
 * nothing is ranked too.
 */
function siteFacts(env: NodeJS.ProcessEnv): { hours: readonly HoursLine[]; hoursFrom: string; suburbPages: string[] } {
  let content: ReturnType<typeof loadContent> | undefined;
  try {
    content = loadContent("content");
  } catch {
    // Read where the site's content/ is not: the hours below, and the suburb pages with leads or taps.
  }
  const suburbPages = content?.suburbs.map(suburbPath) ?? [];
  let fromEnv: readonly HoursLine[] | undefined;
  try {
    fromEnv = relayConfig({ BUSINESS_HOURS: env.BUSINESS_HOURS }).BUSINESS_HOURS;
  } catch (error) {
    fail(escapeTerminal((error as Error).message, { keepNewlines: true }));
  }
  if (fromEnv) return { hours: fromEnv, hoursFrom: "hours from BUSINESS_HOURS", suburbPages };
  if (content) return { hours: content.site.hours.map(({ days, opens, closes }) => ({ days, opens, closes })), hoursFrom: "hours from content/site.yaml", suburbPages };
  return { hours: DEFAULT_HOURS, hoursFrom: "content/ could not be read, so the relay's default hours", suburbPages };
}

function need(value: string | undefined): string {
  if (!value) fail(`Give a lead id.\n${USAGE}`);
  return value;
}

function brisbane(iso: string): string {
  return formatBrisbaneTime(new Date(iso));
}

/**
 * RFC 4180 quoting; a cell a spreadsheet would run as a formula starts with an apostrophe: one
 * starting with = + - @, also after spaces (any Unicode space, tab, line break: LibreOffice can
 * trim them on opening), and one starting with a tab or carriage return.
 */
function csvCell(value: string | null): string {
  if (value === null) return "";
  const safe = /^(?:[\t\r]|\s*[=+\-@])/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Each cell on one line, with its controls and bidirectional marks shown as escapes, so columns line up. */
function table(print: (line: string) => void, rows: Record<string, string>[]) {
  const keys = Object.keys(rows[0]);
  for (const line of textTable(keys, rows.map((r) => keys.map((k) => r[k])))) print(line);
}

/** Ends the command: runLeads writes the message, to stderr unless the code is 0, and answers the code. */
function fail(message: string, code = 1): never {
  throw new Exit(message, code);
}
