/**
 * The emails each lead causes, written down before they are sent (migrations/0009_email.sql,
 * decision 0063): one row per (lead, kind), so that what was recorded is sent, after a crash
 * too, under the same Idempotency-Key (decision 0060), and what was not sent says why. Plain SQL
 * over the lead store's Sql, on Node's SQLite and on D1 alike. The limits on confirmations are
 * counted here, in the database, so they hold across restarts and across a Worker's isolates:
 * each is checked and the row written in one statement.
 */
import type { Sql } from "./sql.ts";
import type { EmailKind } from "../email/client.ts";
import { limitedDomain, mailboxKey } from "../email/address.ts";
import { sha256Hex, toHex } from "../../shared/hex.ts";

export type EmailStatus = "pending" | "sent" | "not-sent";

export interface EmailRecord {
  leadId: string;
  kind: EmailKind;
  /** null once erased with what the visitor typed. */
  recipient: string | null;
  status: EmailStatus;
  /** not-sent: why not; an owner's copy: why it came by email; sent without an id: what the provider said. */
  reason: string | null;
  createdAt: number;
  attempts: number;
  firstAttemptAt: number | null;
  nextAttemptAt: number;
  lastError: string | null;
  /**
   * An attempt began and its answer was not recorded: the email may have gone (the key makes a retry safe).
   */
  uncertain: boolean;
  sentAt: number | null;
  providerId: string | null;
  /** An email not made from a lead (the digest): its text, as recorded. */
  body: string | null;
}

interface Row {
  lead_id: string;
  kind: EmailKind;
  recipient: string | null;
  status: EmailStatus;
  reason: string | null;
  created_at: number;
  attempts: number;
  first_attempt_at: number | null;
  next_attempt_at: number;
  last_error: string | null;
  uncertain: number;
  sent_at: number | null;
  provider_id: string | null;
  body: string | null;
}

const num = (v: number | null) => (v === null ? null : Number(v));
const toRecord = (r: Row): EmailRecord => ({
  leadId: r.lead_id,
  kind: r.kind,
  recipient: r.recipient,
  status: r.status,
  reason: r.reason,
  createdAt: Number(r.created_at),
  attempts: Number(r.attempts),
  firstAttemptAt: num(r.first_attempt_at),
  nextAttemptAt: Number(r.next_attempt_at),
  lastError: r.last_error,
  uncertain: Number(r.uncertain) === 1,
  sentAt: num(r.sent_at),
  providerId: r.provider_id,
  body: r.body,
});

/** The digest's row stands in the lead's place under this id: one digest a day, keyed by its day. */
export const digestId = (day: string) => `digest-${day}`;

const HOUR_MS = 60 * 60_000;
/** One confirmation to an address in this long at most (issue 40). */
export const PER_ADDRESS_MS = 24 * HOUR_MS;
/**
 * At most this many confirmations to one domain in PER_ADDRESS_MS, but to the domains limitedDomain
 * exempts: on a domain that takes any address (a catch-all) every address is one person's inbox
 * (issue 49, decision 0072).
 */
export const PER_DOMAIN = 3;
/**
 * The most confirmations one client (its address, an IPv6 client's /64) may cause in an hour: a quarter of
 * EMAIL_CONFIRMATIONS_PER_HOUR, at least one, so one client cannot spend the ceiling every other visitor
 * shares (decision 0072).
 */
export const clientShare = (perHour: number): number => Math.max(1, Math.ceil(perHour / 4));

/** What recordConfirmation holds a confirmation to. */
export interface ConfirmationLimits {
  /** EMAIL_CONFIRMATIONS_PER_HOUR. */
  perHour: number;
  /** The business's own domains (OWNER_EMAIL's, EMAIL_FROM's): no per-domain limit there. */
  ownDomains: readonly string[];
}
/**
 * A lead is confirmed only this soon after it came: a confirmation an hour late confuses more than it helps.
 */
export const CONFIRM_WITHIN_MS = 60 * 60_000;

/** Statuses that count against the limits: recorded to go, or gone. */
const COUNTED = "status IN ('pending', 'sent')";
const CONFIRMATION = "'visitor-confirmation'";
/**
 * The same inbox: its mailboxKey, or for a row from before migration 0014 (no key) the address in any case.
 * Takes the key and the address.
 */
const SAME_INBOX = "(mailbox = ? OR (mailbox IS NULL AND recipient = ? COLLATE NOCASE))";

/** Leads that passed the spam check (never spam or unconfirmed) and have no confirmation row yet. */
const UNCONFIRMED_LEADS = `SELECT id, fields FROM leads WHERE status IN ('pending', 'delivered', 'undeliverable') AND received_at > ? AND fields IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM lead_emails AS e WHERE e.lead_id = leads.id AND e.kind = ${CONFIRMATION}) ORDER BY received_at, id LIMIT ?`;

export class EmailRecords {
  constructor(private readonly sql: Sql) {}

  /**
   * Leads received after `since` that passed the spam check and have no confirmation recorded, with the
   * address they gave.
   */
  async leadsToConfirm(since: number, limit = 20): Promise<{ id: string; email: string }[]> {
    const rows = await this.sql.all<{ id: string; fields: string }>(UNCONFIRMED_LEADS, [since, limit]);
    return rows.map((r) => ({
      id: r.id,
      email: String((JSON.parse(r.fields) as Record<string, unknown>).email ?? ""),
    }));
  }

  /**
   * Leads received between `since` and `before` still without their confirmation recorded: the email
   * loop has not kept up with them (health says so).
   */
  async behind(since: number, before: number): Promise<number> {
    const [row] = await this.sql.all<{ n: number }>(
      `SELECT COUNT(*) AS n FROM leads WHERE status IN ('pending', 'delivered', 'undeliverable') AND received_at > ? AND received_at <= ? AND fields IS NOT NULL AND NOT EXISTS (SELECT 1 FROM lead_emails AS e WHERE e.lead_id = leads.id AND e.kind = ${CONFIRMATION})`,
      [since, before],
    );
    return Number(row?.n ?? 0);
  }

  /**
   * Records the lead's confirmation to `to` as pending when no limit is reached, in one statement
   * (two senders at once cannot both pass): none to this inbox (mailboxKey) in the last 24 hours,
   * fewer than PER_DOMAIN to its domain then (limitedDomain), fewer than `perHour` in the last
   * hour. Otherwise records it not sent, saying which limit. Answers the status recorded
   * (undefined: the lead had a row already).
   */
  async recordConfirmation(
    leadId: string,
    to: string,
    now: number,
    { perHour, ownDomains }: ConfirmationLimits,
  ): Promise<EmailStatus | undefined> {
    const mailbox = mailboxKey(to);
    const domain = limitedDomain(mailbox, ownDomains) ?? null;
    const toDomain = `SELECT COUNT(*) FROM lead_emails WHERE kind = ${CONFIRMATION} AND domain = ? AND ${COUNTED} AND created_at > ?`;
    const pending = await this.sql.run(
      `INSERT INTO lead_emails (lead_id, kind, recipient, mailbox, domain, status, created_at, next_attempt_at) SELECT ?, ${CONFIRMATION}, ?, ?, ?, 'pending', ?, ?
        WHERE NOT EXISTS (SELECT 1 FROM lead_emails WHERE kind = ${CONFIRMATION} AND ${SAME_INBOX} AND ${COUNTED} AND created_at > ?)
        AND (? IS NULL OR (${toDomain}) < ?)
        AND (SELECT COUNT(*) FROM lead_emails WHERE kind = ${CONFIRMATION} AND ${COUNTED} AND created_at > ?) < ?
        ON CONFLICT (lead_id, kind) DO NOTHING`,
      [
        ...[leadId, to, mailbox, domain, now, now],
        ...[mailbox, to, now - PER_ADDRESS_MS],
        ...[domain, domain, now - PER_ADDRESS_MS, PER_DOMAIN],
        ...[now - HOUR_MS, perHour],
      ],
    );
    if (pending) return "pending";
    const [counts] = await this.sql.all<{ inbox: number; domain: number }>(
      `SELECT (SELECT COUNT(*) FROM lead_emails WHERE kind = ${CONFIRMATION} AND ${SAME_INBOX} AND ${COUNTED} AND created_at > ? AND lead_id != ?) AS inbox, (${toDomain}) AS domain`,
      [mailbox, to, now - PER_ADDRESS_MS, leadId, domain, now - PER_ADDRESS_MS],
    );
    const why = Number(counts?.inbox)
      ? "a confirmation went to this address in the last 24 hours"
      : domain !== null && Number(counts?.domain) >= PER_DOMAIN
        ? `${PER_DOMAIN} confirmations went to ${domain} in the last 24 hours (a domain that takes any address may be one person's inbox)`
        : `the ceiling of ${perHour} confirmations an hour was reached (EMAIL_CONFIRMATIONS_PER_HOUR)`;
    return (await this.recordNotSent(leadId, "visitor-confirmation", to, `not sent: ${why}`, now))
      ? "not-sent"
      : undefined;
  }

  /**
   * Takes one of `client`'s `share` confirmations of the last hour for a post just kept (the
   * intake's, keep.ts): false when the client has used them. Counted in the store under a keyed
   * hash of the client (its address, an IPv6 client's /64), never the address, and forgotten after
   * the hour, so the share holds across restarts and a Worker's isolates and nothing outlives it.
   */
  async takeClientShare(client: string, now: number, share: number): Promise<boolean> {
    const mark = await sha256Hex(`${await this.clientKey()}:${client}`, 12);
    await this.sql.run("DELETE FROM email_clients WHERE at <= ?", [now - HOUR_MS]);
    return (
      (await this.sql.run(
        "INSERT INTO email_clients (client, at) SELECT ?, ? WHERE (SELECT COUNT(*) FROM email_clients WHERE client = ? AND at > ?) < ?",
        [mark, now, mark, now - HOUR_MS, share],
      )) === 1
    );
  }

  #clientKey: Promise<string> | undefined;
  /** The key of the clients' hashes: made once, kept in the store, so every isolate hashes alike. */
  private clientKey(): Promise<string> {
    return (this.#clientKey ??= (async () => {
      await this.sql.run(
        "INSERT INTO relay_settings (name, value) VALUES ('email-client-key', ?) ON CONFLICT (name) DO NOTHING",
        [toHex(crypto.getRandomValues(new Uint8Array(32)))],
      );
      const [row] = await this.sql.all<{ value: string }>(
        "SELECT value FROM relay_settings WHERE name = 'email-client-key'",
      );
      return row.value;
    })());
  }

  /**
   * An email to the lead's customer (a booking's: its quote, its confirmation, its reminder), recorded
   * to be sent, once: false when the lead had a row of this kind already.
   */
  async record(leadId: string, kind: EmailKind, to: string, now: number): Promise<boolean> {
    return (
      (await this.sql.run(
        "INSERT INTO lead_emails (lead_id, kind, recipient, status, created_at, next_attempt_at) VALUES (?, ?, ?, 'pending', ?, ?) ON CONFLICT (lead_id, kind) DO NOTHING",
        [leadId, kind, to, now, now],
      )) === 1
    );
  }

  /** An email that will not be sent, with why; false when the lead had a row of this kind already. */
  async recordNotSent(
    leadId: string,
    kind: EmailKind,
    to: string | null,
    reason: string,
    now: number,
  ): Promise<boolean> {
    return (
      (await this.sql.run(
        "INSERT INTO lead_emails (lead_id, kind, recipient, status, reason, created_at, next_attempt_at) VALUES (?, ?, ?, 'not-sent', ?, ?, ?) ON CONFLICT (lead_id, kind) DO NOTHING",
        [leadId, kind, to, reason, now, now],
      )) === 1
    );
  }

  /**
   * Records the owner's copy of every lead received after `since` that Telegram has not taken:
   * refused (for its settings or for the message), or pending since before `lateBefore`, or
   * pending while Telegram refuses the relay's settings. Each lead once (its row's key); the
   * reason says why it came by email (`late`: why for a lead pending since before `lateBefore`).
   * Answers how many were recorded.
   */
  async recordOwnerCopies(
    to: string,
    now: number,
    since: number,
    lateBefore: number,
    late: string,
  ): Promise<number> {
    return this.sql.run(
      `INSERT INTO lead_emails (lead_id, kind, recipient, status, reason, created_at, next_attempt_at)
        SELECT id, 'owner-lead', ?, 'pending',
          CASE WHEN status = 'undeliverable' AND failure_kind = 'settings' THEN 'Telegram refuses the relay''s bot (' || COALESCE(last_error, 'no reason given') || ')'
            WHEN status = 'undeliverable' THEN 'Telegram did not take this notice (' || COALESCE(last_error, 'no reason given') || ')'
            WHEN received_at <= ? THEN ? || COALESCE(' (' || last_error || ')', '')
            ELSE 'Telegram refuses the relay''s bot, so every notice waits' END,
          ?, ?
        FROM leads WHERE parts IS NOT NULL AND received_at > ?
          AND (status = 'undeliverable' OR (status = 'pending' AND (received_at <= ? OR EXISTS (SELECT 1 FROM leads AS held WHERE held.status = 'undeliverable' AND held.failure_kind = 'settings'))))
        ON CONFLICT (lead_id, kind) DO NOTHING`,
      [to, lateBefore, late, now, now, since, lateBefore],
    );
  }

  /** The owner's digest of `day` ("2026-11-27") by email, with its text: once a day. */
  async recordDigest(day: string, to: string, body: string, now: number): Promise<boolean> {
    return (
      (await this.sql.run(
        "INSERT INTO lead_emails (lead_id, kind, recipient, status, created_at, next_attempt_at, body) VALUES (?, 'owner-digest', ?, 'pending', ?, ?, ?) ON CONFLICT (lead_id, kind) DO NOTHING",
        [digestId(day), to, now, now, body],
      )) === 1
    );
  }

  /** Pending emails whose attempt is due, oldest first. */
  async due(now: number, limit = 10): Promise<EmailRecord[]> {
    return (
      await this.sql.all<Row>(
        "SELECT * FROM lead_emails WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY created_at, lead_id LIMIT ?",
        [now, limit],
      )
    ).map(toRecord);
  }

  /**
   * Takes a due email for one sender until `until` and writes down that an attempt begins (its
   * first attempt's time kept), in one statement: false when another sender has it. From here
   * until the answer is recorded, the email may have gone.
   */
  async claim(r: EmailRecord, now: number, until: number): Promise<boolean> {
    return (
      (await this.sql.run(
        "UPDATE lead_emails SET next_attempt_at = ?, first_attempt_at = COALESCE(first_attempt_at, ?), uncertain = 1 WHERE lead_id = ? AND kind = ? AND status = 'pending' AND next_attempt_at <= ?",
        [until, now, r.leadId, r.kind, now],
      )) === 1
    );
  }

  async sent(
    r: EmailRecord,
    now: number,
    providerId: string | null,
    reason: string | null = null,
  ): Promise<void> {
    await this.sql.run(
      "UPDATE lead_emails SET status = 'sent', sent_at = ?, provider_id = ?, attempts = attempts + 1, uncertain = 0, last_error = NULL, reason = COALESCE(?, reason) WHERE lead_id = ? AND kind = ?",
      [now, providerId, reason, r.leadId, r.kind],
    );
  }

  /** `uncertain`: this attempt may have sent it. */
  async retryLater(r: EmailRecord, at: number, error: string, uncertain: boolean): Promise<void> {
    await this.sql.run(
      "UPDATE lead_emails SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?, uncertain = ? WHERE lead_id = ? AND kind = ?",
      [at, error, uncertain ? 1 : 0, r.leadId, r.kind],
    );
  }

  async notSent(
    r: EmailRecord,
    reason: string,
    { attempted = true }: { attempted?: boolean } = {},
  ): Promise<void> {
    await this.sql.run(
      `UPDATE lead_emails SET status = 'not-sent', reason = ?, uncertain = 0${attempted ? ", attempts = attempts + 1" : ""} WHERE lead_id = ? AND kind = ?`,
      [reason, r.leadId, r.kind],
    );
  }

  /**
   * How many emails the provider has not taken since before `before`: pending, first tried then or earlier
   * (the health check).
   */
  async failingSince(before: number): Promise<number> {
    const [row] = await this.sql.all<{ n: number }>(
      "SELECT COUNT(*) AS n FROM lead_emails WHERE status = 'pending' AND first_attempt_at <= ?",
      [before],
    );
    return Number(row?.n ?? 0);
  }

  /** Every email of one lead (npm run leads -- show). */
  async forLead(leadId: string): Promise<EmailRecord[]> {
    return (
      await this.sql.all<Row>("SELECT * FROM lead_emails WHERE lead_id = ? ORDER BY created_at, kind", [
        leadId,
      ])
    ).map(toRecord);
  }

  /** Whether the owner's copy of this lead went by email: a later Telegram notice says so. */
  async ownerCopySent(leadId: string): Promise<boolean> {
    const [row] = await this.sql.all<{ n: number }>(
      "SELECT COUNT(*) AS n FROM lead_emails WHERE lead_id = ? AND kind = 'owner-lead' AND status = 'sent'",
      [leadId],
    );
    return Number(row?.n) > 0;
  }

  /**
   * Forgets the addresses of emails recorded before `before` (with what visitors typed,
   * LEADS_RETENTION_DAYS).
   */
  async erase(before: number): Promise<number> {
    return this.sql.run(
      "UPDATE lead_emails SET recipient = NULL, mailbox = NULL, domain = NULL, body = NULL WHERE created_at < ? AND (recipient IS NOT NULL OR mailbox IS NOT NULL OR body IS NOT NULL)",
      [before],
    );
  }
}
