/**
 * The owner's chat under a flood (issue 59, decision 0100), one rule for both hosts:
 *
 * - **Paced per chat.** Every notice (and summary) takes the chat's next slot in the lead store
 *   before it is sent: one a second to a private chat, one every 3 s to a group, so a group never
 *   gets more than 20 a minute. The Bots FAQ
 *   (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this): "avoid
 *   sending more than one message per second" in a chat, and "your bot will not be able to send
 *   more than 20 messages per minute to the same group" (owner/pace.ts quotes it whole). The slot
 *   is one row of relay_settings taken in one statement, so a Worker's isolates share it; a 429
 *   moves it on by Telegram's retry_after.
 * - **Summarised above a rate.** When more than FLOOD_LEADS_PER_MINUTE leads came in the last
 *   minute, or more than that many wait for their first notice, a lead that has not begun is not
 *   sent on its own: one message counts them ("27 more quote requests in the last 5 minutes, 3
 *   from the same page: /leads"), edited as more come, a new one at most every 5 minutes, and
 *   marks them delivered by it (summary_message_id, migration 0020). Each is kept whole, listed
 *   by `npm run leads`. A lead with a link in what was typed (the spam check passes up to three,
 *   and doubts them) is held back first: summarised once the rate of all leads passes the
 *   setting, while leads without one are summarised only once their own rate does.
 */
import { failureOf } from "../retry.ts";
import { callBot, sendOnce, type SendOutcome, type TelegramOptions } from "../telegram/client.ts";
import type { Lead } from "./lead.ts";
import type { LeadStore } from "./store.ts";

/** The least time between two messages to a private chat, and to a group (60 s / 20). */
export const CHAT_GAP_MS = 1_000;
export const GROUP_GAP_MS = 3_000;
/** How long a summary is edited to count more leads before the next one is a new message. */
export const SUMMARY_EVERY_MS = 5 * 60_000;
const MINUTE_MS = 60_000;

/** A group's id is negative (-100… a supergroup): https://core.telegram.org/bots/api#chat. */
export const gapFor = (chatId: string) => (chatId.startsWith("-") ? GROUP_GAP_MS : CHAT_GAP_MS);

/** A time as relay_settings holds it: text that sorts as the number does. */
const padded = (ms: number) => String(Math.max(0, Math.round(ms))).padStart(16, "0");

/**
 * Takes the chat's slot for one message at `now`, in one statement: true, or the time it frees.
 */
export async function takeSlot(store: LeadStore, chatId: string, now: number): Promise<true | number> {
  const name = `telegram-pace:${chatId}`;
  const taken = await store.sql.run(
    "INSERT INTO relay_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value WHERE relay_settings.value <= ?",
    [name, padded(now + gapFor(chatId)), padded(now)],
  );
  return taken === 1 || Number(await store.settings.read(name));
}

/** Telegram asked this chat's sends to wait until `until` (a 429): no slot before then. */
export async function holdChat(store: LeadStore, chatId: string, until: number): Promise<void> {
  await store.settings.advance(`telegram-pace:${chatId}`, padded(until));
}

/** A link in what the visitor typed: the spam check lets up to three through, and doubts them. */
const LINK = /https?:\/\/|www\./i;
export const doubtful = (lead: Pick<Lead, "fields">) =>
  Object.values(lead.fields ?? {}).some((v) => typeof v === "string" && LINK.test(v));
const DOUBTFUL_SQL = "(fields LIKE '%http://%' OR fields LIKE '%https://%' OR fields LIKE '%www.%')";

/** Leads the owner has not had a notice of yet and that no send has begun. */
const UNBEGUN =
  "status = 'pending' AND parts_sent = 0 AND uncertain_part IS NULL AND delivered_at IS NULL AND parts IS NOT NULL";

/**
 * Whether the chat is flooded for this lead, which then goes in a summary instead of a notice of its
 * own: "all" when every lead waiting does, "doubtful" when only those with a link do; undefined: not.
 */
export type Flood = "all" | "doubtful" | undefined;
export async function flooded(store: LeadStore, lead: Lead, now: number, perMinute: number): Promise<Flood> {
  if (perMinute <= 0 || lead.partsSent > 0 || lead.uncertainPart !== null || lead.deliveredAt !== null)
    return undefined;
  const [row] = await store.sql.all<{ all: number; clean: number; waiting: number }>(
    `SELECT COUNT(*) AS "all", COALESCE(SUM(NOT ${DOUBTFUL_SQL}), 0) AS clean, (SELECT COUNT(*) FROM leads WHERE ${UNBEGUN}) AS waiting FROM leads WHERE received_at > ? AND status IN ('pending', 'delivered', 'undeliverable')`,
    [now - MINUTE_MS],
  );
  const [all, clean, waiting] = [Number(row.all), Number(row.clean), Number(row.waiting)];
  if (clean > perMinute || waiting > perMinute) return "all";
  return all > perMinute && doubtful(lead) ? "doubtful" : undefined;
}

/** `refused`: Telegram refuses the message or the settings; the lead's own attempt meets it. */
export type SummaryResult =
  { kind: "sent"; leads: number } | { kind: "wait"; until: number } | { kind: "refused" };

type Row = { form: string; page: string | null; doubtful: number; at: number };
const ROW = `form, page, ${DOUBTFUL_SQL} AS doubtful, received_at AS at`;

/**
 * Tells the owner of every lead waiting for its first notice (those with a link, in a "doubtful"
 * flood) in the chat's next slot: a new summary message, or, within SUMMARY_EVERY_MS of the last
 * one, that one edited to count them too (no new message: the chat stays usable however long the
 * flood goes on, and the backlog goes as fast as the chat's slots). The leads it counts are
 * delivered by it.
 */
export async function summarise(
  store: LeadStore,
  telegram: TelegramOptions,
  now: number,
  flood: Exclude<Flood, undefined>,
  log: (message: string) => void,
): Promise<SummaryResult> {
  const which = flood === "all" ? UNBEGUN : `${UNBEGUN} AND ${DOUBTFUL_SQL}`;
  const chatId = telegram.chatId;
  const slot = await takeSlot(store, chatId, now);
  if (slot !== true) return { kind: "wait", until: slot };
  const fresh = await store.sql.all<Row>(`SELECT ${ROW} FROM leads WHERE ${which} ORDER BY received_at`);
  if (!fresh.length) return { kind: "sent", leads: 0 };
  const current = await currentSummary(store, chatId, now);
  const told = current
    ? await store.sql.all<Row>(
        `SELECT ${ROW} FROM leads WHERE summary_message_id = ? AND notice_chat_id = ? ORDER BY received_at`,
        [current.messageId, chatId],
      )
    : [];
  const text = summaryText([...told, ...fresh], now);
  let outcome = current && (await editSummary(telegram, current.messageId, text));
  if (!outcome) outcome = await sendOnce(text, telegram, null);
  if (outcome.kind === "retry") {
    const until = now + (outcome.retryAfterMs ?? 2_000);
    if (outcome.retryAfterMs !== undefined) await holdChat(store, chatId, until);
    log(`relay: the flood summary was not sent (${outcome.reason}); tried again in a moment`);
    return { kind: "wait", until };
  }
  if (outcome.kind !== "sent" || outcome.messageId === undefined) return { kind: "refused" };
  if (outcome.messageId !== current?.messageId)
    await store.settings.write(
      summarySetting(chatId),
      JSON.stringify({ at: now, messageId: outcome.messageId }),
    );
  const marked = await store.sql.run(
    `UPDATE leads SET status = 'delivered', delivered_at = ?, summary_message_id = ?, notice_chat_id = ? WHERE ${which} AND received_at <= ?`,
    [now, outcome.messageId, chatId, fresh[fresh.length - 1].at],
  );
  log(
    `relay: a flood: ${marked} lead(s) told in a summary instead of a notice each (npm run leads lists them)`,
  );
  return { kind: "sent", leads: marked };
}

const summarySetting = (chatId: string) => `flood-summary:${chatId}`;

/** The summary sent to this chat less than SUMMARY_EVERY_MS ago, if any. */
async function currentSummary(store: LeadStore, chatId: string, now: number) {
  const kept = await store.settings.read(summarySetting(chatId));
  const last = kept ? (JSON.parse(kept) as { at: number; messageId: number }) : undefined;
  return last && now < last.at + SUMMARY_EVERY_MS ? last : undefined;
}

/**
 * The summary edited to `text`: sent (the same words already are), or a failure to wait out;
 * undefined when Telegram will not edit it (deleted by the owner): a new one is sent instead.
 */
async function editSummary(
  telegram: TelegramOptions,
  messageId: number,
  text: string,
): Promise<SendOutcome | undefined> {
  const answer = await callBot(telegram, "editMessageText", {
    chat_id: telegram.chatId,
    message_id: messageId,
    text,
    link_preview_options: { is_disabled: true },
  });
  if (answer.ok || /message is not modified/.test(answer.description))
    return { kind: "sent", messageId, chatId: telegram.chatId };
  if (answer.status === 429 || answer.status === 0 || answer.status >= 500)
    return failureOf(answer.status || 503, answer.description, { retryAfterMs: answer.retryAfterMs });
  return undefined;
}

/** "27 more quote requests in the last 5 minutes, 3 from the same page, 4 with a link: /leads". */
export function summaryText(
  rows: { form: string; page: string | null; doubtful: number; at: number }[],
  now: number,
): string {
  const count = (n: number, one: string, many: string) => `${n} more ${n === 1 ? one : many}`;
  const quotes = rows.filter((r) => r.form === "quote").length;
  const others = rows.length - quotes;
  const what = [
    ...(quotes ? [count(quotes, "quote request", "quote requests")] : []),
    ...(others ? [count(others, "contact message", "contact messages")] : []),
  ].join(" and ");
  const minutes = Math.max(1, Math.ceil((now - rows[0].at) / MINUTE_MS));
  const pages = new Map<string, number>();
  for (const r of rows) if (r.page) pages.set(r.page, (pages.get(r.page) ?? 0) + 1);
  const samePage = Math.max(0, ...pages.values());
  const links = rows.filter((r) => Number(r.doubtful)).length;
  return [
    `${what} in the last ${minutes === 1 ? "minute" : `${minutes} minutes`}`,
    ...(samePage > 1 ? [`${samePage} from the same page`] : []),
    ...(links ? [`${links} with a link`] : []),
  ]
    .join(", ")
    .concat(": /leads");
}
