/**
 * `npm run leads -- resend ID`: a lead sent to the owner again. One not delivered (undeliverable,
 * or spam that was a person) is queued as it is; one already delivered goes as a copy, marked
 * "Copy: first sent …" (the runbook's promise: an owner who deleted the notice gets it back).
 * On Node the running relay sends it: this says at once when none answers on PORT.
 */
import type { Lead } from "../../src/relay/leads/lead.ts";
import type { LeadStore } from "../../src/relay/leads/store.ts";
import { HEALTH_PATH } from "../../src/shared/relay-paths.ts";
import type { Command } from "./command.ts";
import { fail, shown } from "./fail.ts";
import { findLead } from "./find.ts";
import { wrap } from "../../src/shared/wrap.ts";
import { resendCopy } from "../../src/relay/leads/lookups.ts";

/** How long a running relay gets to send it before this stops watching. */
const WATCH_MS = 15_000;

export const resend: Command = async ({ args: { id, flags }, store, d1, clock, out: { print }, env }) => {
  const lead = await findLead(store, id!);
  const now = Date.now();
  const copy = lead.status === "delivered";
  if (!(copy ? await resendCopy(store.sql, lead.id, now) : await store.requeue(lead.id, now)))
    fail(shown`Lead ${lead.id} cannot be sent: what the visitor typed was erased.`);
  const what = copy
    ? shown`A copy of lead ${lead.id} (first sent ${clock.long(lead.deliveredAt!)}) is queued`
    : shown`Lead ${lead.id} is queued`;
  if (d1) {
    // The Worker's sweep (a Cron Trigger, every minute) puts due leads on the delivery queue.
    print(wrap(`${what}; the Worker sends it within a minute.`));
    print(
      wrap(
        shown`npm run leads -- --d1${flags.remote ? " --remote" : ""} show ${lead.id} says when it is delivered.`,
      ),
    );
    return;
  }
  const relay = await relayAnswering(env);
  if (!relay) {
    print(
      wrap(
        `${what}; no relay answers at ${relayAddress(env)}, so it goes out when one starts (npm start; set PORT if the relay listens on another port).`,
      ),
    );
    return;
  }
  print(wrap(`${what}; the relay at ${relayAddress(env)} sends it within a few seconds.`));
  const after = await sentWithin(store, lead, WATCH_MS);
  print(
    after?.status === "pending"
      ? "Still pending after 15 s: does GET /api/health say telegram: ok?"
      : after?.status === "delivered"
        ? "Delivered."
        : shown`Not delivered: ${after?.lastError ?? after?.status}`,
  );
};

/** Where `npm start` listens with this environment: PORT and HOST, as the relay reads them. */
const relayAddress = (env: NodeJS.ProcessEnv) => {
  const host = env.HOST && env.HOST !== "0.0.0.0" && env.HOST !== "::" ? env.HOST : "localhost";
  return `http://${host.includes(":") ? `[${host}]` : host}:${env.PORT || "4321"}`;
};

/** Whether a relay answers its health check there within a second (any answer: it is running). */
async function relayAnswering(env: NodeJS.ProcessEnv): Promise<boolean> {
  try {
    await fetch(`${relayAddress(env)}${HEALTH_PATH}`, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

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
