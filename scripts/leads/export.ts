/**
 * `npm run leads -- export --format csv > leads.csv`: every lead, for a spreadsheet; times on the business's clock,
 * services by name.
 */
import { LOST_REASONS, STAGE_KEYS } from "../../src/relay/leads/stages.ts";
import { formatDollars } from "../../src/shared/pricing/format.ts";
import { spreadsheetTime } from "../../src/relay/clock.ts";
import type { Command } from "./command.ts";
import { serviceName } from "../../src/shared/forms/fields.ts";
import { fail, shown } from "./fail.ts";
import { DETAIL_KEYS, FROM, stageShown, stem, view, type View } from "./view.ts";
import { noteRecords } from "../../src/relay/leads/lookups.ts";

export const exportLeads: Command = async ({ args: { flags }, store, site, clock, out: { stdout } }) => {
  if ((flags.format ?? "csv") !== "csv") fail(shown`Unknown format ${flags.format}: use --format csv.`, 2);
  // A spreadsheet's file holds what visitors typed as they typed it: never printed raw to a terminal, which
  // could act on it.
  if (stdout.isTTY)
    fail(
      "export writes a file for a spreadsheet, with what visitors typed as they typed it: send it to a file, e.g. npm run leads -- export --format csv > leads.csv (npm run leads -- list shows leads on screen).",
    );
  // The leads, and what the owner recorded by replies and the Lost buttons (one statement for every lead),
  // read at once: on D1 one wrangler process.
  const [listed, records, bookings] = await Promise.all([
    store.list({ limit: 1_000_000, withStages: true }),
    noteRecords(store.sql),
    store.quotes.bookings(),
  ]);
  const leads = listed.map(view);
  // A lead of a service the site no longer offers, or any lead while content/ does not load, keeps the value it
  // was posted with.
  const services = site?.services?.services ?? [];
  const columns = [
    ...([
      "id",
      "receivedAt",
      "form",
      "status",
      "name",
      "email",
      "phone",
      "address",
      "service",
      "message",
    ] as const),
    ...DETAIL_KEYS,
    ...(["deliveredAt", "stage"] as const),
    ...STAGE_KEYS.flatMap((s) => [`${stem(s)}By`, `${stem(s)}At`] as const),
    ...(Object.keys(FROM) as (keyof typeof FROM)[]),
  ];
  const recorded = (id: string) => {
    const r = records.get(id);
    const reason = LOST_REASONS.find((x) => x.key === r?.lostReason)?.label ?? r?.lostReason ?? null;
    // The booking confirmed online (issue 51): its day, time of day and value.
    const b = bookings.get(id);
    return [
      r?.quoteCents == null ? null : formatDollars(r.quoteCents),
      reason,
      r?.notes ?? null,
      b?.day ?? null,
      b?.timeOfDay ?? null,
      b ? formatDollars(b.cents) : null,
    ].map(csvCell);
  };
  // Times on the business's clock, as a spreadsheet reads them ("2026-11-02 09:20:00"); services by their names.
  const cell = (l: View, c: (typeof columns)[number]) =>
    csvCell(
      c === "stage"
        ? stageShown(l.stage)
        : c === "service"
          ? l.service && serviceName(services, l.service)
          : c.endsWith("At")
            ? l[c] && spreadsheetTime(clock, Date.parse(l[c]))
            : l[c],
    );
  // A byte-order mark so spreadsheets read the file as UTF-8 (names in any script survive).
  const header = [...columns, "quote", "lostReason", "notes", "bookedDay", "bookedTime", "bookedValue"];
  stdout.write(
    "\uFEFF" +
      [
        header.join(","),
        ...leads.map((l) => [...columns.map((c) => cell(l, c)), ...recorded(l.id)].join(",")),
      ].join("\r\n") +
      "\r\n",
  );
};

/**
 * RFC 4180 quoting; a cell a spreadsheet would run as a formula starts with an apostrophe: one
 * starting with = + - @, also after spaces (any Unicode space, tab, line break: LibreOffice can
 * trim them on opening), and one starting with a tab or carriage return.
 */
export function csvCell(value: string | null): string {
  if (value === null) return "";
  const safe = /^(?:[\t\r]|\s*[=+\-@])/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
