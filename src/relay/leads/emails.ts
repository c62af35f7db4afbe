/**
 * The email delivery policy, one for both hosts (decision 0063), run apart
 * from Telegram's: Node calls it on a timer of its own (node/email-loop.ts),
 * the Worker after each Queue batch and from its every-minute sweep
 * (worker/worker.ts). An email's fault never holds up a Telegram notice.
 *
 * One pass (`emailPass`):
 * 1. records a confirmation for each lead that passed the spam check in the
 *    last hour and has none (an address the client would refuse, or one over
 *    the limits, is recorded "not sent" with why);
 * 2. records the owner's copy of each lead Telegram has not taken: refused,
 *    pending longer than EMAIL_FALLBACK_MINUTES, or pending while Telegram
 *    refuses the bot (at once without Telegram settings);
 * 3. sends what is recorded and due, each email claimed first (one sender),
 *    and records the answer: sent with the provider's id; a 429, 5xx or no
 *    answer tried again later (retry-after, else the Telegram backoff) under
 *    the same Idempotency-Key; refused for this message: not sent, with why.
 *    No email is tried past GIVE_UP_AFTER_MS from its first attempt, before
 *    the provider forgets the key (24 h): a later try could arrive twice.
 *    A 429 pauses the whole channel for its retry-after, and refused
 *    settings turn the health check red and are told to the owner once
 *    (email-channel.ts).
 */
import type { EmailMessage, EmailOutcome, SendEmailOptions } from "../email/client.ts";
import { EMAIL_ATTEMPT_TIMEOUT_MS, IDEMPOTENCY_WINDOW_MS, sendEmail } from "../email/client.ts";
import { confirmationEmail } from "../email/confirmation.ts";
import { bookingKind, customerMessage } from "../booking/customer-emails.ts";
import { domainOf, isAddress } from "../email/address.ts";
import { EmailRecords, type EmailRecord } from "./email-records.ts";
import type { EmailSettings } from "../email/settings.ts";
import { parseLegacyMarkdown } from "../telegram/markdown.ts";
import { oneLine } from "../../shared/text.ts";
import type { Clock } from "../clock.ts";
import type { SiteServices } from "../../shared/forms/quote-details.ts";
import type { BusinessFacts } from "../site.ts";
import type { BrandColours } from "../../shared/colours.ts";
import type { Lead } from "./lead.ts";
import { pausedUntil, pauseUntil, refused, working } from "./email-channel.ts";
import { backoffMs, MAX_RETRY_MS } from "../retry.ts";
import type { LeadStore } from "./store.ts";
import { CONFIRM_WITHIN_MS } from "./email-records.ts";

export { CONFIRM_WITHIN_MS };
/**
 * The owner's copy is made for leads this recent: turning email on does not mail the owner every old lead.
 */
export const OWNER_COPY_WITHIN_MS = 7 * 24 * 60 * 60_000;
/**
 * No attempt after this long from the first: an hour inside the provider's 24-hour key (client.ts
 * IDEMPOTENCY_WINDOW_MS).
 */
export const GIVE_UP_AFTER_MS = IDEMPOTENCY_WINDOW_MS - 60 * 60_000;
/**
 * How long a sender holds an email it claimed: twice one attempt's timeout, so a sender still
 * waiting keeps it, and one that died (a killed process, an evicted isolate) lets it go soon.
 */
const leaseMs = (timeoutMs = EMAIL_ATTEMPT_TIMEOUT_MS) => 2 * timeoutMs;

export interface EmailPolicy {
  store: LeadStore;
  settings: EmailSettings;
  /** The business's number, as the relay knows it (siteInUse): the confirmation names it. */
  phone: string;
  /** The business's clock: the confirmation says when the lead came. */
  clock: Clock;
  /** The site's services: the confirmation names the one chosen. */
  services?: SiteServices;
  /** The business the confirmation is from; undefined (not told): no confirmation is sent. */
  business?: BusinessFacts;
  /** The brand's colours, which the confirmation's links take. */
  colours?: BrandColours;
  log: (message: string) => void;
  now?: () => number;
  random?: () => number;
  /** false: Telegram is not set up, so the owner gets every lead by email at once. */
  telegram?: boolean;
  /** The client's options (tests shorten its timeout). */
  client?: Pick<SendEmailOptions, "timeoutMs">;
  /** Tells the owner in Telegram, answering whether Telegram took it; undefined without Telegram. */
  tell?: (text: string) => Promise<boolean>;
}

const CONFIRM_BATCH = 100;
const CONFIRM_BATCHES = 5;

/** The visitor's confirmation of one lead recorded: to go, or not sent and why. */
async function recordOne(
  records: EmailRecords,
  settings: EmailSettings,
  toldBusiness: boolean,
  lead: { id: string; email: string },
  at: number,
): Promise<void> {
  if (!toldBusiness)
    await records.recordNotSent(
      lead.id,
      "visitor-confirmation",
      lead.email,
      "not sent: the relay was not told the business's name and address (npm run serve reads them from content/; on Workers npm run relay:deploy sets them)",
      at,
    );
  else if (!isAddress(lead.email))
    await records.recordNotSent(
      lead.id,
      "visitor-confirmation",
      lead.email,
      "not sent: address refused (the email client takes only a plain address such as name@example.com.au)",
      at,
    );
  else
    await records.recordConfirmation(lead.id, lead.email, at, {
      perHour: settings.confirmationsPerHour,
      ownDomains: [domainOf(settings.ownerEmail), domainOf(settings.from.address)],
    });
}

/** One pass: record what is owed, then send what is due. Answers how many emails were attempted. */
export async function emailPass(policy: EmailPolicy, limit = 10): Promise<number> {
  const { store, settings, now = Date.now } = policy;
  const records = store.emails;
  const at = now();
  // Every lead that came since the last pass, up to CONFIRM_BATCHES batches: a burst of leads is not
  // left a minute behind (issue 59 saw 20 a pass fall behind 8,180 leads); what is left, health counts.
  for (let batch = 0; batch < CONFIRM_BATCHES; batch++) {
    const leads = await records.leadsToConfirm(at - CONFIRM_WITHIN_MS, CONFIRM_BATCH);
    for (const lead of leads) await recordOne(records, settings, !!policy.business, lead, at);
    if (leads.length < CONFIRM_BATCH) break;
  }
  const [lateBefore, late] =
    policy.telegram === false
      ? [at, "Telegram is not set up (TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID)"]
      : [
          at - settings.fallbackMinutes * 60_000,
          `not delivered to Telegram within ${settings.fallbackMinutes} minutes`,
        ];
  await records.recordOwnerCopies(settings.ownerEmail, at, at - OWNER_COPY_WITHIN_MS, lateBefore, late);
  // The provider asked every email to wait (a 429 is the account's limit): nothing is sent before then.
  if (at < (await pausedUntil(store))) return 0;
  const due = await records.due(at, limit);
  let attempted = 0;
  for (const email of due) {
    attempted++;
    const outcome = await attemptEmail(records, email, policy);
    if (outcome?.kind === "retry" && outcome.pause) {
      await pauseUntil(store, now() + (outcome.retryAfterMs ?? 1_000));
      break;
    }
  }
  return attempted;
}

/** One attempt at one recorded email, if this sender can claim it: the provider's answer, if asked. */
async function attemptEmail(
  records: EmailRecords,
  email: EmailRecord,
  policy: EmailPolicy,
): Promise<EmailOutcome | undefined> {
  const { store, settings, log, now = Date.now, random = Math.random } = policy;
  const started = now();
  if (!(await records.claim(email, started, started + leaseMs(policy.client?.timeoutMs)))) return undefined;
  const first = email.firstAttemptAt ?? started;
  const what = `${email.kind} email for lead ${email.leadId}`;
  let message: EmailMessage;
  if (email.kind === "owner-digest") message = digestEmail(email);
  else {
    const lead = await store.get(email.leadId);
    if (!lead?.fields || !lead.parts || !email.recipient)
      return void (await records.notSent(email, "not sent: the lead's details were erased", {
        attempted: false,
      }));
    // Telegram took the lead before its copy went: the owner has it; a copy half-sent is finished, never left
    // unsure.
    if (
      email.kind === "owner-lead" &&
      lead.status === "delivered" &&
      !email.uncertain &&
      email.attempts === 0
    ) {
      return void (await records.notSent(email, "not sent: delivered to Telegram first", {
        attempted: false,
      }));
    }
    const made = await messageFor(email, lead, policy);
    if (typeof made === "string") return void (await records.notSent(email, made, { attempted: false }));
    message = made;
  }
  const outcome = await sendEmail(settings, { leadId: email.leadId, kind: email.kind }, message, {
    ...policy.client,
    now,
  });
  await recordOutcome(records, email, outcome, { first, random, log, what, now });
  if (outcome.kind === "sent") await working(store, log);
  if (outcome.kind === "settings") await refused(store, outcome, now(), policy.tell, log);
  return outcome;
}

/** What one attempt's answer means for its record. */
async function recordOutcome(
  records: EmailRecords,
  email: EmailRecord,
  outcome: EmailOutcome,
  {
    first,
    random,
    log,
    what,
    now,
  }: { first: number; random: () => number; log: (m: string) => void; what: string; now: () => number },
): Promise<void> {
  const end = now();
  if (outcome.kind === "sent") {
    await records.sent(email, end, outcome.id);
    return log(`relay: ${what} sent (${outcome.id})`);
  }
  if (outcome.kind === "message") {
    if (outcome.keyReused) {
      await records.sent(
        email,
        end,
        null,
        `the provider had this key with another body (${outcome.reason}): most likely sent already`,
      );
      return log(`relay: ${what}: ${outcome.reason}; most likely sent already, not sent again`);
    }
    const address = /address|`to`|recipient/i.test(outcome.reason) ? "address refused: " : "";
    await records.notSent(email, `not sent: ${address}${outcome.reason}`);
    return log(`relay: ${what} refused (${outcome.reason}): not sent`);
  }
  await retryOrGiveUp(records, email, outcome, { first, end, random, log, what });
}

async function retryOrGiveUp(
  records: EmailRecords,
  email: EmailRecord,
  outcome: Exclude<EmailOutcome, { kind: "sent" } | { kind: "message" }>,
  {
    first,
    end,
    random,
    log,
    what,
  }: { first: number; end: number; random: () => number; log: (m: string) => void; what: string },
): Promise<void> {
  // Refused settings: nothing goes until they change; try now and then, at the longest wait.
  const wait =
    outcome.kind === "settings"
      ? MAX_RETRY_MS
      : (outcome.retryAfterMs ?? backoffMs(email.attempts + 1, { random }));
  const uncertain = outcome.kind === "retry" && (outcome.uncertain || email.uncertain);
  if (end + wait - first > GIVE_UP_AFTER_MS) {
    await records.notSent(
      email,
      `not sent: out of tries ${Math.round((end - first) / 3_600_000)} h after the first (${outcome.reason})${uncertain ? "; one attempt may have sent it" : ""}`,
    );
    return log(
      `relay: ${what} not sent after ${email.attempts + 1} attempts (${outcome.reason}); given up before the provider's 24 h key runs out`,
    );
  }
  await records.retryLater(email, end + wait, outcome.reason, uncertain);
  const hint =
    outcome.kind === "settings"
      ? " Check EMAIL_API_KEY, EMAIL_FROM and the sending domain at resend.com, then restart or deploy the relay."
      : "";
  log(`relay: ${what} not sent yet (${outcome.reason}); next try in ${Math.ceil(wait / 1000)} s.${hint}`);
}

/**
 * The email a record stands for, made from the lead and the record alone (and a booking's, its quote): the
 * same on every try. A string: why it cannot be made.
 */
async function messageFor(
  email: EmailRecord,
  lead: Lead,
  policy: EmailPolicy,
): Promise<EmailMessage | string> {
  if (bookingKind(email.kind))
    return customerMessage(
      policy.store,
      lead,
      { kind: email.kind, recipient: email.recipient! },
      {
        phone: policy.phone,
        clock: policy.clock,
        replyTo: policy.settings.ownerEmail,
        services: policy.services,
      },
    );
  if (email.kind === "visitor-confirmation")
    return confirmationEmail(
      { form: lead.form, fields: lead.fields!, receivedAt: lead.receivedAt },
      email.recipient!,
      // Recorded only when the relay knew the business (emailPass).
      { ...policy, business: policy.business! },
      policy.settings.ownerEmail,
    );
  return ownerCopy(email, lead);
}

/**
 * The morning digest for the owner by email (EMAIL_DIGEST=on), once Telegram has it: recorded with its
 * text as Telegram shows it, and sent by the email pass like any other email. For owner/digest.ts.
 */
export function digestByEmail(
  store: LeadStore,
  settings: EmailSettings,
  now: () => number = Date.now,
): ((day: string, markdown: string) => Promise<void>) | undefined {
  if (!settings.digest) return undefined;
  return async (day, markdown) => {
    await store.emails.recordDigest(day, settings.ownerEmail, plainNotice(markdown), now());
  };
}

function digestEmail(email: EmailRecord): EmailMessage {
  return {
    to: email.recipient!,
    subject: `Morning digest, ${email.leadId.replace(/^digest-/, "")}`,
    text: `${email.body ?? ""}\n`,
  };
}

/** A notice or digest as Telegram shows it, without its Markdown. */
function plainNotice(markdown: string): string {
  const parsed = parseLegacyMarkdown(markdown);
  return "text" in parsed ? parsed.text : markdown;
}

/** The owner's copy: every line of the Telegram notice, as text, under why it came by email. */
export function ownerCopy(email: EmailRecord, lead: Lead): EmailMessage {
  const notice = (lead.parts ?? []).map(plainNotice);
  const visitor = lead.fields?.email ?? "";
  return {
    to: email.recipient!,
    replyTo: isAddress(visitor) ? visitor : undefined,
    subject: `New ${lead.form === "quote" ? "quote request" : "enquiry"} from ${oneLine(lead.fields?.name ?? "a visitor")} (by email)`,
    text: [
      `Sent by email because ${email.reason ?? "Telegram did not take it"}.`,
      `Lead ${lead.id}; npm run leads -- show ${lead.id} shows it in full.`,
      "",
      ...notice,
      "",
    ].join("\n"),
  };
}
