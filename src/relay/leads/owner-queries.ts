/**
 * What the owner's reminders and morning digest read of the leads (owner/):
 * the reminders' candidates and their one reminder each, the digest's leads.
 * The month's report reads its own (report-queries.ts).
 */
import { COLUMNS, toLead, type Lead, type Row } from "./lead.ts";
import type { Sql } from "./sql.ts";

export class OwnerQueries {
  constructor(private readonly sql: Sql) {}

  /**
   * Delivered leads still at no stage, not yet reminded, delivered before `before`: the reminders'
   * candidates.
   */
  async unremindedWaiting(
    before: number,
  ): Promise<{ id: string; deliveredAt: number; receivedAt: number; snoozedUntil: number | null }[]> {
    const rows = await this.sql.all<{
      id: string;
      delivered_at: number;
      received_at: number;
      snoozed_until: number | null;
    }>(
      "SELECT id, delivered_at, received_at, snoozed_until FROM leads WHERE status = 'delivered' AND stage IS NULL AND reminded_at IS NULL AND erased_at IS NULL AND notice_message_id IS NOT NULL AND delivered_at <= ? ORDER BY delivered_at LIMIT 50",
      [before],
    );
    return rows.map((r) => ({
      id: r.id,
      deliveredAt: Number(r.delivered_at),
      receivedAt: Number(r.received_at),
      snoozedUntil: r.snoozed_until === null ? null : Number(r.snoozed_until),
    }));
  }

  /**
   * Takes the lead's one reminder: false when it was already taken. `at` null gives it back (the send
   * failed).
   */
  async reminder(id: string, at: number | null): Promise<boolean> {
    if (at === null)
      return (await this.sql.run("UPDATE leads SET reminded_at = NULL WHERE id = ?", [id])) === 1;
    return (
      (await this.sql.run("UPDATE leads SET reminded_at = ? WHERE id = ? AND reminded_at IS NULL", [
        at,
        id,
      ])) === 1
    );
  }

  /**
   * Leads at Quoted since `before` or earlier, not yet followed up: the follow-ups' candidates, with when
   * they were last quoted.
   */
  async unfollowedQuoted(
    before: number,
  ): Promise<{ id: string; receivedAt: number; quotedAt: number; snoozedUntil: number | null }[]> {
    const rows = await this.sql.all<{
      id: string;
      received_at: number;
      quoted_at: number;
      snoozed_until: number | null;
    }>(
      "SELECT l.id, l.received_at, COALESCE(s.last_at, s.at) AS quoted_at, l.snoozed_until FROM leads AS l JOIN lead_stages AS s ON s.lead_id = l.id AND s.stage = 'quoted' WHERE l.stage = 'quoted' AND l.followed_up_at IS NULL AND l.erased_at IS NULL AND l.notice_message_id IS NOT NULL AND COALESCE(s.last_at, s.at) <= ? ORDER BY 3 LIMIT 50",
      [before],
    );
    return rows.map((r) => ({
      id: r.id,
      receivedAt: Number(r.received_at),
      quotedAt: Number(r.quoted_at),
      snoozedUntil: r.snoozed_until === null ? null : Number(r.snoozed_until),
    }));
  }

  /**
   * Takes the lead's one follow-up: false when it was already taken. `at` null gives it back (the send
   * failed).
   */
  async followUp(id: string, at: number | null): Promise<boolean> {
    if (at === null)
      return (await this.sql.run("UPDATE leads SET followed_up_at = NULL WHERE id = ?", [id])) === 1;
    return (
      (await this.sql.run("UPDATE leads SET followed_up_at = ? WHERE id = ? AND followed_up_at IS NULL", [
        at,
        id,
      ])) === 1
    );
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
}
