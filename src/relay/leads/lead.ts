/**
 * A lead as the store keeps it: what the relay stored (NewLead), what it reads
 * back (Lead), and the row mapping between the two (the schema is
 * migrations/*.sql).
 */
import type { Attribution } from "../../shared/forms/attribution.ts";
import type { FormKind } from "../../shared/forms/fields.ts";
import { STAGE_KEYS, type Stage, type StageEntry } from "./stages.ts";
import {
  DETAIL_COLUMNS,
  detailsOf,
  type DetailRow,
  type LeadDetails,
  type PostedQuote,
} from "./quote-details-store.ts";

/**
 * unconfirmed: posted without script and without the spam check's proof; goes out when its visitor presses
 * Send once more.
 */
export type LeadStatus = "pending" | "delivered" | "undeliverable" | "spam" | "unconfirmed";
export const LEAD_STATUSES: readonly LeadStatus[] = [
  "pending",
  "delivered",
  "undeliverable",
  "spam",
  "unconfirmed",
];
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
  /** A quote's details and estimate, stored with it in one statement (quote-details-store.ts). */
  quote?: PostedQuote;
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
  /**
   * When its personal data was erased at its visitor's request (npm run leads -- erase, erasure.ts);
   * null otherwise.
   */
  erasedOnRequest: number | null;
  /** When the relay edited its messages in Telegram to say so; null until it has (or if never erased). */
  noticesErased: number | null;
  spamReason: string | null;
  /** With failure kind settings: the mark of the settings that refused it (policy.ts). */
  settingsMark: string | null;
  /** The stage the owner last pressed on its notice; null while it waits. */
  stage: Stage | null;
  /** The notice's last part in the chat, once delivered: its message id and the Markdown sent. */
  noticeMessageId: number | null;
  /**
   * The chat the notice went to (migrations/0013); null for notices sent before it was kept: the chat in use.
   */
  noticeChatId: string | null;
  noticeText: string | null;
  /**
   * The notice's text as last edited (its stage lines), null until the first edit: an edit that would change
   * nothing is not sent.
   */
  noticeEdited: string | null;
  /** Where it came from: the fields its form posted (empty for leads from before they were kept). */
  attribution: Attribution;
  /** The quote page's details and the relay's estimate (quote-details-store.ts); all null for other leads. */
  details: LeadDetails;
  /**
   * Read only when asked for (`withStages`): each stage's latest press, in the order made (the last is the
   * lead's stage).
   */
  stages?: StageEntry[];
}

/**
 * A lead counts as one the owner works unless it was held back: spam, or waiting for its visitor's second
 * Send.
 */
export const LEAD_WORK_STATUSES: readonly LeadStatus[] = ["pending", "delivered", "undeliverable"];

export interface Row extends DetailRow {
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
  erased_on_request: number | null;
  notices_erased: number | null;
  spam_reason: string | null;
  settings_mark: string | null;
  stage: Stage | null;
  notice_message_id: number | null;
  notice_chat_id: string | null;
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

export const COLUMNS = `id, form, fields, parts, parts_sent, received_at, status, attempts, next_attempt_at, uncertain_part, last_error, failure_kind, delivered_at, erased_at, erased_on_request, notices_erased, spam_reason, settings_mark, stage, notice_message_id, notice_chat_id, notice_text, notice_edited, page, landing, landing_name, source, utm_source, utm_medium, utm_campaign, ${DETAIL_COLUMNS}`;

/**
 * The stage history of each lead in the same statement, as JSON (SQLite's json functions, which D1
 * has too): one query for a list, an export or one lead, with no list of ids to send.
 */
const STAGE_HISTORY =
  "(SELECT json_group_array(json_array(s.stage, COALESCE(s.last_at, s.at), COALESCE(s.last_by_name, s.by_name))) FROM lead_stages AS s WHERE s.lead_id = leads.id) AS stage_history";
export const columns = (withStages?: boolean) => (withStages ? `${COLUMNS}, ${STAGE_HISTORY}` : COLUMNS);

const stageOrder = (stage: Stage) => STAGE_KEYS.indexOf(stage);
function stagesOf(json: string | null): StageEntry[] {
  const rows = JSON.parse(json ?? "[]") as [Stage, number, string][];
  return rows
    .map(([stage, at, byName]) => ({ stage, at: Number(at), byName }))
    .sort((a, b) => a.at - b.at || stageOrder(a.stage) - stageOrder(b.stage));
}

export const toLead = (r: Row): Lead => ({
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
  erasedOnRequest: r.erased_on_request == null ? null : Number(r.erased_on_request),
  noticesErased: r.notices_erased == null ? null : Number(r.notices_erased),
  spamReason: r.spam_reason,
  settingsMark: r.settings_mark,
  stage: r.stage,
  noticeMessageId: r.notice_message_id === null ? null : Number(r.notice_message_id),
  noticeChatId: r.notice_chat_id,
  noticeText: r.notice_text,
  noticeEdited: r.notice_edited,
  attribution: Object.fromEntries(
    Object.entries({
      page: r.page,
      landing: r.landing,
      landingName: r.landing_name,
      source: r.source,
      utm_source: r.utm_source,
      utm_medium: r.utm_medium,
      utm_campaign: r.utm_campaign,
    }).filter(([, v]) => v !== null),
  ) as Attribution,
  details: detailsOf(r),
  ...(r.stage_history === undefined ? {} : { stages: stagesOf(r.stage_history) }),
});
