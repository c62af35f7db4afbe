/**
 * The quotes the owner makes by replying with an amount, and what became of
 * each (migrations/0017, issue 51): sent to the customer or held, accepted
 * for a day and a time of day, the owner told, the booking confirmed or the
 * day given back. Plain SQL over the lead store's Sql, on Node's SQLite and
 * on D1 alike. The relay has no transactions there, so each step that must
 * happen once is one statement that changes a row only from the state it
 * expects, and a step that must follow (an email owed) is also made good by
 * the owner's minute tick (owedEmails), whatever crashed in between.
 */
import type { Sql } from "./sql.ts";
import type { TimeOfDay } from "../booking/days.ts";

export interface Quote {
  leadId: string;
  seq: number;
  cents: number;
  note: string | null;
  /** The days the owner offered for it, or null: any day the rules allow. */
  days: string[] | null;
  createdAt: number;
  byName: string;
  chatId: string | null;
  messageId: number | null;
  sentAt: number | null;
  expiresAt: number | null;
  /** The customer's link, once sent. */
  link: string | null;
  heldAt: number | null;
  acceptedAt: number | null;
  day: string | null;
  timeOfDay: TimeOfDay | null;
  toldAt: number | null;
  confirmedAt: number | null;
  confirmedBy: string | null;
  releasedAt: number | null;
}

interface Row {
  lead_id: string;
  seq: number;
  cents: number;
  note: string | null;
  days: string | null;
  created_at: number;
  by_name: string;
  chat_id: string | null;
  message_id: number | null;
  sent_at: number | null;
  expires_at: number | null;
  link: string | null;
  held_at: number | null;
  accepted_at: number | null;
  day: string | null;
  time_of_day: TimeOfDay | null;
  told_at: number | null;
  confirmed_at: number | null;
  confirmed_by: string | null;
  released_at: number | null;
}

const num = (v: number | null) => (v === null ? null : Number(v));
const toQuote = (r: Row): Quote => ({
  leadId: r.lead_id,
  seq: Number(r.seq),
  cents: Number(r.cents),
  note: r.note,
  days: r.days === null ? null : (JSON.parse(r.days) as string[]),
  createdAt: Number(r.created_at),
  byName: r.by_name,
  chatId: r.chat_id,
  messageId: num(r.message_id),
  sentAt: num(r.sent_at),
  expiresAt: num(r.expires_at),
  link: r.link,
  heldAt: num(r.held_at),
  acceptedAt: num(r.accepted_at),
  day: r.day,
  timeOfDay: r.time_of_day,
  toldAt: num(r.told_at),
  confirmedAt: num(r.confirmed_at),
  confirmedBy: r.confirmed_by,
  releasedAt: num(r.released_at),
});

/** A day is held by an accepted quote not given back, of a lead not Lost or Not a job (nor erased). */
const HOLDS = `q.accepted_at IS NOT NULL AND q.released_at IS NULL AND EXISTS (SELECT 1 FROM leads AS l WHERE l.id = q.lead_id AND l.erased_at IS NULL AND (l.stage IS NULL OR l.stage NOT IN ('lost', 'not-a-job')))`;
/** The lead's latest quote sent: the only one its customer can accept. */
const LATEST_SENT =
  "(SELECT MAX(seq) FROM lead_quotes AS s WHERE s.lead_id = lead_quotes.lead_id AND s.sent_at IS NOT NULL)";

/** What an accept post came to. */
export type AcceptResult = "accepted" | "again" | "refused";

export class Quotes {
  constructor(private readonly sql: Sql) {}

  /**
   * A new quote for the lead (the owner's reply with an amount), numbered after its last; `replyTo`: the
   * owner's message it came from ("chat:message"). Answers its number, and whether this call made it (a
   * reply handled again finds the quote it made the first time).
   */
  async add(
    leadId: string,
    q: { cents: number; note: string | null; byName: string; at: number; replyTo: string },
  ): Promise<{ seq: number; made: boolean }> {
    const made = () =>
      this.sql.all<{ seq: number }>("SELECT seq FROM lead_quotes WHERE reply_to = ?", [q.replyTo]);
    // Numbered in the statement itself, so two replies at once cannot take one number: the loser tries again.
    for (let tries = 0; tries < 5; tries++) {
      const [before] = await made();
      if (before) return { seq: Number(before.seq), made: false };
      const added = await this.sql.run(
        "INSERT INTO lead_quotes (lead_id, seq, cents, note, created_at, by_name, reply_to) SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ?, ? FROM lead_quotes WHERE lead_id = ? ON CONFLICT DO NOTHING",
        [leadId, q.cents, q.note, q.at, q.byName, q.replyTo, leadId],
      );
      const [now] = await made();
      if (added === 1 && now) return { seq: Number(now.seq), made: true };
    }
    throw new Error(`could not number a new quote for lead ${leadId}`);
  }

  /**
   * A quote right after quote `after` (the owner's days once Offer another day gave a day back): made only
   * while `after` is the lead's newest, so a press handled twice makes one. Answers its number, or
   * undefined when another was made since.
   */
  async addAfter(
    leadId: string,
    after: number,
    q: { cents: number; note: string | null; days: readonly string[]; byName: string; at: number },
  ): Promise<number | undefined> {
    const added = await this.sql.run(
      "INSERT INTO lead_quotes (lead_id, seq, cents, note, days, created_at, by_name) SELECT ?, ?, ?, ?, ?, ?, ? WHERE (SELECT MAX(seq) FROM lead_quotes WHERE lead_id = ?) = ? ON CONFLICT (lead_id, seq) DO NOTHING",
      [leadId, after + 1, q.cents, q.note, JSON.stringify(q.days), q.at, q.byName, leadId, after],
    );
    return added === 1 ? after + 1 : undefined;
  }

  async get(leadId: string, seq: number): Promise<Quote | undefined> {
    const [row] = await this.sql.all<Row>("SELECT * FROM lead_quotes WHERE lead_id = ? AND seq = ?", [
      leadId,
      seq,
    ]);
    return row && toQuote(row);
  }

  /** Every quote of a lead, oldest first (npm run leads -- show). */
  async ofLead(leadId: string): Promise<Quote[]> {
    return (
      await this.sql.all<Row>("SELECT * FROM lead_quotes WHERE lead_id = ? ORDER BY seq", [leadId])
    ).map(toQuote);
  }

  /** The lead's latest quote sent (the one its customer can accept), if any. */
  async latestSent(leadId: string): Promise<Quote | undefined> {
    const [row] = await this.sql.all<Row>(
      "SELECT * FROM lead_quotes WHERE lead_id = ? AND sent_at IS NOT NULL ORDER BY seq DESC LIMIT 1",
      [leadId],
    );
    return row && toQuote(row);
  }

  /** Where the relay's answer with Send and Not yet is, to edit it once either is pressed. */
  async answered(leadId: string, seq: number, chatId: string, messageId: number): Promise<void> {
    await this.sql.run("UPDATE lead_quotes SET chat_id = ?, message_id = ? WHERE lead_id = ? AND seq = ?", [
      chatId,
      messageId,
      leadId,
      seq,
    ]);
  }

  /**
   * Send: the quote goes to the customer with its `link`, standing until `expiresAt`; true for the press
   * that sent it (a draft, not held, and the lead's newest quote: a newer reply replaced it otherwise).
   */
  async send(
    leadId: string,
    seq: number,
    { at, expiresAt, link }: { at: number; expiresAt: number; link: string },
  ): Promise<boolean> {
    return (
      (await this.sql.run(
        "UPDATE lead_quotes SET sent_at = ?, expires_at = ?, link = ? WHERE lead_id = ? AND seq = ? AND sent_at IS NULL AND held_at IS NULL AND seq = (SELECT MAX(seq) FROM lead_quotes AS n WHERE n.lead_id = lead_quotes.lead_id)",
        [at, expiresAt, link, leadId, seq],
      )) === 1
    );
  }

  /** Not yet: the draft is kept, unsent; true for the press that held it. */
  async hold(leadId: string, seq: number, at: number): Promise<boolean> {
    return (
      (await this.sql.run(
        "UPDATE lead_quotes SET held_at = ? WHERE lead_id = ? AND seq = ? AND sent_at IS NULL AND held_at IS NULL",
        [at, leadId, seq],
      )) === 1
    );
  }

  /** How many jobs each day from `from` holds ("2027-01-14" → 2). */
  async taken(from: string): Promise<Map<string, number>> {
    const rows = await this.sql.all<{ day: string; n: number }>(
      `SELECT q.day AS day, COUNT(*) AS n FROM lead_quotes AS q WHERE q.day >= ? AND ${HOLDS} GROUP BY q.day`,
      [from],
    );
    return new Map(rows.map((r) => [r.day, Number(r.n)]));
  }

  /**
   * The customer accepts quote `seq` for `day` and `time`, in one statement: only the lead's latest
   * quote sent, not expired at `at`, not accepted before, the lead not erased, and (unless the owner
   * offered the day, `anyRoom`) while the day holds fewer than `jobsPerDay` jobs. "again": this quote
   * was accepted already (a second press, a reload): one acceptance. "refused": none of these held.
   */
  async accept(
    ref: { leadId: string; seq: number },
    choice: { day: string; time: TimeOfDay },
    { at, jobsPerDay, anyRoom }: { at: number; jobsPerDay: number; anyRoom: boolean },
  ): Promise<AcceptResult> {
    const changed = await this.sql.run(
      `UPDATE lead_quotes SET accepted_at = ?, day = ?, time_of_day = ?
        WHERE lead_id = ? AND seq = ? AND sent_at IS NOT NULL AND accepted_at IS NULL AND expires_at > ?
        AND seq = ${LATEST_SENT}
        AND EXISTS (SELECT 1 FROM leads AS l WHERE l.id = lead_quotes.lead_id AND l.erased_at IS NULL)
        AND (? = 1 OR (SELECT COUNT(*) FROM lead_quotes AS q WHERE q.day = ? AND ${HOLDS}) < ?)`,
      [at, choice.day, choice.time, ref.leadId, ref.seq, at, anyRoom ? 1 : 0, choice.day, jobsPerDay],
    );
    if (changed === 1) {
      // An earlier quote of the lead accepted before (a booking being changed) no longer holds its day.
      await this.sql.run(
        "UPDATE lead_quotes SET released_at = ? WHERE lead_id = ? AND seq < ? AND accepted_at IS NOT NULL AND released_at IS NULL",
        [at, ref.leadId, ref.seq],
      );
      return "accepted";
    }
    const now = await this.get(ref.leadId, ref.seq);
    return now?.acceptedAt != null ? "again" : "refused";
  }

  /**
   * Acceptances the owner has not been told of, for one sender: each claimed until `until`, answering
   * whether an earlier claim may have told the owner already (its notice then says "possible repeat").
   */
  async claimTelling(
    now: number,
    until: number,
    { limit = 5, leadId }: { limit?: number; leadId?: string } = {},
  ): Promise<{ quote: Quote; repeat: boolean }[]> {
    const rows = await this.sql.all<Row>(
      "SELECT * FROM lead_quotes WHERE told_at IS NULL AND accepted_at IS NOT NULL AND (telling_until IS NULL OR telling_until <= ?) AND (? IS NULL OR lead_id = ?) ORDER BY accepted_at LIMIT ?",
      [now, leadId ?? null, leadId ?? null, limit],
    );
    const claimed: { quote: Quote; repeat: boolean }[] = [];
    for (const row of rows) {
      // Whether a claim was made before is read in the same statement that makes this one.
      const took = await this.sql.run(
        "UPDATE lead_quotes SET told_uncertain = CASE WHEN telling_until IS NULL THEN told_uncertain ELSE 1 END, telling_until = ? WHERE lead_id = ? AND seq = ? AND told_at IS NULL AND (telling_until IS NULL OR telling_until <= ?)",
        [until, row.lead_id, row.seq, now],
      );
      if (took !== 1) continue;
      const [mark] = await this.sql.all<{ u: number }>(
        "SELECT told_uncertain AS u FROM lead_quotes WHERE lead_id = ? AND seq = ?",
        [row.lead_id, row.seq],
      );
      claimed.push({ quote: toQuote(row), repeat: Number(mark?.u) === 1 });
    }
    return claimed;
  }

  /** Telegram took the owner's notice of the acceptance (its message id, for Confirm's edit). */
  async told(
    q: { leadId: string; seq: number },
    at: number,
    chatId: string,
    messageId?: number,
  ): Promise<void> {
    await this.sql.run(
      "UPDATE lead_quotes SET told_at = ?, telling_until = NULL, chat_id = ?, message_id = COALESCE(?, message_id) WHERE lead_id = ? AND seq = ?",
      [at, chatId, messageId ?? null, q.leadId, q.seq],
    );
  }

  /**
   * Telegram did not take it (and certainly did not show it), or it was not tried: the next tick tries
   * again. Whether an earlier try may have shown it is kept.
   */
  async notTold(q: { leadId: string; seq: number }): Promise<void> {
    await this.sql.run(
      "UPDATE lead_quotes SET telling_until = NULL WHERE lead_id = ? AND seq = ? AND told_at IS NULL",
      [q.leadId, q.seq],
    );
  }

  /** Confirm booking: true for the press that confirmed it (accepted, the day not given back). */
  async confirm(q: { leadId: string; seq: number }, at: number, byName: string): Promise<boolean> {
    return (
      (await this.sql.run(
        "UPDATE lead_quotes SET confirmed_at = ?, confirmed_by = ? WHERE lead_id = ? AND seq = ? AND accepted_at IS NOT NULL AND released_at IS NULL AND confirmed_at IS NULL",
        [at, byName, q.leadId, q.seq],
      )) === 1
    );
  }

  /** Offer another day: the day chosen is given back; true for the press that gave it back. */
  async release(q: { leadId: string; seq: number }, at: number): Promise<boolean> {
    return (
      (await this.sql.run(
        "UPDATE lead_quotes SET released_at = ? WHERE lead_id = ? AND seq = ? AND accepted_at IS NOT NULL AND released_at IS NULL AND confirmed_at IS NULL",
        [at, q.leadId, q.seq],
      )) === 1
    );
  }

  /** The lead's booking: its latest confirmed quote whose day was not given back. */
  async booking(leadId: string): Promise<Quote | undefined> {
    const [row] = await this.sql.all<Row>(
      "SELECT * FROM lead_quotes WHERE lead_id = ? AND confirmed_at IS NOT NULL AND released_at IS NULL ORDER BY seq DESC LIMIT 1",
      [leadId],
    );
    return row && toQuote(row);
  }

  /** Confirmed bookings on `day`, of leads not Lost, Not a job or erased, by time of day then lead. */
  /** The jobs booked from `day` on ("2026-12-07"), by day, morning first: the owner's /jobs. */
  async bookedFrom(day: string, limit = 200): Promise<Quote[]> {
    return (
      await this.sql.all<Row>(
        `SELECT * FROM lead_quotes AS q WHERE q.day >= ? AND q.confirmed_at IS NOT NULL AND ${HOLDS} ORDER BY q.day, q.time_of_day DESC, q.accepted_at LIMIT ?`,
        [day, limit],
      )
    ).map(toQuote);
  }

  async bookedOn(day: string): Promise<Quote[]> {
    return (
      await this.sql.all<Row>(
        `SELECT * FROM lead_quotes AS q WHERE q.day = ? AND q.confirmed_at IS NOT NULL AND ${HOLDS} ORDER BY q.time_of_day DESC, q.accepted_at`,
        [day],
      )
    ).map(toQuote);
  }

  /**
   * Quotes whose email is owed and not recorded (a crash between the press and the email's record): sent
   * ones without their quote email, confirmed ones without their confirmation.
   */
  async owedEmails(limit = 20): Promise<{ quote: Quote; kind: "quote" | "booking" }[]> {
    const rows = await this.sql.all<Row & { owed: "quote" | "booking" }>(
      `SELECT q.*, 'quote' AS owed FROM lead_quotes AS q WHERE q.sent_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM lead_emails AS e WHERE e.lead_id = q.lead_id AND e.kind = 'quote-' || q.seq)
        UNION ALL SELECT q.*, 'booking' AS owed FROM lead_quotes AS q WHERE q.confirmed_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM lead_emails AS e WHERE e.lead_id = q.lead_id AND e.kind = 'booking-' || q.seq)
        LIMIT ?`,
      [limit],
    );
    return rows.map((r) => ({ quote: toQuote(r), kind: r.owed }));
  }

  /** Every lead's booking (its latest confirmed quote not given back): the CSV export's and the report's. */
  async bookings(): Promise<Map<string, Quote>> {
    const rows = await this.sql.all<Row>(
      "SELECT * FROM lead_quotes AS q WHERE q.confirmed_at IS NOT NULL AND q.released_at IS NULL AND q.seq = (SELECT MAX(seq) FROM lead_quotes AS b WHERE b.lead_id = q.lead_id AND b.confirmed_at IS NOT NULL AND b.released_at IS NULL)",
    );
    return new Map(rows.map((r) => [r.lead_id, toQuote(r)]));
  }
}
