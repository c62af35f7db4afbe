/**
 * `npm run leads -- resend ID`: a lead not delivered (undeliverable, or spam that was a person) queued again.
 */
import type { Lead } from "../../src/relay/leads/lead.ts";
import type { LeadStore } from "../../src/relay/leads/store.ts";
import { need } from "./args.ts";
import type { Command } from "./command.ts";
import { fail, shown } from "./fail.ts";
import { brisbane } from "./output.ts";

export const resend: Command = async ({ args: { id, flags }, store, d1, out: { print } }) => {
  const lead = await store.get(need(id));
  if (!lead) fail(shown`No lead with id ${id}. npm run leads lists them.`);
  if (lead.status === "delivered")
    fail(
      shown`Lead ${id} was delivered ${brisbane(new Date(lead.deliveredAt!).toISOString())}; nothing to resend.`,
    );
  if (!(await store.requeue(lead.id, Date.now())))
    fail(shown`Lead ${id} cannot be sent: what the visitor typed was erased.`);
  if (d1) {
    // The Worker's sweep (a Cron Trigger, every minute) puts due leads on the delivery queue.
    print(
      shown`Lead ${id} is queued; the Worker sends it within a minute. npm run leads -- --d1${flags.remote ? " --remote" : ""} show ${id} says when it is delivered.`,
    );
    return;
  }
  print(shown`Lead ${id} is queued; the running relay sends it within a few seconds.`);
  const now = await sentWithin(store, lead, 15_000);
  print(
    now?.status === "delivered"
      ? "Delivered."
      : now?.status === "pending"
        ? "Still pending after 15 s: is the relay running (npm start), and does GET /api/health say telegram: ok?"
        : shown`Not delivered: ${now?.lastError ?? now?.status}`,
  );
};

/** The lead once the running relay has tried it, or as it still is after `ms`. */
async function sentWithin(store: LeadStore, lead: Lead, ms: number): Promise<Lead | undefined> {
  const deadline = Date.now() + ms;
  let now = await store.get(lead.id);
  while (now?.status === "pending" && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    now = await store.get(lead.id);
  }
  return now;
}
