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
 *   from the same page: /leads"), at most one every 5 minutes, and marks them delivered by it
 *   (summary_message_id, migration 0020). Each is kept whole, listed by `npm run leads`. A lead
 *   with a link in what was typed (the spam check passes up to three, and doubts them) is held
 *   back first: summarised once the rate of all leads passes the setting, while leads without one
 *   are summarised only once their own rate does.
 */
import { sendOnce, type TelegramOptions } from "../telegram/client.ts";
import type { Lead } from "./lead.ts";
import type { LeadStore } from "./store.ts";

/** The least time between two messages to a private chat, and to a group (60 s / 20). */
export const CHAT_GAP_MS = 1_000;
export const GROUP_GAP_MS = 3_000;
/** The least time between two summaries to one chat. */
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

/**
 * One summary of every lead waiting for its first notice (those with a link, in a "doubtful"
 * flood), when the last summary was SUMMARY_EVERY_MS ago and the chat's slot is free; the leads it
 * counts are delivered by it.
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
  const last = Number((await store.settings.read(`flood-summary:${chatId}`)) ?? 0);
  if (now < last + SUMMARY_EVERY_MS) return { kind: "wait", until: last + SUMMARY_EVERY_MS };
  const slot = await takeSlot(store, chatId, now);
  if (slot !== true) return { kind: "wait", until: slot };
  const rows = await store.sql.all<{ form: string; page: string | null; doubtful: number; at: number }>(
    `SELECT form, page, ${DOUBTFUL_SQL} AS doubtful, received_at AS at FROM leads WHERE ${which} ORDER BY received_at`,
  );
  if (!rows.length) return { kind: "sent", leads: 0 };
  const newest = rows[rows.length - 1].at;
  const outcome = await sendOnce(summaryText(rows, now), telegram, null);
  if (outcome.kind === "retry") {
    const until = now + (outcome.retryAfterMs ?? 2_000);
    if (outcome.retryAfterMs !== undefined) await holdChat(store, chatId, until);
    log(`relay: the flood summary was not sent (${outcome.reason}); tried again in a moment`);
    return { kind: "wait", until };
  }
  if (outcome.kind !== "sent") return { kind: "refused" };
  await store.settings.write(`flood-summary:${chatId}`, String(now));
  const marked = await store.sql.run(
    `UPDATE leads SET status = 'delivered', delivered_at = ?, summary_message_id = ?, notice_chat_id = ? WHERE ${which} AND received_at <= ?`,
    [now, outcome.messageId ?? null, outcome.chatId, newest],
  );
  log(
    `relay: a flood: ${marked} lead(s) told in one summary instead of a notice each (npm run leads lists them)`,
  );
  return { kind: "sent", leads: marked };
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
