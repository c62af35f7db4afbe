/**
 * `npm run leads`: the owner's view of the lead store (LEADS_DB, default
 * .data/leads.sqlite), or with --d1 of the Worker relay's D1 through wrangler
 * (the local one of `wrangler dev`; --remote the deployed one).
 *
 *   npm run leads                          recent leads as a table, with their stage
 *   npm run leads -- list [--json] [--spam] [--status S] [--stage S] [--limit N]
 *   npm run leads -- show ID               one lead in full: its stages, where it came from, its notice
 *   npm run leads -- resend ID             send one again (undeliverable, or spam that was a person)
 *   npm run leads -- erase ID | --email ADDRESS   a visitor forgotten on request (decision 0073)
 *   npm run leads -- export --format csv   every lead, for a spreadsheet
 *   npm run leads -- report [--month YYYY-MM] [--json]   a month in figures (src/relay/leads/report.ts)
 *   npm run leads -- --d1 [--remote] [--config wrangler.toml] [--persist-to DIR] COMMAND ...
 *
 * The work is runLeads (scripts/leads-cli.ts); this file hands it the process's arguments,
 * environment and output, and exits with its code.
 */
import { runLeads } from "./leads-cli.ts";

process.exitCode = await runLeads(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
});
