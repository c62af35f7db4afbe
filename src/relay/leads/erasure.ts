/**
 * A visitor forgotten on request (issue 49, decision 0073): the privacy policy offers deleting their
 * details, and `npm run leads -- erase` does it at once rather than after LEADS_RETENTION_DAYS.
 * Everything the lead holds of the person goes from every table: what they typed and its notice,
 * the job's details and estimate, the owner's notes, the email addresses and texts, and where the
 * visit came from. What stays is the line that a lead was erased that day: the row with its id,
 * form, times, status and the owner's presses (which name the owner's people, not the visitor), so
 * the report's counts stay true. The relay then edits the lead's messages in Telegram to say so
 * (owner/erased-notices.ts), and `notices_erased` records that it has.
 *
 * Plain SQL over the lead store's Sql: the same on Node's SQLite, on D1 and on D1 through wrangler
 * (`--d1`).
 */
import { mailboxKey } from "../email/address.ts";
import { writeMany } from "./sql.ts";
import type { LeadStore } from "./store.ts";

/** What a lead not yet delivered says of itself once erased: it is never sent, and never counted as held. */
export const ERASED_UNSENT = "erased at its visitor's request before it was delivered";

/** Every column of a lead that holds what the visitor typed or chose, or where their visit came from. */
const PERSONAL = [
  "fields",
  "parts",
  "notice_text",
  "notice_edited",
  "page",
  "landing",
  "landing_name",
  "source",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "service",
  "property_type",
  "bedrooms",
  "bathrooms",
  "storeys",
  "preferred_date",
  "time_window",
  "add_ons",
  "estimate",
  "estimate_cents",
];

/**
 * Erases one lead's personal data now, in every table (the caller has found the lead).
 * A lead not yet delivered (pending, or held) is never sent: it becomes undeliverable, saying why,
 * and the health check does not count it. Its messages in Telegram are left for the relay to edit.
 */
export async function eraseOnRequest(store: LeadStore, id: string, now: number): Promise<void> {
  // Together (on D1 through wrangler, one process): the lead, its notes, its emails' addresses and texts.
  await writeMany(store.sql, [
    {
      sql: `UPDATE leads SET ${PERSONAL.map((c) => `${c} = NULL`).join(", ")},
        erased_at = COALESCE(erased_at, ?), erased_on_request = ?,
        notices_erased = CASE WHEN notice_message_id IS NULL AND NOT EXISTS (SELECT 1 FROM lead_messages AS m WHERE m.lead_id = leads.id) THEN ? END,
        failure_kind = CASE WHEN status IN ('pending', 'undeliverable') THEN 'message' ELSE failure_kind END,
        last_error = CASE WHEN status IN ('pending', 'undeliverable') THEN ? ELSE last_error END,
        settings_mark = NULL,
        status = CASE WHEN status = 'pending' THEN 'undeliverable' ELSE status END
      WHERE id = ?`,
      params: [now, now, now, ERASED_UNSENT, id],
    },
    { sql: "DELETE FROM lead_notes WHERE lead_id = ?", params: [id] },
    // The owner's notes on the lead's quotes, and the links (which opened its quote) go too.
    { sql: "UPDATE lead_quotes SET note = NULL, link = NULL WHERE lead_id = ?", params: [id] },
    {
      sql: `UPDATE lead_emails SET recipient = NULL, mailbox = NULL, domain = NULL, body = NULL, last_error = NULL,
        reason = CASE WHEN status = 'pending' THEN 'not sent: erased at its visitor''s request' ELSE reason END,
        status = CASE WHEN status = 'pending' THEN 'not-sent' ELSE status END
      WHERE lead_id = ?`,
      params: [id],
    },
  ]);
}

/**
 * The ids of every lead whose visitor gave this address, as the confirmation's limit reads an
 * inbox (mailboxKey: case, a +tag, a Gmail address's dots, a Fastmail subdomain), oldest first. A
 * lead whose fields were erased already names no address.
 */
export async function leadsOfAddress(store: LeadStore, address: string): Promise<string[]> {
  const inbox = mailboxKey(address.trim());
  const rows = await store.sql.all<{ id: string; fields: string }>(
    "SELECT id, fields FROM leads WHERE fields IS NOT NULL ORDER BY received_at, id",
  );
  return rows
    .filter((r) => {
      const email = (JSON.parse(r.fields) as Record<string, unknown>).email;
      return typeof email === "string" && email.includes("@") && mailboxKey(email.trim()) === inbox;
    })
    .map((r) => r.id);
}

/** A lead whose messages in Telegram still name its visitor: where they are. */
export interface NoticesToErase {
  id: string;
  erasedOnRequest: number;
  /** The notice's last part and every other message about the lead (earlier parts, reminders, follow-ups). */
  messages: { chatId: string | null; messageId: number }[];
}

/** Leads erased on request whose messages the relay has not edited yet, oldest request first. */
export async function noticesToErase(store: LeadStore, limit = 10): Promise<NoticesToErase[]> {
  const leads = await store.sql.all<{ id: string; at: number; chat: string | null; message: number | null }>(
    "SELECT id, erased_on_request AS at, notice_chat_id AS chat, notice_message_id AS message FROM leads WHERE erased_on_request IS NOT NULL AND notices_erased IS NULL ORDER BY erased_on_request, id LIMIT ?",
    [limit],
  );
  const found: NoticesToErase[] = [];
  for (const lead of leads) {
    const others = await store.sql.all<{ chat_id: string; message_id: number }>(
      "SELECT chat_id, message_id FROM lead_messages WHERE lead_id = ? ORDER BY at, message_id",
      [lead.id],
    );
    found.push({
      id: lead.id,
      erasedOnRequest: Number(lead.at),
      messages: [
        ...others.map((m) => ({ chatId: m.chat_id, messageId: Number(m.message_id) })),
        ...(lead.message === null ? [] : [{ chatId: lead.chat, messageId: Number(lead.message) }]),
      ],
    });
  }
  return found;
}

/** The relay edited every message about the lead: which message was about it is forgotten too. */
export async function noticesErased(store: LeadStore, id: string, now: number): Promise<void> {
  await store.sql.run("UPDATE leads SET notices_erased = ? WHERE id = ?", [now, id]);
  await store.sql.run("DELETE FROM lead_messages WHERE lead_id = ?", [id]);
}
