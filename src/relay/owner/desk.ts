/**
 * The owner's desk: what the commands in the owner's chat answer (commands.ts), one page at a
 * time. /leads: the open leads (waiting, Called, Quoted), oldest first, each with name, phone,
 * stage, age and a link to its notice (a private chat or a basic group has no links to messages:
 * there the page carries a button for each, which brings the lead's stage buttons). /find: every
 * lead whose name or phone matches, newest first, with stage and date. /jobs: the booked jobs
 * from today on, by day. /today: today's jobs and who is waiting.
 *
 * A page holds PAGE_LINES lines: each names a person cut to NAME_IN_LINE_MAX characters and a
 * phone cut to PHONE_IN_LINE_MAX, so with its link a line stays under 250 characters and a page
 * far under Telegram's 4,096 after parsing (https://core.telegram.org/bots/api#sendmessage).
 */
import { addDays, type Clock } from "../clock.ts";
import type { Lead } from "../leads/lead.ts";
import type { LeadStore } from "../leads/store.ts";
import { stageWords } from "../leads/stages.ts";
import { timeLabel } from "../booking/days.ts";
import { bold, nameInLine, plain, value, type Piece } from "../telegram/markdown.ts";
import { dialable, phoneInLine } from "../telegram/phone.ts";
import type { TelegramOptions } from "../telegram/client.ts";
import { shortDay } from "../telegram/quote-details.ts";
import { formatDollars } from "../../shared/pricing/format.ts";
import { noticeChat } from "./notice-edit.ts";
import { noticeLink } from "./digest.ts";
import { waitedFor } from "./reminder-text.ts";
import { suburbOf, todaysJobs } from "./booking-tick.ts";

/** Lines on one page of an answer. */
export const PAGE_LINES = 10;
/** The leads /find looks through, newest first: years of a small business's leads. */
const FINDABLE = 5_000;

/** What the desk reads: the store, the owner's chat (for links), the business's clock, the time. */
export interface Desk {
  store: LeadStore;
  telegram: TelegramOptions;
  clock: Clock;
  now: number;
}

/** One page of an answer: its lines, which page of how many, and the leads it may offer to open. */
export interface Page {
  pieces: Piece[];
  page: number;
  pages: number;
  /** In a chat without links to messages: each lead listed, to open with a button. */
  open: { leadId: string; label: string }[];
}

const pagesOf = (total: number) => Math.max(1, Math.ceil(total / PAGE_LINES));
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Ann Lee, +61 412 345 678, " */
function who(lead: Lead): Piece[] {
  const phone = phoneInLine(lead.fields?.phone ?? "");
  return [
    nameInLine(lead.fields?.name ?? "(erased)"),
    plain(", "),
    ...(phone ? [value(phone), plain(", ")] : []),
  ];
}

/** The link to the lead's notice where the chat has links; else the lead is offered as a button. */
function linkOr(desk: Desk, lead: Lead, n: number, open: Page["open"]): string {
  const link = noticeLink(noticeChat(lead, desk.telegram), lead.noticeMessageId);
  if (link) return ` ${link}`;
  if (lead.noticeMessageId !== null)
    open.push({ leadId: lead.id, label: `${n}. ${lead.fields?.name ?? ""}` });
  return "";
}

/** The stage as the notice names it, Lost with its reason. */
async function stageOf(store: LeadStore, lead: Lead): Promise<string> {
  return stageWords(lead.stage, lead.stage === "lost" ? await store.stages.lostReason(lead.id) : null);
}

/** /leads: the open leads, oldest first, page `page`. */
export async function leadsPage(desk: Desk, page: number): Promise<Page> {
  const first = await desk.store.owner.open(PAGE_LINES, (page - 1) * PAGE_LINES);
  const pages = pagesOf(first.total);
  // A page past the last (leads closed since, or a made-up button): the last page.
  if (page > pages) return leadsPage(desk, pages);
  const { leads, total } = first;
  const open: Page["open"] = [];
  const pieces: Piece[] = [bold(`Open leads (${total}), oldest first`), plain("\n")];
  if (!total) pieces.push(plain("None: every lead is Booked, Lost or Not a job.\n"));
  leads.forEach((lead, i) => {
    const n = (page - 1) * PAGE_LINES + i + 1;
    pieces.push(
      plain(`${n}. `),
      ...who(lead),
      plain(
        `${stageWords(lead.stage)}, ${waitedFor(desk.now - lead.receivedAt)}${linkOr(desk, lead, n, open)}\n`,
      ),
    );
  });
  return { pieces, page, pages, open };
}

/**
 * Whether `lead` is one `query` names: a phone written any way ("0412 345 678", "+61412345678",
 * "(04) 1234 5678") matches the same number, or 6 digits or more of it; any other text a part of
 * the name, whatever its case, or of the email address.
 */
export function matches(lead: Lead, query: string): boolean {
  const fields = lead.fields ?? {};
  const digits = query.replace(/\D/g, "");
  const asPhone = dialable(query);
  if (asPhone && asPhone === dialable(fields.phone ?? "")) return true;
  if (digits.length >= 6 && /^[\d\s()+.-]+$/.test(query)) {
    const theirs = (fields.phone ?? "").replace(/\D/g, "");
    return theirs.includes(digits) || (dialable(fields.phone ?? "") ?? "").includes(digits);
  }
  const words = query.toLowerCase().replace(/\s+/g, " ").trim();
  return (
    words.length > 0 &&
    ((fields.name ?? "").toLowerCase().replace(/\s+/g, " ").includes(words) ||
      (fields.email ?? "").toLowerCase().includes(words))
  );
}

/** /find <name or phone>: every lead that matches, newest first, with its stage and date. */
export async function findPage(desk: Desk, query: string, page: number): Promise<Page> {
  const found = (await desk.store.owner.findable(FINDABLE)).filter((lead) => matches(lead, query));
  const pages = pagesOf(found.length);
  const at = Math.min(page, pages);
  const open: Page["open"] = [];
  const pieces: Piece[] = [
    bold(`Found ${count(found.length, "lead", "leads")} for `),
    value(query),
    plain("\n"),
  ];
  if (!found.length) pieces.push(plain("Nothing: try part of the name, or the phone's last 6 digits.\n"));
  const shown = found.slice((at - 1) * PAGE_LINES, at * PAGE_LINES);
  for (const [i, lead] of shown.entries()) {
    const n = (at - 1) * PAGE_LINES + i + 1;
    pieces.push(
      plain(`${n}. `),
      ...who(lead),
      plain(
        `${await stageOf(desk.store, lead)}, ${lead.form}, ${desk.clock.dayMonth(lead.receivedAt)} ${desk.clock.local(lead.receivedAt).date.slice(0, 4)}${linkOr(desk, lead, n, open)}\n`,
      ),
    );
  }
  return { pieces, page: at, pages, open };
}

/** /jobs: the jobs booked from today on, by day, morning first. */
export async function jobsPage(desk: Desk, page: number): Promise<Page> {
  const today = desk.clock.local(desk.now).date;
  const jobs = await desk.store.quotes.bookedFrom(today);
  const lines: Piece[][] = [];
  let day = "";
  for (const job of jobs) {
    if (job.day !== day) {
      day = job.day!;
      const label = day === today ? "Today" : day === addDays(today, 1) ? "Tomorrow" : "";
      const date = shortDay(day);
      lines.push([bold(label ? `${label}, ${date}` : date), plain("\n")]);
    }
    const lead = await desk.store.get(job.leadId);
    const where = suburbOf(lead?.fields?.address ?? "");
    const phone = phoneInLine(lead?.fields?.phone ?? "");
    lines.push([
      plain(`- ${timeLabel(job.timeOfDay!)}: `),
      nameInLine(lead?.fields?.name ?? "(erased)"),
      ...(where ? [plain(", "), value(where)] : []),
      ...(phone ? [plain(", "), value(phone)] : []),
      plain(`, ${formatDollars(job.cents)}\n`),
    ]);
  }
  const pages = pagesOf(lines.length);
  const at = Math.min(page, pages);
  const pieces: Piece[] = [bold(`Jobs booked from today (${jobs.length})`), plain("\n")];
  if (!jobs.length) pieces.push(plain("None booked yet.\n"));
  pieces.push(...lines.slice((at - 1) * PAGE_LINES, at * PAGE_LINES).flat());
  return { pieces, page: at, pages, open: [] };
}

/** /today: today's jobs, then who is waiting, oldest first (the first page of them; /leads has all). */
export async function todayPage(desk: Desk): Promise<Page> {
  const jobs = await todaysJobs(desk.store, desk.clock.local(desk.now).date);
  const waiting = await desk.store.owner.waiting(PAGE_LINES + 1);
  const open: Page["open"] = [];
  const pieces: Piece[] = [...(jobs.length ? jobs : [bold("Today's jobs: none"), plain("\n\n")])];
  pieces.push(bold(`Waiting for a call${waiting.length ? ", oldest first" : ": nobody"}`), plain("\n"));
  for (const [i, lead] of waiting.slice(0, PAGE_LINES).entries())
    pieces.push(
      plain(`${i + 1}. `),
      ...who(lead),
      plain(`${waitedFor(desk.now - lead.receivedAt)}${linkOr(desk, lead, i + 1, open)}\n`),
    );
  if (waiting.length > PAGE_LINES) pieces.push(plain("More in /leads\n"));
  return { pieces, page: 1, pages: 1, open };
}
