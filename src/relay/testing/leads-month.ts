/**
 * Leads with chosen times, written through the lead store, for `npm run leads`
 * tests: November 2026 in Brisbane for the report (stages pressed, where each
 * came from, call taps), and in October a few leads that are hard to show
 * (terminal controls, SQL's quotes, an erased one, a refused one, spam, an
 * unconfirmed post). The same calls fill a Node store or, recorded by
 * recordingSql, a local D1 in one `wrangler d1 execute --file`.
 */
import type { Attribution } from "../../shared/forms/attribution.ts";
import type { FormKind } from "../../shared/forms/fields.ts";
import type { ContactBody, QuoteBody } from "../../shared/forms/schema.ts";
import type { Stage } from "../leads/stages.ts";
import type { Lead } from "../leads/lead.ts";
import type { Sql } from "../leads/sql.ts";
import type { LeadStore } from "../leads/store.ts";
import { inlineParams } from "../node/wrangler-d1.ts";
import { contactNotices, quoteNotices } from "../telegram/notice.ts";
import { CLOCK } from "./business.ts";

/** A Brisbane wall-clock time, "2026-11-02 09:00", as a moment (Brisbane is UTC+10 all year). */
export const brisbaneAt = (time: string) => Date.parse(`${time.replace(" ", "T")}:00+10:00`);

/** Typed by a visitor who means harm: a colour change and a right-to-left override in the name. */
export const NASTY_NAME = "Zoë O'Brien \u001b[31m\u202E";
/** SQL's quotes, ?, ;, comments, and any script: stored and read back exactly, also through wrangler. */
export const NASTY_MESSAGE =
  "It's 3 rooms; what's the price?\nLine two -- not a comment /* nor this */ 'quoted' ? ?? 你好 👋🏽\r\n=SUM(A1)";
/** Who pressed a button, as Telegram names them: the name is theirs to choose. */
export const NASTY_PRESSER = "=cmd|' /C calc'!A0";

const annerley: Attribution = {
  page: "/",
  landing: "/suburbs/annerley/",
  landingName: "Bond Cleaning Annerley",
  source: "Google search",
  utm_source: "gbp",
  utm_medium: "organic",
};
const fromPage = (landing: string, source: string, page = landing): Attribution => ({
  page,
  landing,
  source,
});

interface Made {
  id: string;
  form: FormKind;
  /** Brisbane time of arrival. */
  at: string;
  status?: "pending" | "spam" | "unconfirmed";
  /** Delivered to Telegram a minute after arrival (the default for a lead with presses). */
  delivered?: boolean;
  from?: Attribution;
  presses?: [Stage, string, string][];
  name?: string;
  message?: string;
  spamReason?: string;
}

const S = "Sam Nguyen";
const A = "Alex";
/**
 * November 2026 (1 Nov is a Sunday, 30 Nov a Monday), with the site's hours (Mon–Fri 8–18, Sat
 * 9–16, Sun closed) the business minutes to Called are in each comment.
 */
export const NOVEMBER: readonly Made[] = [
  // 00:30 on 1 Nov in Brisbane is still 31 October in UTC: November's, week of 26 Oct.
  { id: "nov-k", form: "quote", at: "2026-11-01 00:30", from: annerley },
  // 20 min.
  {
    id: "nov-a",
    form: "quote",
    at: "2026-11-02 09:00",
    from: annerley,
    presses: [
      ["called", "2026-11-02 09:20", S],
      ["quoted", "2026-11-02 11:00", S],
      ["booked", "2026-11-04 10:00", A],
    ],
  },
  // Across a night: 30 min that evening, 45 the next morning.
  {
    id: "nov-b",
    form: "quote",
    at: "2026-11-02 17:30",
    from: annerley,
    presses: [["called", "2026-11-03 08:45", S]],
  },
  { id: "nov-s1", form: "quote", at: "2026-11-03 12:00", status: "spam", spamReason: "a link in the name" },
  // Across a weekend: Fri 60 + Sat 9–16 420 + Sun 0 + Mon 30 = 510 min.
  {
    id: "nov-c",
    form: "contact",
    at: "2026-11-06 17:00",
    from: fromPage("/", "direct"),
    presses: [["called", "2026-11-09 08:30", A]],
  },
  // Saturday after closing, called Monday: 10 min.
  {
    id: "nov-d",
    form: "quote",
    at: "2026-11-07 20:00",
    from: fromPage("/suburbs/paddington/", "Facebook", "/"),
    presses: [
      ["called", "2026-11-09 08:10", S],
      ["quoted", "2026-11-09 15:00", S],
    ],
  },
  // 5 min.
  {
    id: "nov-e",
    form: "quote",
    at: "2026-11-10 10:00",
    from: fromPage("/services/bond-cleaning/", "Google search"),
    presses: [
      ["called", "2026-11-10 10:05", S],
      ["not-a-job", "2026-11-10 10:06", S],
    ],
  },
  {
    id: "nov-s2",
    form: "contact",
    at: "2026-11-12 03:00",
    status: "spam",
    spamReason: "more than three links",
    from: fromPage("/contact/", "seo-offers.example"),
  },
  // Called on a closed Sunday: 0 business minutes.
  {
    id: "nov-f",
    form: "contact",
    at: "2026-11-15 11:00",
    from: fromPage("/contact/", "direct"),
    presses: [["called", "2026-11-15 11:30", A]],
  },
  // At opening: 60 min.
  {
    id: "nov-g",
    form: "quote",
    at: "2026-11-18 08:00",
    from: fromPage("/suburbs/annerley/", "Bing search"),
    presses: [["called", "2026-11-18 09:00", S]],
  },
  // Before opening: 15 min.
  {
    id: "nov-h",
    form: "quote",
    at: "2026-11-19 07:00",
    from: fromPage("/suburbs/paddington/", "Google search"),
    presses: [["called", "2026-11-19 08:15", S]],
  },
  // Sent without script and not confirmed: counted nowhere but its own line.
  {
    id: "nov-u",
    form: "quote",
    at: "2026-11-20 14:00",
    status: "unconfirmed",
    from: { page: "/suburbs/annerley/" },
  },
  // Telegram refused it: still a lead, waiting.
  { id: "nov-n", form: "quote", at: "2026-11-24 09:00", from: { page: "/" } },
  // Quoted without a press of Called: not in the time to Called.
  {
    id: "nov-m",
    form: "quote",
    at: "2026-11-25 10:00",
    from: fromPage("/suburbs/paddington/", "Google search"),
    presses: [["quoted", "2026-11-25 11:00", S]],
  },
  // Sent without script from a suburb page (its page only): 120 min.
  {
    id: "nov-i",
    form: "quote",
    at: "2026-11-26 12:00",
    from: { page: "/suburbs/bulimba/" },
    presses: [["called", "2026-11-26 14:00", S]],
  },
  // Into Saturday morning: 120 + 30 = 150 min.
  {
    id: "nov-j",
    form: "quote",
    at: "2026-11-27 16:00",
    from: fromPage("/", "direct"),
    presses: [["called", "2026-11-28 09:30", A]],
  },
  { id: "nov-l", form: "contact", at: "2026-11-30 23:50", from: fromPage("/", "direct"), delivered: true },
];

/**
 * Outside November in Brisbane (though 1 Dec 00:10 is 30 Nov in UTC), and the leads that are hard to show.
 */
export const OCTOBER_AND_DECEMBER: readonly Made[] = [
  { id: "oct-old", form: "quote", at: "2026-10-01 09:00", delivered: true, name: "Long Gone" },
  {
    id: "oct-zoe",
    form: "quote",
    at: "2026-10-20 09:00",
    name: NASTY_NAME,
    message: NASTY_MESSAGE,
    from: {
      page: "/",
      landing: "/suburbs/annerley/",
      landingName: '=HYPERLINK("https://evil.example")',
      source: "evil.example\u200F",
    },
  },
  {
    id: "oct-sent",
    form: "quote",
    at: "2026-10-21 09:00",
    name: "Sent Already",
    presses: [["called", "2026-10-21 09:30", NASTY_PRESSER]],
  },
  { id: "oct-refused", form: "quote", at: "2026-10-22 09:00", name: "Refused Once" },
  {
    id: "oct-spam",
    form: "contact",
    at: "2026-10-23 09:00",
    status: "spam",
    spamReason: "a link in the name",
    name: "Cheap Pills",
  },
  { id: "oct-wait", form: "quote", at: "2026-10-24 09:00", status: "unconfirmed", name: "Not Sure Yet" },
  // The night before November: called on 2 Nov, but October's lead.
  {
    id: "oct-late",
    form: "quote",
    at: "2026-10-31 23:30",
    from: annerley,
    presses: [["called", "2026-11-02 08:05", S]],
  },
  {
    id: "dec-a",
    form: "quote",
    at: "2026-12-01 00:10",
    from: annerley,
    presses: [["called", "2026-12-01 08:05", S]],
  },
];

/** Taps on phone links: Brisbane day, page, number, how many. */
export const TAPS: readonly [string, string, string, number][] = [
  ["2026-10-31", "/suburbs/paddington/", "0491570156", 5],
  ["2026-11-02", "/suburbs/annerley/", "0491570156", 3],
  ["2026-11-05", "/suburbs/bulimba/", "0491570156", 4],
  ["2026-11-20", "/suburbs/annerley/", "0730001234", 1],
  ["2026-11-30", "/", "0491570156", 2],
  ["2026-12-01", "/suburbs/paddington/", "0491570156", 5],
];

/** Writes the leads, presses and taps above through the store's own statements. */
export async function fillLeads(store: LeadStore): Promise<void> {
  let messageId = 100;
  for (const m of [...OCTOBER_AND_DECEMBER, ...NOVEMBER]) {
    const receivedAt = brisbaneAt(m.at);
    const name = m.name ?? `Visitor ${m.id}`;
    const fields = {
      name,
      email: `${m.id}@example.com`,
      phone: "0400 000 000",
      address: "",
      service: "",
      message: m.message ?? "",
      website: "",
    };
    const parts =
      m.form === "quote"
        ? quoteNotices(fields as QuoteBody, new Date(receivedAt), { clock: CLOCK })
        : contactNotices(fields as ContactBody, new Date(receivedAt), { clock: CLOCK });
    await store.add({
      id: m.id,
      form: m.form,
      fields,
      parts,
      receivedAt,
      status: m.status,
      spamReason: m.spamReason,
      attribution: m.from,
    });
    if (m.delivered || m.presses)
      await store.partSent({ id: m.id, parts } as Lead, 0, receivedAt + 60_000, {
        messageId: messageId++,
        text: parts[0],
      });
    let from: Stage | null = null;
    for (const [stage, at, by] of m.presses ?? []) {
      await replayPress(store.sql, m.id, from, stage, brisbaneAt(at), by);
      from = stage;
    }
  }
  await store.undeliverable("oct-refused", { kind: "message", error: "400 Bad Request: it's \u001b[1mbad" });
  await store.undeliverable("nov-n", {
    kind: "settings",
    error: "401 Unauthorized",
    settingsMark: "abcd1234",
  });
  // After the retention period: what oct-old's visitor typed is erased (the only delivered lead that old).
  await store.erase(3, brisbaneAt("2026-10-05 00:00"));
  for (const [day, page, number, count] of TAPS)
    for (let i = 0; i < count; i++) await store.countCallTap(day, page, number);
}

/**
 * An Sql that keeps each statement, its values written in as literals as wrangler needs them,
 * and answers that it changed one row: the store's writes, to run in one go.
 */
export function recordingSql(): Sql & { statements: string[] } {
  const statements: string[] = [];
  return {
    statements,
    async run(sql, params = []) {
      statements.push(inlineParams(sql, params));
      return 1;
    },
    async all() {
      throw new Error("recordingSql only records writes");
    },
  };
}

/**
 * A press known to have been made, from `from` to `stage`, written without reading the store first: the
 * month is filled in one batch (on D1 through wrangler, one statement list). A live press reads where the
 * lead stands (StageStore.move).
 */
async function replayPress(sql: Sql, id: string, from: Stage | null, stage: Stage, at: number, by: string) {
  await sql.run("UPDATE leads SET stage = ?, lost_reason = NULL WHERE id = ?", [stage, id]);
  await sql.run(
    "INSERT INTO lead_stages (lead_id, stage, at, by_name, last_at, last_by_name) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (lead_id, stage) DO UPDATE SET last_at = excluded.last_at, last_by_name = excluded.last_by_name",
    [id, stage, at, by, at, by],
  );
  await sql.run(
    "INSERT INTO lead_presses (lead_id, at, from_stage, to_stage, by_name) VALUES (?, ?, ?, ?, ?)",
    [id, at, from, stage, by],
  );
}
