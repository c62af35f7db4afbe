/**
 * The lead store: every submission the relay accepts, with its delivery
 * progress. Plain SQL over a small async interface, so the same queries run
 * on Node (SQLite through libsql, sqlite.ts) and on Cloudflare D1 (d1.ts).
 * The schema is migrations/*.sql.
 */
import type { FormKind } from "../../shared/forms/fields.ts";
import { STAGE_KEYS, type Stage, type StageEntry } from "../telegram/stages.ts";
import type { Attribution } from "../../shared/forms/attribution.ts";

export interface Sql {
  /** Runs one statement; answers how many rows it changed. */
  run(sql: string, params?: unknown[]): Promise<number>;
  all<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Several reads answered together, each one's rows in order, where that saves a round trip
   * (wrangler: one process for them all); without it the store reads them one by one.
   */
  allMany?(statements: readonly Statement[]): Promise<unknown[][]>;
}

export interface Statement {
  sql: string;
  params?: unknown[];
}

/** unconfirmed: posted without script and without the spam check's proof; goes out when its visitor presses Send once more. */
export type LeadStatus = "pending" | "delivered" | "undeliverable" | "spam" | "unconfirmed";
export const LEAD_STATUSES: readonly LeadStatus[] = ["pending", "delivered", "undeliverable", "spam", "unconfirmed"];
export type FailureKind = "settings" | "message";

export interface NewLead {
  id: string;
  form: FormKind;
  /** What the visitor typed, field by field. */
  fields: Record<string, string>;
  /** The owner's notice, one Telegram message per part. */
  parts: string[];
  receivedAt: number;
  status?: "pending" | "spam" | "unconfirmed";
  /** With status spam: which check stopped it. */
  spamReason?: string;
  /** Where it came from (src/shared/forms/attribution.ts). */
  attribution?: Attribution;
}

export interface Lead {
  id: string;
  form: FormKind;
  /** null once erased after the retention period. */
  fields: Record<string, string> | null;
  parts: string[] | null;
  partsSent: number;
  receivedAt: number;
  status: LeadStatus;
  attempts: number;
  nextAttemptAt: number;
  uncertainPart: number | null;
  lastError: string | null;
  failureKind: FailureKind | null;
  deliveredAt: number | null;
  erasedAt: number | null;
  spamReason: string | null;
  /** With failure kind settings: the mark of the settings that refused it (policy.ts). */
  settingsMark: string | null;
  /** The stage the owner last pressed on its notice; null while it waits. */
  stage: Stage | null;
  /** The notice's last part in the chat, once delivered: its message id and the Markdown sent. */
  noticeMessageId: number | null;
  noticeText: string | null;
  /** The notice's text as last edited (its stage lines), null until the first edit: an edit that would change nothing is not sent. */
  noticeEdited: string | null;
  /** Where it came from: the fields its form posted (empty for leads from before they were kept). */
  attribution: Attribution;
  /** Read only when asked for (`withStages`): each stage's latest press, in the order made (the last is the lead's stage). */
  stages?: StageEntry[];
}

/** A lead counts as one the owner works unless it was held back: spam, or waiting for its visitor's second Send. */
export const LEAD_WORK_STATUSES: readonly LeadStatus[] = ["pending", "delivered", "undeliverable"];

/** Leads counted by the report's dimensions (monthFigures). */
export interface LeadCount {
  /** The Monday of its Brisbane week, "YYYY-MM-DD". */
  week: string;
  form: FormKind;
  status: LeadStatus;
  stage: Stage | null;
  /** The first page of the visit, or the page the form was sent from when that is not known; null: neither. */
  origin: string | null;
  source: string | null;
  count: number;
}

export interface MonthFigures {
  counts: LeadCount[];
  calls: { id: string; receivedAt: number; calledAt: number }[];
  taps: { page: string; number: string; count: number }[];
}

const CALL_TAPS = "SELECT page, number, SUM(count) AS count FROM call_taps WHERE day >= ? AND day <= ? GROUP BY page, number ORDER BY page, number";

interface Row {
  id: string;
  form: FormKind;
  fields: string | null;
  parts: string | null;
  parts_sent: number;
  received_at: number;
  status: LeadStatus;
  attempts: number;
  next_attempt_at: number;
  uncertain_part: number | null;
  last_error: string | null;
  failure_kind: FailureKind | null;
  delivered_at: number | null;
  erased_at: number | null;
  spam_reason: string | null;
  settings_mark: string | null;
  stage: Stage | null;
  notice_message_id: number | null;
  notice_text: string | null;
  notice_edited: string | null;
  page: string | null;
  landing: string | null;
  landing_name: string | null;
  source: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  /** With `withStages`: the stages as JSON, [[stage, at, by_name], …]. */
  stage_history?: string | null;
}

const COLUMNS = "id, form, fields, parts, parts_sent, received_at, status, attempts, next_attempt_at, uncertain_part, last_error, failure_kind, delivered_at, erased_at, spam_reason, settings_mark, stage, notice_message_id, notice_text, notice_edited, page, landing, landing_name, source, utm_source, utm_medium, utm_campaign";

/**
 * The stage history of each lead in the same statement, as JSON (SQLite's json functions, which D1
 * has too): one query for a list, an export or one lead, with no list of ids to send.
 */
const STAGE_HISTORY = "(SELECT json_group_array(json_array(s.stage, COALESCE(s.last_at, s.at), COALESCE(s.last_by_name, s.by_name))) FROM lead_stages AS s WHERE s.lead_id = leads.id) AS stage_history";
const columns = (withStages?: boolean) => (withStages ? `${COLUMNS}, ${STAGE_HISTORY}` : COLUMNS);

const stageOrder = (stage: Stage) => STAGE_KEYS.indexOf(stage);
function stagesOf(json: string | null): StageEntry[] {
  const rows = JSON.parse(json ?? "[]") as [Stage, number, string][];
  return rows.map(([stage, at, byName]) => ({ stage, at: Number(at), byName })).sort((a, b) => a.at - b.at || stageOrder(a.stage) - stageOrder(b.stage));
}

const toLead = (r: Row): Lead => ({
  id: r.id,
  form: r.form,
  fields: r.fields === null ? null : (JSON.parse(r.fields) as Record<string, string>),
  parts: r.parts === null ? null : (JSON.parse(r.parts) as string[]),
  partsSent: Number(r.parts_sent),
  receivedAt: Number(r.received_at),
  status: r.status,
  attempts: Number(r.attempts),
  nextAttemptAt: Number(r.next_attempt_at),
  uncertainPart: r.uncertain_part === null ? null : Number(r.uncertain_part),
  lastError: r.last_error,
  failureKind: r.failure_kind,
  deliveredAt: r.delivered_at === null ? null : Number(r.delivered_at),
  erasedAt: r.erased_at === null ? null : Number(r.erased_at),
  spamReason: r.spam_reason,
  settingsMark: r.settings_mark,
  stage: r.stage,
  noticeMessageId: r.notice_message_id === null ? null : Number(r.notice_message_id),
  noticeText: r.notice_text,
  noticeEdited: r.notice_edited,
  attribution: Object.fromEntries(
    Object.entries({ page: r.page, landing: r.landing, landingName: r.landing_name, source: r.source, utm_source: r.utm_source, utm_medium: r.utm_medium, utm_campaign: r.utm_campaign }).filter(([, v]) => v !== null),
  ) as Attribution,
  ...(r.stage_history === undefined ? {} : { stages: stagesOf(r.stage_history) }),
});

/** A day in milliseconds: the retention period (LEADS_RETENTION_DAYS) is counted in days. */
export const DAY_MS = 24 * 60 * 60_000;
/** Brisbane is UTC+10 all year (Queensland keeps no daylight saving). */
const BRISBANE_OFFSET_MS = 10 * 60 * 60_000;

export interface StoreStats {
  pending: number;
  /** When the longest-waiting pending lead was received, or null with none pending. */
  oldestPendingAt: number | null;
  /** Leads Telegram did not take, kept for the owner until sent again. */
  undeliverable: number;
  /** Why the newest of them was not taken. */
  undeliverableError: string | null;
}

/** Telegram keeps an update for 24 hours (https://core.telegram.org/bots/api#getting-updates): a handled update id is remembered as long. */
export const UPDATE_MEMORY_MS = 24 * 60 * 60_000;

export class LeadStore {
  constructor(private readonly sql: Sql) {}

  /** Stores a new lead in one statement; false when a lead with this id is already stored (a repeat). */
  async add(lead: NewLead): Promise<boolean> {
    const a = lead.attribution ?? {};
    const changed = await this.sql.run(
      "INSERT INTO leads (id, form, fields, parts, received_at, status, spam_reason, next_attempt_at, page, landing, landing_name, source, utm_source, utm_medium, utm_campaign) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
      [
        lead.id,
        lead.form,
        JSON.stringify(lead.fields),
        JSON.stringify(lead.parts),
        lead.receivedAt,
        lead.status ?? "pending",
        lead.spamReason ?? null,
        lead.receivedAt,
        ...[a.page, a.landing, a.landingName, a.source, a.utm_source, a.utm_medium, a.utm_campaign].map((v) => v ?? null),
      ],
    );
    return changed === 1;
  }

  /** One tap on a phone link: counted for its Brisbane day, page and number, nothing else. */
  async countCallTap(day: string, page: string, number: string): Promise<void> {
    await this.sql.run("INSERT INTO call_taps (day, page, number, count) VALUES (?, ?, ?, 1) ON CONFLICT (day, page, number) DO UPDATE SET count = count + 1", [day, page, number]);
  }

  /** Forgets the call taps of days before `beforeDay` ("YYYY-MM-DD", Brisbane): kept as long as leads are (LEADS_RETENTION_DAYS). */
  async forgetCallTaps(beforeDay: string): Promise<number> {
    return this.sql.run("DELETE FROM call_taps WHERE day < ?", [beforeDay]);
  }

  /** Call taps per page from day `from` to day `to` (inclusive, "YYYY-MM-DD"). */
  async callTaps(from: string, to: string): Promise<{ page: string; number: string; count: number }[]> {
    const rows = await this.sql.all<{ page: string; number: string; count: number }>(CALL_TAPS, [from, to]);
    return rows.map((r) => ({ page: r.page, number: r.number, count: Number(r.count) }));
  }

  /** One lead; with `withStages`, its stage history too (in the same statement). */
  async get(id: string, { withStages = false }: { withStages?: boolean } = {}): Promise<Lead | undefined> {
    const [row] = await this.sql.all<Row>(`SELECT ${columns(withStages)} FROM leads WHERE id = ?`, [id]);
    return row && toLead(row);
  }

  /**
   * Newest first. `stages` keeps the leads at those stages (null: waiting, no button pressed yet);
   * `withStages` reads each lead's stage history in the same statement.
   */
  async list({ statuses = LEAD_STATUSES, stages, limit = 50, withStages = false }: { statuses?: readonly LeadStatus[]; stages?: readonly (Stage | null)[]; limit?: number; withStages?: boolean } = {}): Promise<Lead[]> {
    const keys = stages?.filter((s): s is Stage => s !== null) ?? [];
    const either = [...(keys.length ? [`stage IN (${keys.map(() => "?").join(", ")})`] : []), ...(stages?.includes(null) ? ["stage IS NULL"] : [])];
    const atStage = stages === undefined ? "" : ` AND (${either.join(" OR ") || "0"})`;
    const rows = await this.sql.all<Row>(
      `SELECT ${columns(withStages)} FROM leads WHERE status IN (${statuses.map(() => "?").join(", ")})${atStage} ORDER BY received_at DESC, id LIMIT ?`,
      [...statuses, ...keys, limit],
    );
    return rows.map(toLead);
  }

  /**
   * What the month's report counts, read together: the leads received in [from, to) counted by
   * Brisbane week (its Monday; Brisbane is UTC+10 all year), form, status, stage, the first page of
   * the visit (else the page sent from) and source; each of those leads (not held back) that was
   * pressed Called, with when it arrived and was first called; and the call taps from day
   * `firstDay` to `lastDay` (inclusive, "YYYY-MM-DD"), per page and number.
   */
  async monthFigures(from: number, to: number, firstDay: string, lastDay: string): Promise<MonthFigures> {
    const [counts, calls, taps] = (await this.readMany([
      {
        sql: "SELECT date((received_at + ?) / 1000, 'unixepoch', '-6 days', 'weekday 1') AS week, form, status, stage, COALESCE(landing, page) AS origin, source, COUNT(*) AS count FROM leads WHERE received_at >= ? AND received_at < ? GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6",
        params: [BRISBANE_OFFSET_MS, from, to],
      },
      {
        sql: `SELECT leads.id, leads.received_at, s.at FROM leads JOIN lead_stages AS s ON s.lead_id = leads.id AND s.stage = 'called' WHERE leads.received_at >= ? AND leads.received_at < ? AND leads.status IN (${LEAD_WORK_STATUSES.map(() => "?").join(", ")}) ORDER BY leads.received_at, leads.id`,
        params: [from, to, ...LEAD_WORK_STATUSES],
      },
      { sql: CALL_TAPS, params: [firstDay, lastDay] },
    ])) as [LeadCount[], { id: string; received_at: number; at: number }[], { page: string; number: string; count: number }[]];
    return {
      counts: counts.map((r) => ({ week: r.week, form: r.form, status: r.status, stage: r.stage, origin: r.origin, source: r.source, count: Number(r.count) })),
      calls: calls.map((r) => ({ id: r.id, receivedAt: Number(r.received_at), calledAt: Number(r.at) })),
      taps: taps.map((r) => ({ page: r.page, number: r.number, count: Number(r.count) })),
    };
  }

  /** Reads together where the Sql can, else one by one. */
  private async readMany(statements: Statement[]): Promise<unknown[][]> {
    if (this.sql.allMany) return this.sql.allMany(statements);
    const answers: unknown[][] = [];
    for (const s of statements) answers.push(await this.sql.all(s.sql, s.params));
    return answers;
  }

  /** The ids of pending leads whose next attempt is due, oldest first: a sender reads each lead afresh as it takes it. */
  async due(now: number, limit = 20): Promise<string[]> {
    const rows = await this.sql.all<{ id: string }>("SELECT id FROM leads WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY received_at, id LIMIT ?", [now, limit]);
    return rows.map((r) => r.id);
  }

  /**
   * Takes a pending lead whose attempt is due for one sender until `until`, in one statement:
   * false when it is not pending, not due, or another sender has it. Where several senders
   * may pick up the same lead at once (Queue consumers on Workers), only the one that took it sends.
   */
  async claim(id: string, now: number, until: number): Promise<boolean> {
    return (await this.sql.run("UPDATE leads SET next_attempt_at = ? WHERE id = ? AND status = 'pending' AND next_attempt_at <= ?", [until, id, now])) === 1;
  }

  /**
   * Written before part `index` is sent: until Telegram's answer is recorded, the part may have
   * reached the owner, so a send after a crash says "(possible repeat)". With `leaseUntil`, the
   * sender's claim is renewed for this part's attempt (Workers).
   */
  async sending(id: string, index: number, leaseUntil?: number): Promise<void> {
    await this.sql.run("UPDATE leads SET uncertain_part = ?, next_attempt_at = COALESCE(?, next_attempt_at) WHERE id = ? AND status = 'pending'", [index, leaseUntil ?? null, id]);
  }

  /**
   * Telegram accepted part `index`: it is never sent again. The last part makes the lead delivered,
   * and `notice` (its message id and text) is kept for the owner's buttons to edit.
   */
  async partSent(lead: Lead, index: number, now: number, notice?: { messageId?: number; text?: string }): Promise<void> {
    const last = lead.parts !== null && index + 1 >= lead.parts.length;
    await this.sql.run(
      `UPDATE leads SET parts_sent = ?, uncertain_part = NULL, last_error = NULL${last ? ", status = 'delivered', delivered_at = ?, notice_message_id = ?, notice_text = ?" : ""} WHERE id = ? AND parts_sent = ?`,
      last ? [index + 1, now, notice?.messageId ?? null, notice?.text ?? null, lead.id, index] : [index + 1, lead.id, index],
    );
  }

  /**
   * The owner pressed `stage` on the lead's notice: true when that moved it (the lead is at
   * another stage and not erased). Any stage may follow any other (a mis-tap is put right by
   * pressing the right one); each stage keeps its first press (the report's time to first call)
   * and its latest, with when and who.
   */
  async setStage(id: string, stage: Stage, at: number, by: { name: string; id?: number }): Promise<boolean> {
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
  async stageHistory(ids: string[]): Promise<Map<string, StageEntry[]>> {
    const history = new Map<string, StageEntry[]>();
    if (!ids.length) return history;
    const rows = await this.sql.all<{ lead_id: string; stage: Stage; at: number; by_name: string }>(
      `SELECT lead_id, stage, COALESCE(last_at, at) AS at, COALESCE(last_by_name, by_name) AS by_name FROM lead_stages WHERE lead_id IN (${ids.map(() => "?").join(", ")}) ORDER BY 3, stage`,
      ids,
    );
    for (const r of rows) history.set(r.lead_id, [...(history.get(r.lead_id) ?? []), { stage: r.stage, at: Number(r.at), byName: r.by_name }]);
    return history;
  }

  /** Delivered leads still at no stage, not yet reminded, delivered before `before`: the reminders' candidates. */
  async unremindedWaiting(before: number): Promise<{ id: string; deliveredAt: number; noticeMessageId: number; receivedAt: number }[]> {
    const rows = await this.sql.all<{ id: string; delivered_at: number; notice_message_id: number; received_at: number }>(
      "SELECT id, delivered_at, notice_message_id, received_at FROM leads WHERE status = 'delivered' AND stage IS NULL AND reminded_at IS NULL AND erased_at IS NULL AND notice_message_id IS NOT NULL AND delivered_at <= ? ORDER BY delivered_at LIMIT 50",
      [before],
    );
    return rows.map((r) => ({ id: r.id, deliveredAt: Number(r.delivered_at), noticeMessageId: Number(r.notice_message_id), receivedAt: Number(r.received_at) }));
  }

  /** Takes the lead's one reminder: false when it was already taken. `at` null gives it back (the send failed). */
  async reminder(id: string, at: number | null): Promise<boolean> {
    if (at === null) return (await this.sql.run("UPDATE leads SET reminded_at = NULL WHERE id = ?", [id])) === 1;
    return (await this.sql.run("UPDATE leads SET reminded_at = ? WHERE id = ? AND reminded_at IS NULL", [at, id])) === 1;
  }

  /** Leads received in [from, to), oldest first: the morning digest's. */
  async receivedBetween(from: number, to: number): Promise<Lead[]> {
    return (await this.sql.all<Row>(`SELECT ${COLUMNS} FROM leads WHERE received_at >= ? AND received_at < ? ORDER BY received_at, id`, [from, to])).map(toLead);
  }

  /** Delivered leads nobody has pressed a stage for yet, oldest first. */
  async waiting(limit = 20): Promise<Lead[]> {
    return (await this.sql.all<Row>(`SELECT ${COLUMNS} FROM leads WHERE status = 'delivered' AND stage IS NULL AND erased_at IS NULL ORDER BY received_at, id LIMIT ?`, [limit])).map(toLead);
  }

  /**
   * Moves a setting forward to `value` if it is behind it (text order, e.g. dates): true for the one
   * caller that moved it, so a daily job runs once even when two of its runs overlap.
   */
  async advanceSetting(name: string, value: string): Promise<boolean> {
    return (await this.sql.run("INSERT INTO relay_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value WHERE relay_settings.value < excluded.value", [name, value])) === 1;
  }

  async writeSetting(name: string, value: string): Promise<void> {
    await this.sql.run("INSERT INTO relay_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value", [name, value]);
  }

  async readSetting(name: string): Promise<string | undefined> {
    const [row] = await this.sql.all<{ value: string }>("SELECT value FROM relay_settings WHERE name = ?", [name]);
    return row?.value;
  }

  /**
   * Whether Telegram's update `updateId` was processed in the last 24 hours. Older ones do not count:
   * Telegram keeps an update no longer, and may number updates afresh (a new sequence reuses ids).
   */
  async updateSeen(updateId: number, now: number): Promise<boolean> {
    return (await this.sql.all("SELECT 1 FROM telegram_updates WHERE update_id = ? AND processed_at >= ?", [updateId, now - UPDATE_MEMORY_MS])).length > 0;
  }

  /** Records Telegram's update `updateId` as processed now. */
  async updateDone(updateId: number, now: number): Promise<void> {
    await this.sql.run("INSERT INTO telegram_updates (update_id, processed_at) VALUES (?, ?) ON CONFLICT (update_id) DO UPDATE SET processed_at = excluded.processed_at", [updateId, now]);
  }

  /** Forgets updates processed before `before`. */
  async forgetUpdates(before: number): Promise<number> {
    return this.sql.run("DELETE FROM telegram_updates WHERE processed_at < ?", [before]);
  }

  /** `uncertainPart`: the part that may have reached Telegram (null when the attempt certainly did not). */
  async retryLater(id: string, { at, error, uncertainPart }: { at: number; error: string; uncertainPart: number | null }): Promise<void> {
    await this.sql.run("UPDATE leads SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?, uncertain_part = ? WHERE id = ?", [at, error, uncertainPart, id]);
  }

  /**
   * Refused by Telegram: for the message, or (with `settingsMark`, the settings in force) for the
   * settings. `uncertainPart` as for retryLater: a refused part did not reach the owner.
   */
  async undeliverable(id: string, { kind, error, settingsMark = null, uncertainPart = null }: { kind: FailureKind; error: string; settingsMark?: string | null; uncertainPart?: number | null }): Promise<void> {
    await this.sql.run("UPDATE leads SET status = 'undeliverable', attempts = attempts + 1, failure_kind = ?, last_error = ?, settings_mark = ?, uncertain_part = ? WHERE id = ?", [
      kind,
      error,
      settingsMark,
      uncertainPart,
      id,
    ]);
  }

  /** Sends a lead again from its first unsent part: an undeliverable one, spam that was a person after all, or an unconfirmed one confirmed. */
  async requeue(id: string, now: number): Promise<boolean> {
    const changed = await this.sql.run(
      "UPDATE leads SET status = 'pending', next_attempt_at = ?, attempts = 0, failure_kind = NULL, settings_mark = NULL, spam_reason = NULL WHERE id = ? AND status IN ('undeliverable', 'spam', 'unconfirmed', 'pending') AND parts IS NOT NULL",
      [now, id],
    );
    return changed === 1;
  }

  /** A relay setting kept in the store, made by `make` and stored the first time it is asked for. */
  async setting(name: string, make: () => string): Promise<string> {
    await this.sql.run("INSERT INTO relay_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING", [name, make()]);
    const [row] = await this.sql.all<{ value: string }>("SELECT value FROM relay_settings WHERE name = ?", [name]);
    return row.value;
  }

  /**
   * Leads refused for the settings go back in line when the settings in force (their `mark`,
   * policy.ts) are not the ones that refused them: new settings, a new deployment, or a restart.
   */
  async requeueSettingsFailures(now: number, mark: string): Promise<number> {
    return this.sql.run(
      "UPDATE leads SET status = 'pending', next_attempt_at = ?, attempts = 0, failure_kind = NULL, settings_mark = NULL WHERE status = 'undeliverable' AND failure_kind = 'settings' AND settings_mark IS NOT ?",
      [now, mark],
    );
  }

  /**
   * The chat moved (a group became a supergroup): every lead held for the chat goes out again to the
   * new one, whatever settings refused it.
   */
  async requeueHeldForChat(now: number): Promise<number> {
    return this.sql.run(
      "UPDATE leads SET status = 'pending', next_attempt_at = ?, attempts = 0, failure_kind = NULL, settings_mark = NULL WHERE status = 'undeliverable' AND (failure_kind = 'settings' OR last_error LIKE '%group chat was upgraded%') AND parts IS NOT NULL",
      [now],
    );
  }

  /** How many leads the settings in force (their `mark`) were refused for. */
  async settingsRefusals(mark: string): Promise<number> {
    const [row] = await this.sql.all<{ n: number }>("SELECT COUNT(*) AS n FROM leads WHERE status = 'undeliverable' AND failure_kind = 'settings' AND settings_mark = ?", [mark]);
    return Number(row?.n ?? 0);
  }

  /**
   * Records that the proof with this signature was used for lead `id`, unless it already was;
   * answers the lead it was first used for. A proof is good for one lead (and its repeats).
   */
  async useProof(signature: string, id: string, now: number): Promise<string> {
    await this.sql.run("INSERT INTO used_proofs (signature, lead_id, used_at) VALUES (?, ?, ?) ON CONFLICT (signature) DO NOTHING", [signature, id, now]);
    const [row] = await this.sql.all<{ lead_id: string }>("SELECT lead_id FROM used_proofs WHERE signature = ?", [signature]);
    return row?.lead_id ?? id;
  }

  /** Forgets used proofs from before `before`: older proofs are refused as stale anyway. */
  async forgetProofs(before: number): Promise<number> {
    return this.sql.run("DELETE FROM used_proofs WHERE used_at < ?", [before]);
  }

  /** Erases what visitors typed from delivered, spam and unconfirmed leads received more than `days` days before `now`; keeps ids and times. */
  async erase(days: number, now: number): Promise<number> {
    return this.sql.run("UPDATE leads SET fields = NULL, parts = NULL, notice_text = NULL, notice_edited = NULL, erased_at = ? WHERE status IN ('delivered', 'spam', 'unconfirmed') AND received_at < ? AND erased_at IS NULL", [now, now - days * DAY_MS]);
  }

  /** For health checks, which anyone may ask for: the pending and undeliverable leads only, through the leads_due index. */
  async stats(): Promise<StoreStats> {
    const [row] = await this.sql.all<{ pending: number; oldest: number | null; undeliverable: number; error: string | null }>(
      "SELECT (SELECT COUNT(*) FROM leads WHERE status = 'pending') AS pending, (SELECT MIN(received_at) FROM leads WHERE status = 'pending') AS oldest, (SELECT COUNT(*) FROM leads WHERE status = 'undeliverable') AS undeliverable, (SELECT last_error FROM leads WHERE status = 'undeliverable' ORDER BY received_at DESC, id LIMIT 1) AS error",
    );
    return {
      pending: Number(row?.pending ?? 0),
      oldestPendingAt: row?.oldest == null ? null : Number(row.oldest),
      undeliverable: Number(row?.undeliverable ?? 0),
      undeliverableError: row?.error ?? null,
    };
  }
}
