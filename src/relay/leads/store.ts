/**
 * The lead store: every submission the relay accepts, with its delivery
 * progress, and the call taps counted. Plain SQL over a small async interface
 * (sql.ts), so the same queries run on Node (SQLite through libsql,
 * node/sqlite.ts) and on Cloudflare D1 (worker/d1.ts). The schema is
 * migrations/*.sql. Beside the leads, over the same Sql: the owner's stages
 * (stage-store.ts), what the reminders and digest read (owner-queries.ts),
 * what the relay keeps for itself (memory.ts), what the owner tells it by
 * replying (owner-notes.ts), the emails each lead causes (email-records.ts),
 * the quotes emailed to customers and their bookings (quotes.ts), and the
 * month's report's queries (report-queries.ts).
 */
import type { Stage } from "./stages.ts";
import {
  columns,
  LEAD_STATUSES,
  toLead,
  type FailureKind,
  type Lead,
  type LeadStatus,
  type NewLead,
  type Row,
} from "./lead.ts";
import { EmailRecords } from "./email-records.ts";
import { HandledUpdates, Settings, UsedProofs } from "./memory.ts";
import { OwnerNotes } from "./owner-notes.ts";
import { OwnerQueries } from "./owner-queries.ts";
import { groupCommit, readMany, type Sql, type Statement } from "./sql.ts";
import { StageStore } from "./stage-store.ts";
import { Quotes } from "./quotes.ts";
import { DETAIL_COLUMNS, detailValues } from "./quote-details-store.ts";

export type TapCount = { page: string; number: string; count: number };
/** Call taps per page and number from one day to another (inclusive, "YYYY-MM-DD"). */
export const CALL_TAPS =
  "SELECT page, number, SUM(count) AS count FROM call_taps WHERE day >= ? AND day <= ? GROUP BY page, number ORDER BY page, number";
export const tapCounts = (rows: TapCount[]): TapCount[] =>
  rows.map((r) => ({ page: r.page, number: r.number, count: Number(r.count) }));

/** A day in milliseconds: the retention period (LEADS_RETENTION_DAYS) is counted in days. */
export const DAY_MS = 24 * 60 * 60_000;

export interface StoreStats {
  pending: number;
  /** When the longest-waiting pending lead was received, or null with none pending. */
  oldestPendingAt: number | null;
  /** Leads Telegram did not take, kept for the owner until sent again. */
  undeliverable: number;
  /** Why the newest of them was not taken. */
  undeliverableError: string | null;
}

export class LeadStore {
  readonly stages: StageStore;
  readonly owner: OwnerQueries;
  readonly settings: Settings;
  readonly updates: HandledUpdates;
  readonly proofs: UsedProofs;
  readonly notes: OwnerNotes;
  readonly emails: EmailRecords;
  readonly quotes: Quotes;

  /** New leads, committed together when they come together (sql.ts groupCommit). */
  readonly #adds: (statement: Statement) => Promise<number>;

  /** `sql`: the store's own, for queries the relay never runs (the month's report, report-queries.ts). */
  constructor(readonly sql: Sql) {
    this.#adds = groupCommit(sql);
    this.stages = new StageStore(sql);
    this.owner = new OwnerQueries(sql);
    this.settings = new Settings(sql);
    this.updates = new HandledUpdates(sql);
    this.proofs = new UsedProofs(sql);
    this.notes = new OwnerNotes(sql);
    this.emails = new EmailRecords(sql);
    this.quotes = new Quotes(sql);
  }

  /**
   * Stores a new lead in one statement, a quote's details with it, so a failed write keeps none of it;
   * false when a lead with this id is already stored (a repeat).
   */
  async add(lead: NewLead): Promise<boolean> {
    const a = lead.attribution ?? {};
    const params = [
      lead.id,
      lead.form,
      JSON.stringify(lead.fields),
      JSON.stringify(lead.parts),
      lead.receivedAt,
      lead.status ?? "pending",
      lead.spamReason ?? null,
      lead.receivedAt,
      ...[a.page, a.landing, a.landingName, a.source, a.utm_source, a.utm_medium, a.utm_campaign].map(
        (v) => v ?? null,
      ),
      ...detailValues(lead.quote),
    ];
    const changed = await this.#adds({
      sql: `INSERT INTO leads (id, form, fields, parts, received_at, status, spam_reason, next_attempt_at, page, landing, landing_name, source, utm_source, utm_medium, utm_campaign, ${DETAIL_COLUMNS}) VALUES (${params.map(() => "?").join(", ")}) ON CONFLICT (id) DO NOTHING`,
      params,
    });
    return changed === 1;
  }

  /** One tap on a phone link: counted for its day in the business's time zone, page and number, nothing else. */
  async countCallTap(day: string, page: string, number: string): Promise<void> {
    await this.sql.run(
      "INSERT INTO call_taps (day, page, number, count) VALUES (?, ?, ?, 1) ON CONFLICT (day, page, number) DO UPDATE SET count = count + 1",
      [day, page, number],
    );
  }

  /**
   * Forgets the call taps of days before `beforeDay` ("YYYY-MM-DD", the business's): kept as long as leads are
   * (LEADS_RETENTION_DAYS).
   */
  async forgetCallTaps(beforeDay: string): Promise<number> {
    return this.sql.run("DELETE FROM call_taps WHERE day < ?", [beforeDay]);
  }

  /** Call taps per page from day `from` to day `to` (inclusive, "YYYY-MM-DD"). */
  async callTaps(from: string, to: string): Promise<TapCount[]> {
    return tapCounts(await this.sql.all<TapCount>(CALL_TAPS, [from, to]));
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
  async list(options: ListOptions = {}): Promise<Lead[]> {
    const { sql, params } = listStatement(options);
    return (await this.sql.all<Row>(sql, params)).map(toLead);
  }

  /**
   * list() and stats() read together, in one round trip where the Sql can (wrangler: one process for both).
   */
  async listWithStats(options: ListOptions = {}): Promise<{ leads: Lead[]; stats: StoreStats }> {
    const [rows, [stats]] = (await readMany(this.sql, [listStatement(options), { sql: STATS }])) as [
      Row[],
      StatsRow[],
    ];
    return { leads: rows.map(toLead), stats: statsOf(stats) };
  }

  /**
   * The ids of pending leads whose next attempt is due, oldest first: a sender reads each lead afresh as it
   * takes it.
   */
  async due(now: number, limit = 20): Promise<string[]> {
    const rows = await this.sql.all<{ id: string }>(
      "SELECT id FROM leads WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY received_at, id LIMIT ?",
      [now, limit],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Takes a pending lead whose attempt is due for one sender until `until`, in one statement:
   * false when it is not pending, not due, or another sender has it. Where several senders
   * may pick up the same lead at once (Queue consumers on Workers), only the one that took it sends.
   */
  async claim(id: string, now: number, until: number): Promise<boolean> {
    return (
      (await this.sql.run(
        "UPDATE leads SET next_attempt_at = ? WHERE id = ? AND status = 'pending' AND next_attempt_at <= ?",
        [until, id, now],
      )) === 1
    );
  }

  /**
   * Written before part `index` is sent: until Telegram's answer is recorded, the part may have
   * reached the owner, so a send after a crash says "(possible repeat)". With `leaseUntil`, the
   * sender's claim is renewed for this part's attempt (Workers).
   */
  async sending(id: string, index: number, leaseUntil?: number): Promise<void> {
    await this.sql.run(
      "UPDATE leads SET uncertain_part = ?, next_attempt_at = COALESCE(?, next_attempt_at) WHERE id = ? AND status = 'pending'",
      [index, leaseUntil ?? null, id],
    );
  }

  /**
   * Telegram accepted part `index`: it is never sent again. The last part makes the lead delivered,
   * and `notice` (its message id and text) is kept for the owner's buttons to edit.
   */
  async partSent(
    lead: Lead,
    index: number,
    now: number,
    notice?: { messageId?: number; chatId?: string; text?: string },
  ): Promise<void> {
    const last = lead.parts !== null && index + 1 >= lead.parts.length;
    await this.sql.run(
      `UPDATE leads SET parts_sent = ?, uncertain_part = NULL, last_error = NULL${last ? ", status = 'delivered', delivered_at = COALESCE(delivered_at, ?), notice_message_id = ?, notice_chat_id = ?, notice_text = ?" : ""} WHERE id = ? AND parts_sent = ?`,
      last
        ? [
            index + 1,
            now,
            notice?.messageId ?? null,
            notice?.chatId ?? null,
            notice?.text ?? null,
            lead.id,
            index,
          ]
        : [index + 1, lead.id, index],
    );
  }

  /**
   * Not this lead's turn yet (the chat's slot is taken, or a flood's summary is not due): its next
   * attempt at `at`, no attempt counted. Also frees a Worker's claim on it.
   */
  async later(id: string, at: number): Promise<void> {
    await this.sql.run("UPDATE leads SET next_attempt_at = ? WHERE id = ? AND status = 'pending'", [at, id]);
  }

  /** `uncertainPart`: the part that may have reached Telegram (null when the attempt certainly did not). */
  async retryLater(
    id: string,
    { at, error, uncertainPart }: { at: number; error: string; uncertainPart: number | null },
  ): Promise<void> {
    await this.sql.run(
      "UPDATE leads SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?, uncertain_part = ? WHERE id = ?",
      [at, error, uncertainPart, id],
    );
  }

  /**
   * Refused by Telegram: for the message, or (with `settingsMark`, the settings in force) for the
   * settings. `uncertainPart` as for retryLater: a refused part did not reach the owner.
   */
  async undeliverable(
    id: string,
    {
      kind,
      error,
      settingsMark = null,
      uncertainPart = null,
    }: { kind: FailureKind; error: string; settingsMark?: string | null; uncertainPart?: number | null },
  ): Promise<void> {
    await this.sql.run(
      "UPDATE leads SET status = 'undeliverable', attempts = attempts + 1, failure_kind = ?, last_error = ?, settings_mark = ?, uncertain_part = ? WHERE id = ?",
      [kind, error, settingsMark, uncertainPart, id],
    );
  }

  /**
   * Sends a lead again from its first unsent part: an undeliverable one, spam that was a person after all, or
   * an unconfirmed one confirmed.
   */
  async requeue(id: string, now: number): Promise<boolean> {
    const changed = await this.sql.run(
      "UPDATE leads SET status = 'pending', next_attempt_at = ?, attempts = 0, failure_kind = NULL, settings_mark = NULL, spam_reason = NULL WHERE id = ? AND status IN ('undeliverable', 'spam', 'unconfirmed', 'pending') AND parts IS NOT NULL",
      [now, id],
    );
    return changed === 1;
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

  /** The oldest lead the settings in force (their `mark`) were refused for: a refused bot's probe. */
  async oldestHeld(mark: string): Promise<string | undefined> {
    const [row] = await this.sql.all<{ id: string }>(
      "SELECT id FROM leads WHERE status = 'undeliverable' AND failure_kind = 'settings' AND settings_mark = ? AND parts IS NOT NULL ORDER BY received_at, id LIMIT 1",
      [mark],
    );
    return row?.id;
  }

  /** Every lead the settings in force were refused for goes back in line: Telegram takes them again. */
  async requeueHeld(mark: string, now: number): Promise<number> {
    return this.sql.run(
      "UPDATE leads SET status = 'pending', next_attempt_at = ?, attempts = 0, failure_kind = NULL, settings_mark = NULL WHERE status = 'undeliverable' AND failure_kind = 'settings' AND settings_mark = ? AND parts IS NOT NULL",
      [now, mark],
    );
  }

  /** How many leads the settings in force (their `mark`) were refused for. */
  async settingsRefusals(mark: string): Promise<number> {
    const [row] = await this.sql.all<{ n: number }>(
      "SELECT COUNT(*) AS n FROM leads WHERE status = 'undeliverable' AND failure_kind = 'settings' AND settings_mark = ?",
      [mark],
    );
    return Number(row?.n ?? 0);
  }

  /**
   * Erases what visitors typed from delivered, spam and unconfirmed leads received more than `days` days
   * before `now`; keeps ids and times.
   */
  async erase(days: number, now: number): Promise<number> {
    return this.sql.run(
      "UPDATE leads SET fields = NULL, parts = NULL, notice_text = NULL, notice_edited = NULL, erased_at = ? WHERE status IN ('delivered', 'spam', 'unconfirmed') AND received_at < ? AND erased_at IS NULL",
      [now, now - days * DAY_MS],
    );
  }

  /**
   * For health checks, which anyone may ask for: the pending and undeliverable leads only, through the
   * leads_due index.
   */
  async stats(): Promise<StoreStats> {
    const [row] = await this.sql.all<StatsRow>(STATS);
    return statsOf(row);
  }
}

type ListOptions = {
  statuses?: readonly LeadStatus[];
  stages?: readonly (Stage | null)[];
  limit?: number;
  withStages?: boolean;
};

/** list()'s statement: newest first, at the statuses and stages asked for. */
function listStatement({
  statuses = LEAD_STATUSES,
  stages,
  limit = 50,
  withStages = false,
}: ListOptions): Statement {
  const keys = stages?.filter((s): s is Stage => s !== null) ?? [];
  const either = [
    ...(keys.length ? [`stage IN (${keys.map(() => "?").join(", ")})`] : []),
    ...(stages?.includes(null) ? ["stage IS NULL"] : []),
  ];
  const atStage = stages === undefined ? "" : ` AND (${either.join(" OR ") || "0"})`;
  return {
    sql: `SELECT ${columns(withStages)} FROM leads WHERE status IN (${statuses.map(() => "?").join(", ")})${atStage} ORDER BY received_at DESC, id LIMIT ?`,
    params: [...statuses, ...keys, limit],
  };
}

/** A lead erased at its visitor's request before it was delivered is never sent, and not counted as held. */
const STATS =
  "SELECT (SELECT COUNT(*) FROM leads WHERE status = 'pending') AS pending, (SELECT MIN(received_at) FROM leads WHERE status = 'pending') AS oldest, (SELECT COUNT(*) FROM leads WHERE status = 'undeliverable' AND erased_on_request IS NULL) AS undeliverable, (SELECT last_error FROM leads WHERE status = 'undeliverable' AND erased_on_request IS NULL ORDER BY received_at DESC, id LIMIT 1) AS error";
type StatsRow =
  { pending: number; oldest: number | null; undeliverable: number; error: string | null } | undefined;
const statsOf = (row: StatsRow): StoreStats => ({
  pending: Number(row?.pending ?? 0),
  oldestPendingAt: row?.oldest == null ? null : Number(row.oldest),
  undeliverable: Number(row?.undeliverable ?? 0),
  undeliverableError: row?.error ?? null,
});
