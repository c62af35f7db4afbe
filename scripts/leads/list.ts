/**
 * `npm run leads [list]`: the leads the owner works as a table or JSON, or with --spam what was held back
 * from them.
 */
import { WAITING } from "../../src/relay/leads/stages.ts";
import { LEAD_WORK_STATUSES, type LeadStatus } from "../../src/relay/leads/lead.ts";
import type { StoreStats } from "../../src/relay/leads/store.ts";
import { escapeJsonForTerminal, escapeTerminal } from "../../src/shared/escape.ts";
import { wrap } from "../../src/shared/wrap.ts";
import { status } from "./args.ts";
import { shortTime, type Clock } from "../../src/relay/clock.ts";
import type { Command } from "./command.ts";
import { shortId } from "./find.ts";
import { cut, table } from "./output.ts";
import { phoneShown } from "../../src/relay/telegram/phone.ts";
import { HELD, stageShown, view } from "./view.ts";

export const list: Command = async ({
  args: { flags, stageFilter, limit },
  store,
  clock,
  out: { print, warn },
}) => {
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
  else table(print, (flags.spam ? heldRows : workRows)(leads, flags.wide, clock));
};

type Shown = ReturnType<typeof view>;

/**
 * The leads the owner works: in 80 columns a short time, the name and phone, the stage (or why not
 * delivered) and the short id `show` takes; --wide every column in full. The phone in the form the
 * owner's phone dials from anywhere (+61 …), as the notice shows it.
 */
function workRows(leads: Shown[], wide: boolean, clock: Clock): Record<string, string>[] {
  return leads.map((l): Record<string, string> =>
    wide
      ? {
          received: clock.long(Date.parse(l.receivedAt)),
          form: l.form,
          name: l.name ?? "(erased)",
          phone: l.phone ? phoneShown(l.phone) : "",
          email: l.email ?? "",
          status: l.status,
          stage: stageShown(l.stage),
          id: l.id,
        }
      : {
          received: shortTime(clock, Date.parse(l.receivedAt)),
          form: l.form,
          name: cut(l.name ?? "(erased)", 16),
          phone: l.phone ? cut(phoneShown(l.phone), 16) : "",
          stage:
            l.status === "delivered"
              ? stageShown(l.stage)
              : l.status === "undeliverable"
                ? "not sent"
                : l.status,
          id: shortId(l.id),
        },
  );
}

/** What was held back: spam, and posts waiting for the visitor's second Send. */
function heldRows(leads: Shown[], wide: boolean, clock: Clock): Record<string, string>[] {
  return leads.map((l): Record<string, string> => {
    const why = l.spamReason ?? (l.status === "unconfirmed" ? "waits for the visitor's second Send" : "");
    return wide
      ? {
          received: clock.long(Date.parse(l.receivedAt)),
          form: l.form,
          name: l.name ?? "(erased)",
          email: l.email ?? "",
          status: l.status,
          why,
          id: l.id,
        }
      : {
          received: shortTime(clock, Date.parse(l.receivedAt)),
          name: cut(l.name ?? "(erased)", 16),
          status: l.status,
          why: cut(why, 24),
          id: shortId(l.id),
        };
  });
}

/**
 * What /api/health says when leads did not reach Telegram, above the list (on stderr, so the table stays one
 * to read with a script).
 */
function warnUndelivered({ undeliverable, undeliverableError }: StoreStats, warn: (line: string) => void) {
  if (!undeliverable) return;
  warn(
    wrap(
      `${undeliverable === 1 ? "1 lead was" : `${undeliverable} leads were`} not delivered to Telegram${undeliverableError ? ` (${escapeTerminal(undeliverableError)})` : ""}.`,
    ),
  );
  warn(
    wrap(
      "They are marked undeliverable; docs/runbook.md says what to do, then npm run leads -- resend ID sends one.",
    ),
  );
}
