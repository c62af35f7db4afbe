/**
 * What the owner's reminders and morning digest read of the leads (owner/):
 * the reminders' candidates and their one reminder each, the digest's leads.
 * The month's report reads its own (report-queries.ts).
 */
import { COLUMNS, toLead, type Lead, type Row } from "./lead.ts";
import type { Sql } from "./sql.ts";

/** A lead a reminder or follow-up may be due for, and when it was delivered or last quoted (`since`). */
export interface Due {
  id: string;
  receivedAt: number;
  since: number;
  snoozedUntil: number | null;
}

export class OwnerQueries {
  constructor(private readonly sql: Sql) {}

  /**
   * Delivered leads still at no stage, not yet reminded, delivered before `before`: the reminders'
   * candidates, `since` their delivery.
   */
  unremindedWaiting(before: number): Promise<Due[]> {
    return this.due(
      "SELECT id, received_at, delivered_at AS since, snoozed_until FROM leads WHERE status = 'delivered' AND stage IS NULL AND reminded_at IS NULL AND erased_at IS NULL AND notice_message_id IS NOT NULL AND delivered_at <= ? ORDER BY delivered_at LIMIT 50",
      before,
    );
  }

  /**
   * Leads at Quoted since `before` or earlier, not yet followed up: the follow-ups' candidates, `since`
   * they were last quoted.
   */
  unfollowedQuoted(before: number): Promise<Due[]> {
    return this.due(
      "SELECT l.id, l.received_at, COALESCE(s.last_at, s.at) AS since, l.snoozed_until FROM leads AS l JOIN lead_stages AS s ON s.lead_id = l.id AND s.stage = 'quoted' WHERE l.stage = 'quoted' AND l.followed_up_at IS NULL AND l.erased_at IS NULL AND l.notice_message_id IS NOT NULL AND COALESCE(s.last_at, s.at) <= ? ORDER BY 3 LIMIT 50",
      before,
    );
  }

  /** Takes the lead's one reminder: false when it was already taken. `at` null gives it back (the send failed). */
  reminder(id: string, at: number | null): Promise<boolean> {
    return this.take("reminded_at", id, at);
  }

  /** Takes the lead's one follow-up: false when it was already taken. `at` null gives it back. */
  followUp(id: string, at: number | null): Promise<boolean> {
    return this.take("followed_up_at", id, at);
  }

  private async due(sql: string, before: number): Promise<Due[]> {
    const rows = await this.sql.all<{
      id: string;
      received_at: number;
      since: number;
      snoozed_until: number | null;
    }>(sql, [before]);
    return rows.map((r) => ({
      id: r.id,
      receivedAt: Number(r.received_at),
      since: Number(r.since),
      snoozedUntil: r.snoozed_until === null ? null : Number(r.snoozed_until),
    }));
  }

  /**
   * Leads still waiting after their reminder, not kept open by the owner: a second reminder's
   * candidates (`since` the reminder, nudged_at not yet set) and the offer to close them (`since`
   * the second reminder), oldest first (owner/stale.ts).
   */
  stale(step: "nudge" | "offer", before: number): Promise<Due[]> {
    const [since, taken] =
      step === "nudge" ? ["reminded_at", "nudged_at"] : ["nudged_at", "stale_offered_at"];
    return this.due(
      `SELECT id, received_at, ${since} AS since, NULL AS snoozed_until FROM leads WHERE status = 'delivered' AND stage IS NULL AND erased_at IS NULL AND kept_at IS NULL AND notice_message_id IS NOT NULL AND ${since} IS NOT NULL AND ${taken} IS NULL AND ${since} <= ? ORDER BY ${since} LIMIT 50`,
      before,
    );
  }

  /**
   * Takes the lead's second reminder (or, `offer`, the offer to close it): false when already taken;
   * null gives it back.
   */
  staleStep(step: "nudge" | "offer", id: string, at: number | null): Promise<boolean> {
    return this.take(step === "nudge" ? "nudged_at" : "stale_offered_at", id, at);
  }

  /** Keep, on the offer to close a stale lead: no more reminders for it. False when it is not waiting. */
  async keep(id: string, at: number): Promise<boolean> {
    return (
      (await this.sql.run(
        "UPDATE leads SET kept_at = COALESCE(kept_at, ?) WHERE id = ? AND stage IS NULL AND erased_at IS NULL",
        [at, id],
      )) === 1
    );
  }

  private async take(
    column: "reminded_at" | "followed_up_at" | "nudged_at" | "stale_offered_at",
    id: string,
    at: number | null,
  ): Promise<boolean> {
    const changed =
      at === null
        ? await this.sql.run(`UPDATE leads SET ${column} = NULL WHERE id = ?`, [id])
        : await this.sql.run(`UPDATE leads SET ${column} = ? WHERE id = ? AND ${column} IS NULL`, [at, id]);
    return changed === 1;
  }

  /**
   * Later, on a reminder: the lead's reminder (while it waits) or follow-up (while at Quoted) comes
   * again at `until`, once. False when the lead is at neither (it moved on) or is erased.
   */
  async snooze(id: string, until: number): Promise<boolean> {
    return (
      (await this.sql.run(
        "UPDATE leads SET snoozed_until = ?, reminded_at = CASE WHEN stage IS NULL THEN NULL ELSE reminded_at END, followed_up_at = CASE WHEN stage = 'quoted' THEN NULL ELSE followed_up_at END WHERE id = ? AND erased_at IS NULL AND (stage IS NULL OR stage = 'quoted')",
        [until, id],
      )) === 1
    );
  }

  /** Leads received in [from, to), oldest first: the morning digest's. */
  async receivedBetween(from: number, to: number): Promise<Lead[]> {
    return (
      await this.sql.all<Row>(
        `SELECT ${COLUMNS} FROM leads WHERE received_at >= ? AND received_at < ? ORDER BY received_at, id`,
        [from, to],
      )
    ).map(toLead);
  }

  /**
   * Delivered leads nobody has pressed a stage for yet, received before `before` (all without it), oldest
   * first.
   */
  async waiting(limit = 20, before = Number.MAX_SAFE_INTEGER): Promise<Lead[]> {
    return (
      await this.sql.all<Row>(
        `SELECT ${COLUMNS} FROM leads WHERE status = 'delivered' AND stage IS NULL AND erased_at IS NULL AND received_at < ? ORDER BY received_at, id LIMIT ?`,
        [before, limit],
      )
    ).map(toLead);
  }

  /**
   * Open leads (waiting, Called or Quoted), oldest first, and how many there are: the owner's /leads,
   * a page of `limit` from `offset`.
   */
  async open(limit: number, offset = 0): Promise<{ leads: Lead[]; total: number }> {
    const where = `status = 'delivered' AND erased_at IS NULL AND (stage IS NULL OR stage IN ('called', 'quoted'))`;
    const [count] = await this.sql.all<{ n: number }>(`SELECT count(*) AS n FROM leads WHERE ${where}`, []);
    const leads = await this.sql.all<Row>(
      `SELECT ${COLUMNS} FROM leads WHERE ${where} ORDER BY received_at, id LIMIT ? OFFSET ?`,
      [limit, offset],
    );
    return { leads: leads.map(toLead), total: Number(count?.n ?? 0) };
  }

  /**
   * The newest `limit` leads a person sent (not spam, not erased), newest first: what the owner's
   * /find looks through. A small business's leads for years fit; the phone is matched by its digits
   * in the relay, which SQL cannot do for every way a number is written.
   */
  async findable(limit: number): Promise<Lead[]> {
    return (
      await this.sql.all<Row>(
        `SELECT ${COLUMNS} FROM leads WHERE status NOT IN ('spam', 'unconfirmed') AND erased_at IS NULL ORDER BY received_at DESC, id LIMIT ?`,
        [limit],
      )
    ).map(toLead);
  }
}
