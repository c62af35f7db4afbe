/**
 * What `npm run leads` asks of the store beyond what the relay itself does:
 * a lead by the start of its id, a delivered lead's notice queued again as a
 * copy, and every lead's quote, reason and notes for the CSV. Functions over
 * the store's SQL (as report-queries.ts), so the Worker's bundle, which never
 * runs them, leaves them out; the same on SQLite and on D1 through wrangler.
 */
import type { Sql } from "./sql.ts";

/** Up to `most` lead ids that start with `prefix`: the short id `npm run leads` shows. */
export async function idsStartingWith(sql: Sql, prefix: string, most = 2): Promise<string[]> {
  const rows = await sql.all<{ id: string }>(
    "SELECT id FROM leads WHERE substr(id, 1, ?) = ? ORDER BY id LIMIT ?",
    [prefix.length, prefix, most],
  );
  return rows.map((r) => r.id);
}

/**
 * A delivered lead's notice sent again, as a copy, from its first part: the owner deleted it, or
 * wants it on top of the chat. Its first delivery's time stays (the copy's notice names it, and
 * reminders and reports count from it); false when it is not delivered or was erased.
 */
export async function resendCopy(sql: Sql, id: string, now: number): Promise<boolean> {
  const changed = await sql.run(
    "UPDATE leads SET status = 'pending', parts_sent = 0, uncertain_part = NULL, next_attempt_at = ?, attempts = 0, last_error = NULL WHERE id = ? AND status = 'delivered' AND parts IS NOT NULL",
    [now, id],
  );
  return changed === 1;
}

/** Every lead's quote, why it was lost and its notes (joined, oldest first), in one read: the CSV export's. */
export async function noteRecords(
  sql: Sql,
): Promise<Map<string, { quoteCents: number | null; lostReason: string | null; notes: string | null }>> {
  const rows = await sql.all<{
    id: string;
    quote_cents: number | null;
    lost_reason: string | null;
    notes: string | null;
  }>(
    "SELECT id, quote_cents, lost_reason, (SELECT group_concat(text, ' | ') FROM (SELECT text FROM lead_notes AS n WHERE n.lead_id = leads.id ORDER BY seq)) AS notes FROM leads",
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        quoteCents: r.quote_cents === null ? null : Number(r.quote_cents),
        lostReason: r.lost_reason,
        notes: r.notes,
      },
    ]),
  );
}
