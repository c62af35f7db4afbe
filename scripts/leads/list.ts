/**
 * `npm run leads [list]`: the leads the owner works as a table or JSON, or with --spam what was held back
 * from them.
 */
import { WAITING } from "../../src/relay/telegram/stages.ts";
import { LEAD_WORK_STATUSES, type LeadStatus } from "../../src/relay/leads/lead.ts";
import type { StoreStats } from "../../src/relay/leads/store.ts";
import { escapeJsonForTerminal, escapeTerminal } from "../../src/shared/escape.ts";
import { status } from "./args.ts";
import type { Command } from "./command.ts";
import { brisbane, table } from "./output.ts";
import { phoneShown } from "../../src/relay/telegram/phone.ts";
import { HELD, stageShown, view } from "./view.ts";

export const list: Command = async ({ args: { flags, stageFilter, limit }, store, out: { print, warn } }) => {
  // The leads the owner works, or with --spam what was held back from them.
  const statuses: readonly LeadStatus[] = flags.spam
    ? HELD
    : flags.status
      ? [status(flags.status)]
      : LEAD_WORK_STATUSES;
  // The list and what did not reach Telegram in one read: on D1 one wrangler process, not two.
  const read = await store.listWithStats({
    statuses,
    stages: stageFilter && [stageFilter === WAITING ? null : stageFilter],
    limit,
    withStages: flags.json,
  });
  const leads = read.leads.map(view);
  warnUndelivered(read.stats, warn);
  if (flags.json) print(escapeJsonForTerminal(JSON.stringify(leads, null, 2)));
  else if (leads.length === 0)
    print(
      `No ${flags.spam ? "spam or unconfirmed posts" : "leads"}${stageFilter ? ` at stage ${stageFilter}` : ""} yet.`,
    );
  else if (flags.spam)
    table(
      print,
      leads.map((l) => ({
        received: brisbane(l.receivedAt),
        form: l.form,
        name: l.name ?? "(erased)",
        email: l.email ?? "",
        status: l.status,
        why: l.spamReason ?? (l.status === "unconfirmed" ? "waits for the visitor's second Send" : ""),
        id: l.id,
      })),
    );
  // The phone in the form the owner's phone dials from anywhere (+61 …), as the notice shows it.
  else
    table(
      print,
      leads.map((l) => ({
        received: brisbane(l.receivedAt),
        form: l.form,
        name: l.name ?? "(erased)",
        phone: l.phone ? phoneShown(l.phone) : "",
        email: l.email ?? "",
        status: l.status,
        stage: stageShown(l.stage),
        id: l.id,
      })),
    );
};

/**
 * What /api/health says when leads did not reach Telegram, above the list (on stderr, so the table stays one
 * to read with a script).
 */
function warnUndelivered({ undeliverable, undeliverableError }: StoreStats, warn: (line: string) => void) {
  if (!undeliverable) return;
  warn(
    `${undeliverable === 1 ? "1 lead was" : `${undeliverable} leads were`} not delivered to Telegram${undeliverableError ? ` (${escapeTerminal(undeliverableError)})` : ""}.`,
  );
  warn(
    `They are marked undeliverable; docs/runbook.md says what to do, then npm run leads -- resend ID sends one.`,
  );
}
