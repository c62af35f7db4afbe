/**
 * `npm run leads`: the owner's view of the lead store (LEADS_DB, default
 * .data/leads.sqlite), or with --d1 of the Worker relay's D1 through wrangler
 * (the local one of `wrangler dev`; --remote the deployed one).
 *
 *   npm run leads                          recent leads as a table
 *   npm run leads -- list [--json] [--spam] [--status S] [--limit N]
 *   npm run leads -- show ID               one lead in full, with its notice
 *   npm run leads -- resend ID             send one again (undeliverable, or spam that was a person)
 *   npm run leads -- export --format csv   every lead, for a spreadsheet
 *   npm run leads -- --d1 [--remote] [--config wrangler.toml] [--persist-to DIR] COMMAND ...
 *
 * What visitors typed is printed with terminal controls and bidirectional
 * marks shown as escapes (escapeTerminal); --json and the CSV carry it exactly.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { DEFAULT_LEADS_DB } from "../src/relay/config.ts";
import { openLeadStore } from "../src/relay/node/sqlite.ts";
import { WRANGLER_CONFIG, wranglerD1Sql } from "../src/relay/node/wrangler-d1.ts";
import { LEAD_STATUSES, LeadStore, type Lead, type LeadStatus } from "../src/relay/leads/store.ts";
import { parseLegacyMarkdown } from "../src/relay/markdown.ts";
import { formatBrisbaneTime } from "../src/relay/notice.ts";
import { escapeTerminal } from "../src/shared/escape.ts";

const USAGE = `Usage:
  npm run leads                          recent leads as a table
  npm run leads -- list [--json] [--spam] [--status pending|delivered|undeliverable|spam] [--limit N]
  npm run leads -- show ID
  npm run leads -- resend ID
  npm run leads -- export --format csv > leads.csv
The Worker relay's D1 (through wrangler), the local one of wrangler dev or with --remote the deployed one:
  npm run leads -- --d1 [--remote] [--config ${WRANGLER_CONFIG}] [--persist-to DIR] list|show|resend|export ...`;

/** A message with each value in it (an id, a name, an error) shown as a terminal can show it safely. */
const shown = (text: TemplateStringsArray, ...values: unknown[]) => text.reduce((out, part, i) => out + escapeTerminal(String(values[i - 1])) + part);

const { values: flags, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        json: { type: "boolean", default: false },
        spam: { type: "boolean", default: false },
        status: { type: "string" },
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
const config = flags.config ?? WRANGLER_CONFIG;
const { store, close, d1 } = open();

/** The SQLite file of LEADS_DB, or with --d1 the Worker's D1 through wrangler. */
function open(): { store: LeadStore; close: () => void; d1: boolean } {
  const persistTo = flags["persist-to"];
  if (!flags.d1) {
    if (flags.remote || flags.config !== undefined || persistTo !== undefined) fail("--remote, --config and --persist-to are for the Worker's D1: add --d1.");
    const file = process.env.LEADS_DB?.trim() || DEFAULT_LEADS_DB;
    if (!existsSync(file)) fail(shown`No lead store at ${file} yet: the relay creates it when it starts (npm start). Set LEADS_DB if it is elsewhere.`);
    return { ...openLeadStore(file), d1: false };
  }
  if (flags.remote && persistTo !== undefined) fail("--persist-to is the local D1's folder: leave it out with --remote.");
  if (!existsSync(config)) fail(shown`No wrangler configuration at ${config}: give its path with --config.`);
  return { store: new LeadStore(wranglerD1Sql({ remote: flags.remote, config, persistTo })), close: () => {}, d1: true };
}

/** The plain view of a lead for lists, JSON and CSV; erased fields are null. */
function view(lead: Lead) {
  const f = lead.fields;
  return {
    id: lead.id,
    form: lead.form,
    status: lead.status,
    receivedAt: new Date(lead.receivedAt).toISOString(),
    deliveredAt: lead.deliveredAt === null ? null : new Date(lead.deliveredAt).toISOString(),
    name: f?.name ?? null,
    email: f?.email ?? null,
    phone: f?.phone || null,
    address: f?.address || null,
    service: f?.service || null,
    message: f?.message || null,
    attempts: lead.attempts,
    lastError: lead.lastError,
    erased: lead.erasedAt !== null,
  };
}

try {
  switch (command) {
    case "list": {
      const statuses: readonly LeadStatus[] = flags.spam ? ["spam"] : flags.status ? [status(flags.status)] : LEAD_STATUSES.filter((s) => s !== "spam");
      const leads = (await store.list({ statuses, limit })).map(view);
      if (flags.json) console.log(JSON.stringify(leads, null, 2));
      else if (leads.length === 0) console.log(`No ${flags.spam ? "spam" : "leads"} yet.`);
      else table(leads.map((l) => ({ received: brisbane(l.receivedAt), form: l.form, name: l.name ?? "(erased)", email: l.email ?? "", status: l.status, id: l.id })));
      break;
    }
    case "show": {
      const lead = await store.get(need(id));
      if (!lead) fail(shown`No lead with id ${id}. npm run leads lists them.`);
      const v = view(lead);
      for (const [k, value] of Object.entries(v)) if (value !== null && k !== "message") console.log(`${k.padEnd(12)}${escapeTerminal(k.endsWith("At") ? `${value} (${brisbane(String(value))})` : String(value))}`);
      if (lead.parts) {
        console.log(`\nThe notice (${lead.parts.length === 1 ? "one message" : `${lead.parts.length} messages`}, ${lead.partsSent} sent):\n`);
        for (const part of lead.parts) {
          const shown = parseLegacyMarkdown(part);
          // The message keeps its lines; every other control is shown as an escape.
          console.log(escapeTerminal("text" in shown ? shown.text : part, { keepNewlines: true }));
        }
      } else console.log("\nWhat the visitor typed was erased after the retention period (LEADS_RETENTION_DAYS).");
      break;
    }
    case "resend": {
      const lead = await store.get(need(id));
      if (!lead) fail(shown`No lead with id ${id}. npm run leads lists them.`);
      if (lead.status === "delivered") fail(shown`Lead ${id} was delivered ${brisbane(new Date(lead.deliveredAt!).toISOString())}; nothing to resend.`);
      if (!(await store.requeue(lead.id, Date.now()))) fail(shown`Lead ${id} cannot be sent: what the visitor typed was erased.`);
      if (d1) {
        // The Worker's sweep (a Cron Trigger, every minute) puts due leads on the delivery queue.
        console.log(shown`Lead ${id} is queued; the Worker sends it within a minute. npm run leads -- --d1${flags.remote ? " --remote" : ""} show ${id} says when it is delivered.`);
        break;
      }
      console.log(shown`Lead ${id} is queued; the running relay sends it within a few seconds.`);
      const deadline = Date.now() + 15_000;
      let now = await store.get(lead.id);
      while (now?.status === "pending" && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 500));
        now = await store.get(lead.id);
      }
      console.log(
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
      const leads = (await store.list({ limit: 1_000_000 })).map(view);
      const columns = ["id", "receivedAt", "form", "status", "name", "email", "phone", "address", "service", "message", "deliveredAt"] as const;
      // A byte-order mark so spreadsheets read the file as UTF-8 (names in any script survive).
      process.stdout.write("\uFEFF" + [columns.join(","), ...leads.map((l) => columns.map((c) => csvCell(l[c])).join(","))].join("\r\n") + "\r\n");
      break;
    }
    default:
      fail(`${shown`Unknown command ${command}.`}\n${USAGE}`);
  }
} catch (error) {
  // A store that cannot be read, or wrangler's own message (a D1 without its tables, a login needed).
  const message = (error as Error).message;
  const where = flags.remote ? "--remote" : `--local${flags["persist-to"] === undefined ? "" : ` --persist-to ${flags["persist-to"]}`}`;
  const hint = /no such table/.test(message) ? shown`\nApply the migrations first: npx wrangler d1 migrations apply DB ${where} --config ${config}` : "";
  fail(escapeTerminal(message, { keepNewlines: true }) + hint);
} finally {
  close();
}

function status(value: string): LeadStatus {
  if ((LEAD_STATUSES as readonly string[]).includes(value)) return value as LeadStatus;
  fail(shown`Unknown status ${value}: one of ${LEAD_STATUSES.join(", ")}.`);
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
function table(raw: Record<string, string>[]) {
  const rows = raw.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, escapeTerminal(v)])));
  const keys = Object.keys(rows[0]);
  const width = (k: string) => Math.max(k.length, ...rows.map((r) => [...r[k]].length));
  const line = (r: Record<string, string>) => keys.map((k) => r[k] + " ".repeat(width(k) - [...r[k]].length)).join("  ").trimEnd();
  console.log(line(Object.fromEntries(keys.map((k) => [k, k]))));
  for (const r of rows) console.log(line(r));
}

function fail(message: string, code = 1): never {
  (code ? console.error : console.log)(message);
  process.exit(code);
}
