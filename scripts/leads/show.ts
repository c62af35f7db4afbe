/**
 * `npm run leads -- show ID`: one lead in full: its fields, every press on its notice, where it came from,
 * its notice.
 */
import { STAGE_KEYS, stageWords, type Press } from "../../src/relay/leads/stages.ts";
import type { Lead } from "../../src/relay/leads/lead.ts";
import type { EmailRecord } from "../../src/relay/leads/email-records.ts";
import type { Quote } from "../../src/relay/leads/quotes.ts";
import { shortDay } from "../../src/relay/telegram/quote-details.ts";
import { parseLegacyMarkdown } from "../../src/relay/telegram/markdown.ts";
import { escapeJsonForTerminal, escapeTerminal } from "../../src/shared/escape.ts";
import { leadIdFor } from "./find.ts";
import { formatDollars } from "../../src/shared/pricing/format.ts";
import type { Command } from "./command.ts";
import { fail, shown } from "./fail.ts";
import type { Clock } from "../../src/relay/clock.ts";
import { FROM, stageShown, stem, view } from "./view.ts";

export const show: Command = async ({ args: { id, flags }, store, clock, out: { print } }) => {
  const leadId = await leadIdFor(store, id!);
  const notes = store.notes;
  // Everything shown, read at once: on D1 one wrangler process for the five reads (wrangler-d1.ts), not one
  // each.
  const [lead, presses, cents, written, emails, quotes] = await Promise.all([
    store.get(leadId, { withStages: true }),
    store.stages.presses(leadId),
    notes.quote(leadId),
    notes.notes(leadId),
    store.emails.forLead(leadId),
    store.quotes.ofLead(leadId),
  ]);
  if (!lead) fail(shown`No lead with id ${id}. npm run leads lists them.`);
  const v = view(lead);
  if (flags.json) {
    // The lead as list --json gives it, with what show adds: every press, the quote, the notes, the emails.
    const all = { ...v, presses, quoteCents: cents, notes: written, emails, notice: lead.parts };
    return print(escapeJsonForTerminal(JSON.stringify(all, null, 2)));
  }
  const line = (k: string, value: unknown, indent = "") =>
    print(
      `${indent}${k.padEnd(12)}${escapeTerminal(k.endsWith("At") ? `${value} (${clock.long(Date.parse(String(value)))})` : String(value))}`,
    );
  const later = new Set<string>([
    "message",
    ...STAGE_KEYS.flatMap((s) => [`${stem(s)}By`, `${stem(s)}At`]),
    ...Object.keys(FROM),
  ]);
  // At Lost, why, as the notice's top line says it ("Stage: Lost (Price)"): the latest press's reason, as the
  // notice reads it.
  const stage = v.stage === "lost" ? stageWords("lost", presses.at(-1)?.reason) : stageShown(v.stage);
  for (const [k, value] of Object.entries(v))
    if (value !== null && !later.has(k)) line(k, k === "stage" ? stage : value);
  if (presses.length) {
    print(`\nEvery press on the notice, oldest first (${clock.timeName}):`);
    for (const p of presses) print(pressLine(p, clock));
  } else if (v.stage !== null) print("\nStages: no button pressed yet (waiting).");
  if (cents !== null) print(`\nQuoted: ${formatDollars(cents)} (a reply to the notice)`);
  printQuotes(quotes, print, clock);
  if (written.length) {
    print(`\nNotes, replies to the notice (${clock.timeName}):`);
    for (const n of written)
      print(
        `  ${clock.long(n.at)}, ${escapeTerminal(n.byName)}: ${escapeTerminal(n.text, { keepNewlines: true }).replace(/\n/g, "\n    ")}`,
      );
  }
  const from = Object.keys(FROM).filter((k) => v[k as keyof typeof FROM] !== null);
  if (from.length) {
    print("\nWhere it came from:");
    for (const k of from) line(k, v[k as keyof typeof FROM], "  ");
  } else print("\nWhere it came from: not recorded.");
  printNotice(lead, print, clock);
  printEmails(emails, print, clock);
};

/**
 * " 2 November 2026 at 9:20:00 am AEST waiting → Called, by Sam": one press (Lost with why), an Undo saying
 * so.
 */
function pressLine(p: Press, clock: Clock): string {
  const move = `${stageWords(p.from, p.fromReason)} → ${stageWords(p.to, p.reason)}`;
  return `  ${clock.long(p.at)}  ${p.undoes === null ? move : `Undo (${move})`}, by ${escapeTerminal(p.byName)}`;
}

/**
 * Each quote made by a reply, and what became of it (issue 51): sent or kept back, accepted for a day, the
 * owner told, confirmed or the day given back; then the booking, if there is one.
 */
function printQuotes(quotes: Quote[], print: (line: string) => void, clock: Clock) {
  if (!quotes.length) return;
  const at = (ms: number | null) => (ms === null ? "" : clock.long(ms));
  print(`\nQuotes to the customer (${clock.timeName}):`);
  for (const q of quotes) {
    const said = [
      `  #${q.seq} ${formatDollars(q.cents)}${q.note ? ` (note: ${q.note})` : ""}, by ${q.byName}, ${at(q.createdAt)}`,
      q.days ? `    days offered: ${q.days.map(shortDay).join(", ")}` : "",
      q.sentAt !== null
        ? `    sent ${at(q.sentAt)}; stands until ${at(q.expiresAt! - 1)}`
        : q.heldAt !== null
          ? `    kept back (Not yet) ${at(q.heldAt)}`
          : "    not sent",
      q.acceptedAt !== null
        ? `    accepted ${at(q.acceptedAt)} for ${shortDay(q.day!)}, ${q.timeOfDay}; owner told ${q.toldAt === null ? "not yet" : at(q.toldAt)}`
        : "",
      q.confirmedAt !== null ? `    confirmed by ${q.confirmedBy} ${at(q.confirmedAt)}` : "",
      q.releasedAt !== null ? `    day given back ${at(q.releasedAt)}` : "",
    ];
    for (const line of said.filter(Boolean)) print(escapeTerminal(line));
  }
  const booked = quotes.filter((q) => q.confirmedAt !== null && q.releasedAt === null).at(-1);
  if (booked)
    print(
      `Booked: ${shortDay(booked.day!)} ${booked.day!.slice(0, 4)}, ${booked.timeOfDay}, ${formatDollars(booked.cents)}`,
    );
}

/** Each email the lead caused: to whom, when, the provider's id, or why not (decision 0063). */
function printEmails(emails: EmailRecord[], print: (line: string) => void, clock: Clock) {
  if (!emails.length) return print("\nEmails: none recorded (email off, or not owed).");
  print(`\nEmails (${clock.timeName}):`);
  for (const e of emails) {
    const to = e.recipient ?? "(address erased)";
    const state =
      e.status === "sent"
        ? `sent ${clock.long(e.sentAt!)}${e.providerId ? `, id ${e.providerId}` : ""}`
        : e.status === "pending"
          ? `not sent yet: ${e.attempts} attempt(s), next ${clock.long(e.nextAttemptAt!)}${e.lastError ? ` (${e.lastError})` : ""}`
          : (e.reason ?? "not sent");
    print(escapeTerminal(`  ${e.kind.padEnd(22)}to ${to}, recorded ${clock.long(e.createdAt)}: ${state}`));
    if (e.kind === "owner-lead" && e.reason && e.status !== "not-sent")
      print(escapeTerminal(`  ${"".padEnd(22)}why by email: ${e.reason}`));
  }
}

/** The notice as Telegram shows it, part by part, or why it is gone. */
function printNotice(lead: Lead, print: (line: string) => void, clock: Clock) {
  if (lead.erasedOnRequest !== null) {
    const at = (ms: number) => clock.long(ms);
    return print(
      `\nErased at the visitor's request on ${at(lead.erasedOnRequest)}; its messages in Telegram ${lead.noticesErased === null ? "are not edited yet (the relay edits them within a minute)" : `were edited to say so on ${at(lead.noticesErased)}`}.`,
    );
  }
  if (!lead.parts)
    return print("\nWhat the visitor typed was erased after the retention period (LEADS_RETENTION_DAYS).");
  print(
    `\nThe notice (${lead.parts.length === 1 ? "one message" : `${lead.parts.length} messages`}, ${lead.partsSent} sent):\n`,
  );
  for (const part of lead.parts) {
    const parsed = parseLegacyMarkdown(part);
    // The message keeps its lines; every other control is shown as an escape.
    print(escapeTerminal("text" in parsed ? parsed.text : part, { keepNewlines: true }));
  }
}
