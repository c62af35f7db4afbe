/**
 * The stages the owner presses on a lead's notice (telegram/stages.ts): every
 * press in lead_presses, in the order made, with who, when and from what stage
 * to what (an Undo is a press too); the lead's own `stage`; each stage's first
 * and latest live press in lead_stages (the report's times); and the notice's
 * text as last edited to show them.
 */
import type { Press, Stage, StageEntry } from "../telegram/stages.ts";
import { COLUMNS, toLead, type Lead, type Row } from "./lead.ts";
import type { Sql } from "./sql.ts";

export type UndoResult = { kind: "undone"; press: Press } | { kind: "late" } | { kind: "superseded" } | { kind: "unknown" };

interface PressRow {
  seq: number;
  lead_id: string;
  at: number;
  from_stage: Stage | null;
  to_stage: Stage | null;
  by_name: string;
  undoes: number | null;
}
const PRESS_COLUMNS = "seq, lead_id, at, from_stage, to_stage, by_name, undoes";
const toPress = (r: PressRow): Press => ({ seq: Number(r.seq), at: Number(r.at), from: r.from_stage, to: r.to_stage, byName: r.by_name, undoes: r.undoes === null ? null : Number(r.undoes) });

export class StageStore {
  constructor(private readonly sql: Sql) {}

  /**
   * The owner pressed `stage` on the lead's notice: true when that moved it (the lead is at
   * another stage and not erased). Any stage may follow any other (a mis-tap is put right by
   * pressing the right one, or by Undo); the press is kept in the history with the stage it moved
   * from, and lead_stages keeps each stage's first press (the report's time to first call) and its
   * latest.
   */
  async set(id: string, stage: Stage, at: number, by: { name: string; id?: number }): Promise<boolean> {
    return (await this.move(id, stage, at, by)) !== undefined;
  }

  /** As set, answering the press kept (undefined when nothing moved). */
  async move(id: string, stage: Stage, at: number, by: { name: string; id?: number }): Promise<Press | undefined> {
    // The move is made only from the stage read, so two presses at once each record what they really moved from.
    for (let tries = 0; tries < 3; tries++) {
      const [lead] = await this.sql.all<{ stage: Stage | null }>("SELECT stage FROM leads WHERE id = ? AND erased_at IS NULL", [id]);
      if (!lead || lead.stage === stage) return undefined;
      const moved = await this.sql.run("UPDATE leads SET stage = ? WHERE id = ? AND stage IS ? AND erased_at IS NULL", [stage, id, lead.stage]);
      if (moved !== 1) continue;
      await this.sql.run(
        "INSERT INTO lead_stages (lead_id, stage, at, by_name, by_id, last_at, last_by_name, last_by_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (lead_id, stage) DO UPDATE SET last_at = excluded.last_at, last_by_name = excluded.last_by_name, last_by_id = excluded.last_by_id",
        [id, stage, at, by.name, by.id ?? null, at, by.name, by.id ?? null],
      );
      return this.record(id, at, lead.stage, stage, by, null);
    }
    return undefined;
  }

  /**
   * Takes back press `seq` of the lead, made by mistake: the lead goes back to the stage it moved
   * from, if that press is still the lead's latest live one and was made less than `windowMs` ago.
   * The Undo is kept in the history too; lead_stages forgets the press taken back.
   */
  async undo(id: string, seq: number, at: number, by: { name: string; id?: number }, windowMs: number): Promise<UndoResult> {
    const presses = await this.presses(id);
    const target = presses.find((p) => p.seq === seq && p.undoes === null);
    if (!target) return { kind: "unknown" };
    // Only the latest press may be taken back, and an Undo is not itself undone.
    if (presses.at(-1)?.seq !== seq) return { kind: "superseded" };
    if (at - target.at >= windowMs) return { kind: "late" };
    const moved = await this.sql.run("UPDATE leads SET stage = ? WHERE id = ? AND stage IS ? AND erased_at IS NULL", [target.from, id, target.to]);
    if (moved !== 1) return { kind: "superseded" };
    const press = await this.record(id, at, target.to, target.from, by, seq);
    if (target.to !== null) await this.restoreStage(id, target.to, [...presses, press]);
    return { kind: "undone", press };
  }

  /** Every press for the lead, oldest first. */
  async presses(id: string): Promise<Press[]> {
    return (await this.pressesOf([id])).get(id) ?? [];
  }

  /** Every press for these leads, oldest first. */
  async pressesOf(ids: string[]): Promise<Map<string, Press[]>> {
    const all = new Map<string, Press[]>();
    if (!ids.length) return all;
    const rows = await this.sql.all<PressRow>(`SELECT ${PRESS_COLUMNS} FROM lead_presses WHERE lead_id IN (${ids.map(() => "?").join(", ")}) ORDER BY seq`, ids);
    for (const r of rows) all.set(r.lead_id, [...(all.get(r.lead_id) ?? []), toPress(r)]);
    return all;
  }

  /**
   * Leads whose notice, as last edited, ends with `mark` (it shows an Undo) and whose latest press
   * was made at or before `before`, among those pressed in the day before that.
   */
  async showingUndo(mark: string, before: number): Promise<Lead[]> {
    const rows = await this.sql.all<Row>(
      `SELECT ${COLUMNS} FROM leads WHERE id IN (SELECT lead_id FROM lead_presses WHERE at > ? AND at <= ?) AND erased_at IS NULL AND substr(notice_edited, -length(?)) = ? AND (SELECT at FROM lead_presses AS p WHERE p.lead_id = leads.id ORDER BY seq DESC LIMIT 1) <= ? LIMIT 20`,
      [before - 24 * 60 * 60_000, before, mark, mark, before],
    );
    return rows.map(toLead);
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

  private async record(id: string, at: number, from: Stage | null, to: Stage | null, by: { name: string; id?: number }, undoes: number | null): Promise<Press> {
    const [row] = await this.sql.all<PressRow>(`INSERT INTO lead_presses (lead_id, at, from_stage, to_stage, by_name, by_id, undoes) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${PRESS_COLUMNS}`, [id, at, from, to, by.name, by.id ?? null, undoes]);
    return toPress(row);
  }

  /** lead_stages for `stage` as the live presses (none taken back) make it: gone when none is left. */
  private async restoreStage(id: string, stage: Stage, presses: Press[]) {
    const live = livePresses(presses).filter((p) => p.to === stage);
    if (!live.length) {
      await this.sql.run("DELETE FROM lead_stages WHERE lead_id = ? AND stage = ?", [id, stage]);
      return;
    }
    const [first, last] = [live[0], live[live.length - 1]];
    await this.sql.run("UPDATE lead_stages SET at = ?, by_name = ?, last_at = ?, last_by_name = ? WHERE lead_id = ? AND stage = ?", [first.at, first.byName, last.at, last.byName, id, stage]);
  }
}

/** The presses that stand: neither an Undo nor taken back by one. */
export function livePresses(presses: Press[]): Press[] {
  const undone = new Set(presses.flatMap((p) => (p.undoes === null ? [] : [p.undoes])));
  return presses.filter((p) => p.undoes === null && !undone.has(p.seq));
}

/** The latest press that stands, or undefined. */
export const liveLatest = (presses: Press[]): Press | undefined => livePresses(presses).at(-1);
