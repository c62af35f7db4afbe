/**
 * The week in the chat: on Monday at opening, last week's figures (Monday to
 * Sunday, the business's time) as one message, from the same queries as the month's
 * report (`npm run leads -- report`): leads by form and source, the median time
 * to first contact in business hours, what was quoted, booked and lost (by
 * reason), the conversion and the value booked where a quote was recorded, and
 * the pages that brought the most. Nothing is sent for a week without leads.
 */
import { sendOnce, type TelegramOptions } from "../telegram/client.ts";
import { bold, plain, render, value, type Piece } from "../telegram/markdown.ts";
import { addDays, type BusinessHours } from "../clock.ts";
import { LEAD_WORK_STATUSES } from "../leads/lead.ts";
import { monthFigures } from "../leads/report-queries.ts";
import type { LeadStore } from "../leads/store.ts";
import { LOST_REASONS } from "../leads/stages.ts";
import { formatDollars } from "../../shared/pricing/format.ts";
import { median, NOT_KNOWN, outcomesOf } from "./report.ts";
import { durationText } from "./report-text.ts";
import { Sends } from "./pace.ts";

/** The Monday whose summary was last sent (or found nothing to say), "2026-11-30". */
export const WEEKLY_SETTING = "weekly-last-day";
/** The pages and sources the summary names. */
const TOP = 3;

/**
 * `sends`: the tick's pace (pace.ts); with no room left the summary waits for the next tick, not yet taken.
 */
export async function weeklySummary(
  {
    store,
    telegram,
    hours,
    log,
  }: { store: LeadStore; telegram: TelegramOptions; hours: BusinessHours; log: (m: string) => void },
  now: number,
  sends = new Sends(),
): Promise<void> {
  const today = hours.clock.local(now);
  if (today.day !== "Monday" || !hours.isOpen(now) || !sends.room()) return;
  const before = await store.settings.read(WEEKLY_SETTING);
  // Taken before it is sent, so two runs at once send it once; given back when Telegram turned it away for a
  // moment.
  if (!(await store.settings.advance(WEEKLY_SETTING, today.date))) return;
  const text = await weeklyText(store, hours, addDays(today.date, -7));
  if (!text) return;
  await sends.next();
  const sent = await sendOnce(text, telegram, "Markdown");
  sends.heard(sent);
  if (sent.kind === "sent") log("relay: the weekly summary was sent");
  else if (sent.kind === "retry" && !sent.uncertain) {
    await store.settings.write(WEEKLY_SETTING, before ?? "");
    log(`relay: the weekly summary could not be sent (${sent.reason}); trying again in a minute`);
  } else
    log(
      `relay: the weekly summary ${sent.kind === "message" ? "was refused" : "may not have arrived"} (${sent.reason}); it is not sent again`,
    );
}

/** The summary of the leads received in the week from Monday `monday`, or undefined for a week without leads. */
export async function weeklyText(
  store: LeadStore,
  hours: BusinessHours,
  monday: string,
): Promise<string | undefined> {
  const { clock } = hours;
  const [from, to] = [clock.at(monday), clock.at(addDays(monday, 7))];
  const { counts, calls, outcomes } = await monthFigures(store.sql, {
    from,
    to,
    firstDay: monday,
    lastDay: addDays(monday, 6),
    weeks: [{ week: monday, from }],
  });
  const worked = counts.filter((c) => LEAD_WORK_STATUSES.includes(c.status));
  const total = worked.reduce((n, c) => n + c.count, 0);
  if (!total) return undefined;
  const byForm = (form: string) => worked.filter((c) => c.form === form).reduce((n, c) => n + c.count, 0);
  const top = (key: (c: (typeof worked)[number]) => string | null) => {
    const sums = new Map<string, number>();
    for (const c of worked) sums.set(key(c) ?? NOT_KNOWN, (sums.get(key(c) ?? NOT_KNOWN) ?? 0) + c.count);
    const sorted = [...sums].sort(
      (a, b) =>
        Number(a[0] === NOT_KNOWN) - Number(b[0] === NOT_KNOWN) || b[1] - a[1] || a[0].localeCompare(b[0]),
    );
    return sorted
      .slice(0, TOP)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ");
  };
  const minutes = calls.map((c) => hours.openMinutesBetween(c.receivedAt, c.calledAt)).sort((a, b) => a - b);
  const o = outcomesOf(outcomes);
  const reasons = LOST_REASONS.filter((r) => o.lostByReason[r.key]).map(
    (r) => `${r.label} ${o.lostByReason[r.key]}`,
  );
  if (o.lostByReason["not given"]) reasons.push(`not given ${o.lostByReason["not given"]}`);
  const pieces: Piece[] = [
    bold(`Last week (${clock.dayMonth(from)} to ${clock.dayMonth(to - 1)})`),
    plain("\n"),
    plain(`Leads: ${total} (${byForm("quote")} quote, ${byForm("contact")} contact)\nFrom: `),
    value(top((c) => c.source)),
    plain(
      `\nFirst contact: ${minutes.length ? `median ${durationText(median(minutes)!)} in business hours (${minutes.length} of ${total} contacted)` : "none yet"}\n`,
    ),
    plain(
      `Quoted ${o.quoted} · Booked ${o.booked} · Lost ${o.lost}${reasons.length ? ` (${reasons.join(", ")})` : ""}\n`,
    ),
    plain(
      `Conversion: ${o.conversion === null ? "not known" : `${Math.round(o.conversion * 100)}%`} (${o.booked} booked of ${o.realLeads} real lead${o.realLeads === 1 ? "" : "s"})`,
    ),
    plain(
      o.bookedValued
        ? ` · Booked value: ${formatDollars(o.bookedCents)} (${o.bookedValued} of ${o.booked} with a quote)\n`
        : "\n",
    ),
    plain("Top pages: "),
    value(top((c) => c.origin)),
    plain("\n"),
  ];
  return render(pieces).markdown;
}
