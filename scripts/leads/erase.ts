/**
 * `npm run leads -- erase ID`, and `-- erase --email ADDRESS` for every lead of one person: a
 * visitor forgotten on request (decision 0073). Each lead's personal data goes at once, from every
 * table (src/relay/leads/erasure.ts); the line that a lead was erased that day stays, so the
 * report's counts stay true; the running relay (with --d1, the Worker) then edits the lead's
 * messages in Telegram to say so, within a minute. What the command cannot reach is said: emails
 * already sent stay in Resend's records for 30 days, and the owner's copy in the owner's inbox.
 */
import { eraseOnRequest, leadsOfAddress } from "../../src/relay/leads/erasure.ts";
import type { EmailRecord } from "../../src/relay/leads/email-records.ts";
import type { Lead } from "../../src/relay/leads/lead.ts";
import type { Clock } from "../../src/relay/clock.ts";
import type { Command } from "./command.ts";
import { fail, shown } from "./fail.ts";
import { leadIdFor } from "./find.ts";

export const erase: Command = async ({ args: { id, flags }, store, d1, clock, out: { print } }) => {
  // args.ts took an id (the short one the list shows, too) or --email, not both.
  const ids =
    flags.email === undefined ? [await leadIdFor(store, id!)] : await leadsOfAddress(store, flags.email);
  if (!ids.length)
    fail(
      shown`No lead gives ${flags.email} as its address (a lead erased after LEADS_RETENTION_DAYS names none: erase it by its id).`,
    );
  const now = Date.now();
  for (const leadId of ids) {
    const [lead, emails] = await Promise.all([store.get(leadId), store.emails.forLead(leadId)]);
    if (!lead) fail(shown`No lead with id ${leadId}. npm run leads lists them.`);
    await eraseOnRequest(store, leadId, now);
    for (const line of erasedLines(lead, emails, clock)) print(line);
  }
  const show = `npm run leads --${d1 ? ` --d1${flags.remote ? " --remote" : ""}` : ""} show ID`;
  print(
    `${d1 ? "The Worker" : "The running relay"} edits their messages in Telegram to say they were erased, within a minute (${show} says when).`,
  );
};

/** What was erased of one lead, and what the command could not reach. */
function erasedLines(lead: Lead, emails: EmailRecord[], clock: Clock): string[] {
  const received = clock.long(lead.receivedAt);
  const lines = [
    shown`Erased lead ${lead.id} (${lead.form}, received ${received}): what was typed, the job's details, the notes, the email addresses and where the visit came from.`,
  ];
  if (lead.status === "pending" || lead.status === "undeliverable")
    lines.push("  It had not reached Telegram, and now never will.");
  for (const e of emails.filter((e) => e.status === "sent" && e.sentAt !== null)) {
    const sent = clock.long(e.sentAt!);
    lines.push(
      e.kind === "owner-lead"
        ? `  Its copy emailed to the owner on ${sent} stays in that inbox until deleted there, and in Resend's records for 30 days.`
        : `  The ${e.kind === "visitor-confirmation" ? "confirmation emailed to the visitor" : "email"} on ${sent} stays in Resend's records for 30 days.`,
    );
  }
  return lines;
}
