/**
 * What the owner tells the relay about a lead by replying to its notice, reminder or follow-up
 * (owner/replies.ts): the amount quoted (leads.quote_cents) and notes (lead_notes), and which of the
 * relay's messages are about which lead (the notice's id on the lead, the others in lead_messages,
 * migration 0012), over the lead store's Sql.
 */
import type { Sql } from "./sql.ts";
import type { Stage } from "./stages.ts";

/**
 * What a message about a lead was: a reminder, a follow-up, an earlier part of its notice, or (issue 51)
 * a quote's preview, an acceptance, or Offer another day's question.
 */
export type MessageKind =
  | "reminder"
  | "follow-up"
  | "notice-part"
  | "quote"
  | "acceptance"
  | "offer-days"
  /** A lead opened from /leads or /find (owner/commands.ts). */
  | "card"
  /** A stale lead's second reminder, and the offer to close it (owner/stale.ts). */
  | "nudge"
  | "stale";

export interface Note {
  at: number;
  byName: string;
  text: string;
}

export class OwnerNotes {
  constructor(private readonly sql: Sql) {}

  /**
   * The lead a message of the relay's in `chatId` is about, unless erased: a reminder or follow-up
   * the relay sent there (lead_messages), or else a lead's notice (its last part) in that chat. A
   * notice kept without its chat (sent before migrations/0013) counts as in the chat asked about.
   */
  async leadOfMessage(
    chatId: string,
    messageId: number,
  ): Promise<
    { id: string; name: string | null; stage: Stage | null; kind: MessageKind | "notice" } | undefined
  > {
    type Found = { id: string; fields: string | null; stage: Stage | null; kind?: MessageKind };
    const [sent] = await this.sql.all<Found>(
      "SELECT l.id, l.fields, l.stage, m.kind FROM lead_messages AS m JOIN leads AS l ON l.id = m.lead_id WHERE m.chat_id = ? AND m.message_id = ? AND l.erased_at IS NULL",
      [chatId, messageId],
    );
    const [row] = sent
      ? [sent]
      : await this.sql.all<Found>(
          "SELECT id, fields, stage FROM leads WHERE notice_message_id = ? AND COALESCE(notice_chat_id, ?) = ? AND erased_at IS NULL ORDER BY received_at DESC LIMIT 1",
          [messageId, chatId, chatId],
        );
    if (!row) return undefined;
    const fields = row.fields === null ? null : (JSON.parse(row.fields) as Record<string, string>);
    return { id: row.id, name: fields?.name ?? null, stage: row.stage ?? null, kind: row.kind ?? "notice" };
  }

  /**
   * A message about the lead Telegram took in `chatId`, besides its notice's last part: a reminder, a
   * follow-up, or an earlier part of a notice too long for one message (the part with the name and
   * phone, the one the owner is likeliest to answer). A reply to it counts for the lead.
   */
  async sentAbout(
    leadId: string,
    chatId: string,
    messageId: number,
    kind: MessageKind,
    at: number,
  ): Promise<void> {
    await this.sql.run(
      "INSERT INTO lead_messages (chat_id, message_id, lead_id, kind, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (chat_id, message_id) DO NOTHING",
      [chatId, messageId, leadId, kind, at],
    );
  }

  /** The amount quoted, in cents: the latest reply with a number. */
  async setQuote(id: string, cents: number): Promise<boolean> {
    return (
      (await this.sql.run("UPDATE leads SET quote_cents = ? WHERE id = ? AND erased_at IS NULL", [
        cents,
        id,
      ])) === 1
    );
  }

  async quote(id: string): Promise<number | null> {
    const [row] = await this.sql.all<{ quote_cents: number | null }>(
      "SELECT quote_cents FROM leads WHERE id = ?",
      [id],
    );
    return row?.quote_cents == null ? null : Number(row.quote_cents);
  }

  async addNote(id: string, text: string, at: number, by: { name: string; id?: number }): Promise<void> {
    await this.sql.run("INSERT INTO lead_notes (lead_id, at, by_name, by_id, text) VALUES (?, ?, ?, ?, ?)", [
      id,
      at,
      by.name,
      by.id ?? null,
      text,
    ]);
  }

  /** The lead's notes, oldest first. */
  async notes(id: string): Promise<Note[]> {
    const rows = await this.sql.all<{ at: number; by_name: string; text: string }>(
      "SELECT at, by_name, text FROM lead_notes WHERE lead_id = ? ORDER BY seq",
      [id],
    );
    return rows.map((r) => ({ at: Number(r.at), byName: r.by_name, text: r.text }));
  }

  /**
   * Notes of leads whose visitor's text was erased go with it (the daily upkeep), and which messages were
   * about them.
   */
  async forgetErased(): Promise<number> {
    // Not yet for a lead erased on request whose messages the relay has still to edit (erased-notices.ts).
    await this.sql.run(
      "DELETE FROM lead_messages WHERE lead_id IN (SELECT id FROM leads WHERE erased_at IS NOT NULL AND (erased_on_request IS NULL OR notices_erased IS NOT NULL))",
    );
    await this.sql.run(
      "UPDATE lead_quotes SET note = NULL, link = NULL WHERE (note IS NOT NULL OR link IS NOT NULL) AND lead_id IN (SELECT id FROM leads WHERE erased_at IS NOT NULL)",
    );
    return this.sql.run(
      "DELETE FROM lead_notes WHERE lead_id IN (SELECT id FROM leads WHERE erased_at IS NOT NULL)",
    );
  }
}
