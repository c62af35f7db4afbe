/**
 * The stages the owner presses on a lead's notice (stages.ts; their buttons: owner/stage-buttons.ts): every
 * press in lead_presses, in the order made, with who, when and from what stage
 * to what (an Undo is a press too); the lead's own `stage`; each stage's first
 * and latest live press in lead_stages (the report's times); and the notice's
 * text as last edited to show them.
 */
import type { LostReason, Press, Stage, StageEntry } from "./stages.ts";
import { COLUMNS, toLead, type Lead, type Row } from "./lead.ts";
import type { Sql } from "./sql.ts";

export type UndoResult =
  { kind: "undone"; press: Press } | { kind: "late" } | { kind: "superseded" } | { kind: "unknown" };

interface PressRow {
  seq: number;
  lead_id: string;
  at: number;
  from_stage: Stage | null;
  to_stage: Stage | null;
  from_reason: LostReason | null;
  reason: LostReason | null;
  by_name: string;
  undoes: number | null;
}
const PRESS_COLUMNS = "seq, lead_id, at, from_stage, to_stage, from_reason, reason, by_name, undoes";
const toPress = (r: PressRow): Press => ({
  seq: Number(r.seq),
  at: Number(r.at),
  from: r.from_stage,
  to: r.to_stage,
  fromReason: r.from_reason,
  reason: r.reason,
  byName: r.by_name,
  undoes: r.undoes === null ? null : Number(r.undoes),
});
/** Where a lead stands: its stage, and with Lost why. */
type Standing = { stage: Stage | null; reason: LostReason | null };

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

  /**
   * As set, answering the press kept (undefined when nothing moved). With Lost, `reason` says why
   * (pressing Lost again keeps the reason given); any other stage clears it.
   */
  async move(
    id: string,
    stage: Stage,
    at: number,
    by: { name: string; id?: number },
    reason: LostReason | null = null,
  ): Promise<Press | undefined> {
    // The move is made only from where the lead was read to be, so two presses at once each record what they
    // really moved from.
    for (let tries = 0; tries < 3; tries++) {
      const [lead] = await this.sql.all<{ stage: Stage | null; lost_reason: LostReason | null }>(
        "SELECT stage, lost_reason FROM leads WHERE id = ? AND erased_at IS NULL",
        [id],
      );
      if (!lead) return undefined;
      const from: Standing = { stage: lead.stage, reason: lead.lost_reason };
      const to: Standing = {
        stage,
        reason: stage === "lost" ? (reason ?? (from.stage === "lost" ? from.reason : null)) : null,
      };
      if (from.stage === to.stage && from.reason === to.reason) return undefined;
      if (!(await this.shift(id, from, to))) continue;
      if (from.stage !== stage) {
        await this.sql.run(
          "INSERT INTO lead_stages (lead_id, stage, at, by_name, by_id, last_at, last_by_name, last_by_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (lead_id, stage) DO UPDATE SET last_at = excluded.last_at, last_by_name = excluded.last_by_name, last_by_id = excluded.last_by_id",
          [id, stage, at, by.name, by.id ?? null, at, by.name, by.id ?? null],
        );
      }
      return this.record(id, at, from, to, by, null);
    }
    return undefined;
  }

  /**
   * Takes back press `seq` of the lead, made by mistake: the lead goes back to the stage it moved
   * from, if that press is still the lead's latest live one and was made less than `windowMs` ago.
   * The Undo is kept in the history too; lead_stages forgets the press taken back.
   */
  async undo(
    id: string,
    seq: number,
    at: number,
    by: { name: string; id?: number },
    windowMs: number,
  ): Promise<UndoResult> {
    const presses = await this.presses(id);
    const target = presses.find((p) => p.seq === seq && p.undoes === null);
    if (!target) return { kind: "unknown" };
    // Only the latest press may be taken back, and an Undo is not itself undone.
    if (presses.at(-1)?.seq !== seq) return { kind: "superseded" };
    if (at - target.at >= windowMs) return { kind: "late" };
    const back: Standing = { stage: target.from, reason: target.fromReason ?? null };
    const now: Standing = { stage: target.to, reason: target.reason ?? null };
    if (!(await this.shift(id, now, back))) return { kind: "superseded" };
    const press = await this.record(id, at, now, back, by, seq);
    if (target.to !== null && target.to !== target.from)
      await this.restoreStage(id, target.to, [...presses, press]);
    return { kind: "undone", press };
  }

  /** Why the lead was lost, when it is at Lost with a reason. */
  async lostReason(id: string): Promise<LostReason | null> {
    const [row] = await this.sql.all<{ lost_reason: LostReason | null }>(
      "SELECT lost_reason FROM leads WHERE id = ?",
      [id],
    );
    return row?.lost_reason ?? null;
  }

  /** Every press for the lead, oldest first. */
  async presses(id: string): Promise<Press[]> {
    return (await this.pressesOf([id])).get(id) ?? [];
  }

  /** Every press for these leads, oldest first. */
  async pressesOf(ids: string[]): Promise<Map<string, Press[]>> {
    const all = new Map<string, Press[]>();
    if (!ids.length) return all;
    const rows = await this.sql.all<PressRow>(
      `SELECT ${PRESS_COLUMNS} FROM lead_presses WHERE lead_id IN (${ids.map(() => "?").join(", ")}) ORDER BY seq`,
      ids,
    );
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

  /**
   * Each stage pressed for these leads, its latest press, in the order made: the last is the lead's stage.
   */
  async history(ids: string[]): Promise<Map<string, StageEntry[]>> {
    const history = new Map<string, StageEntry[]>();
    if (!ids.length) return history;
    const rows = await this.sql.all<{ lead_id: string; stage: Stage; at: number; by_name: string }>(
      `SELECT lead_id, stage, COALESCE(last_at, at) AS at, COALESCE(last_by_name, by_name) AS by_name FROM lead_stages WHERE lead_id IN (${ids.map(() => "?").join(", ")}) ORDER BY 3, stage`,
      ids,
    );
    for (const r of rows)
      history.set(r.lead_id, [
        ...(history.get(r.lead_id) ?? []),
        { stage: r.stage, at: Number(r.at), byName: r.by_name },
      ]);
    return history;
  }

  /** Moves the lead from where it stands to `to`: false when it no longer stands there (or is erased). */
  private async shift(id: string, from: Standing, to: Standing): Promise<boolean> {
    // A reminder put off with Later belongs to where the lead stood: a move forgets it.
    return (
      (await this.sql.run(
        "UPDATE leads SET stage = ?, lost_reason = ?, snoozed_until = NULL WHERE id = ? AND stage IS ? AND lost_reason IS ? AND erased_at IS NULL",
        [to.stage, to.reason, id, from.stage, from.reason],
      )) === 1
    );
  }

  private async record(
    id: string,
    at: number,
    from: Standing,
    to: Standing,
    by: { name: string; id?: number },
    undoes: number | null,
  ): Promise<Press> {
    const [row] = await this.sql.all<PressRow>(
      `INSERT INTO lead_presses (lead_id, at, from_stage, to_stage, from_reason, reason, by_name, by_id, undoes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${PRESS_COLUMNS}`,
      [id, at, from.stage, to.stage, from.reason, to.reason, by.name, by.id ?? null, undoes],
    );
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
    await this.sql.run(
      "UPDATE lead_stages SET at = ?, by_name = ?, last_at = ?, last_by_name = ? WHERE lead_id = ? AND stage = ?",
      [first.at, first.byName, last.at, last.byName, id, stage],
    );
  }
}

/** The presses that stand: neither an Undo nor taken back by one. */
export function livePresses(presses: Press[]): Press[] {
  const undone = new Set(presses.flatMap((p) => (p.undoes === null ? [] : [p.undoes])));
  return presses.filter((p) => p.undoes === null && !undone.has(p.seq));
}

/** The latest press that stands, or undefined. */
export const liveLatest = (presses: Press[]): Press | undefined => livePresses(presses).at(-1);
