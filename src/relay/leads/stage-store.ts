/**
 * The stages the owner presses on a lead's notice (telegram/stages.ts), kept
 * in lead_stages beside the lead's own `stage`, and the notice's text as last
 * edited to show them.
 */
import type { Stage, StageEntry } from "../telegram/stages.ts";
import type { Sql } from "./sql.ts";

export class StageStore {
  constructor(private readonly sql: Sql) {}

  /**
   * The owner pressed `stage` on the lead's notice: true when that moved it (the lead is at
   * another stage and not erased). Any stage may follow any other (a mis-tap is put right by
   * pressing the right one); each stage keeps its first press (the report's time to first call)
   * and its latest, with when and who.
   */
  async set(id: string, stage: Stage, at: number, by: { name: string; id?: number }): Promise<boolean> {
    const moved = (await this.sql.run("UPDATE leads SET stage = ? WHERE id = ? AND stage IS NOT ? AND erased_at IS NULL", [stage, id, stage])) === 1;
    if (moved) {
      await this.sql.run(
        "INSERT INTO lead_stages (lead_id, stage, at, by_name, by_id, last_at, last_by_name, last_by_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (lead_id, stage) DO UPDATE SET last_at = excluded.last_at, last_by_name = excluded.last_by_name, last_by_id = excluded.last_by_id",
        [id, stage, at, by.name, by.id ?? null, at, by.name, by.id ?? null],
      );
    }
    return moved;
  }

  /** The notice now reads `text` (after an edit Telegram took). */
  async noticeEdited(id: string, text: string): Promise<void> {
    await this.sql.run("UPDATE leads SET notice_edited = ? WHERE id = ? AND erased_at IS NULL", [text, id]);
  }

  /** Each stage pressed for these leads, its latest press, in the order made: the last is the lead's stage. */
  async history(ids: string[]): Promise<Map<string, StageEntry[]>> {
    const history = new Map<string, StageEntry[]>();
    if (!ids.length) return history;
    const rows = await this.sql.all<{ lead_id: string; stage: Stage; at: number; by_name: string }>(
      `SELECT lead_id, stage, COALESCE(last_at, at) AS at, COALESCE(last_by_name, by_name) AS by_name FROM lead_stages WHERE lead_id IN (${ids.map(() => "?").join(", ")}) ORDER BY 3, stage`,
      ids,
    );
    for (const r of rows) history.set(r.lead_id, [...(history.get(r.lead_id) ?? []), { stage: r.stage, at: Number(r.at), byName: r.by_name }]);
    return history;
  }
}
