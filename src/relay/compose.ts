/**
 * The relay composed once, for both hosts (decision 0058): the HTTP intake
 * (intake/relay.ts) with its spam check, the owner's button presses
 * (owner/presses.ts), the reminders and morning digest (owner/), and
 * health, over a lead store, the Telegram settings in use, the host's way of
 * sending a stored lead, and the site's facts (site.ts). A host adds only what
 * its runtime gives: Node its SQLite file, delivery loop, polling and timers
 * (node/node.ts); the Worker D1, its Queue and Cron Triggers (worker/worker.ts).
 */
import type { RelayConfig } from "./config.ts";
import type { EmailSettings } from "./email/settings.ts";
import type { RelayOptions } from "./intake/context.ts";
import { createRelay, type RelayHandler } from "./intake/relay.ts";
import { spamGuardFor } from "./intake/spam.ts";
import { refusal, refusalProblem } from "./leads/email-channel.ts";
import { clientShare } from "./leads/email-records.ts";
import { digestByEmail } from "./leads/emails.ts";
import { STALE_AFTER_MS, withEmail, type Health } from "./leads/policy.ts";
import type { LeadStore } from "./leads/store.ts";
import { logLine } from "./log.ts";
import { ownerTick } from "./owner/owner.ts";
import { siteInUse, type SiteFacts } from "./site.ts";
import type { TelegramOptions } from "./telegram/client.ts";
import { webhookSecret } from "./telegram/updates.ts";
import { handleUpdate } from "./owner/presses.ts";
import { tellAcceptances } from "./owner/acceptances.ts";
import type { BookingOwner } from "./owner/booking-owner.ts";
import { storedSigner } from "./booking/door.ts";

/** How the host sends stored leads: Node's loop (node/delivery.ts), the Worker's Queue (worker/queue.ts). */
export interface Scheduling {
  /**
   * Starts sending a lead just stored; the visitor's answer waits for it a moment. Undefined: nothing is sent
   * now.
   */
  deliverNow?: (id: string) => Promise<void>;
  health(): Promise<Health>;
  /** An update came from the owner's chat: a bot Telegram refused is tried again at once. */
  heard?: () => Promise<void>;
}

export interface ComposeOptions {
  store: LeadStore;
  config: RelayConfig;
  /**
   * Telegram as the relay sends to it (telegramInUse, leads/policy.ts); undefined: leads are stored, not
   * sent.
   */
  telegram: TelegramOptions | undefined;
  scheduling: Scheduling;
  /**
   * What the host was told of the site (content/ on Node, the variables on the Worker); the settings override
   * it.
   */
  site: Partial<SiteFacts> | undefined;
  /** Whether button presses arrive through Telegram's webhook (POST /api/telegram). */
  webhook: boolean;
  /**
   * What differs by host at the door: the Worker's shared limiters, Node's trusted proxies, the answer's
   * wait.
   */
  door?: Pick<RelayOptions, "limiter" | "tapLimiter" | "trustProxy" | "answerBudgetMs">;
  /** The relay's clock (tests move it on instead of sleeping). */
  now?: () => number;
  log?: (message: string) => void;
  /** The email settings (email/settings.ts); undefined: email is off. */
  email?: EmailSettings;
}

export interface Relay {
  handler: RelayHandler;
  /** One of Telegram's updates (a button press), for polling; undefined without Telegram. */
  handleUpdate: ((update: unknown) => Promise<boolean>) | undefined;
  /**
   * The reminders and the morning digest at a moment, run every minute; undefined without Telegram: nobody to
   * remind.
   */
  ownerTick: ((now: number) => Promise<void>) | undefined;
  health(): Promise<Health>;
}

export async function composeRelay({
  store,
  config,
  telegram,
  scheduling,
  site,
  webhook,
  door,
  now = Date.now,
  log = logLine,
  email,
}: ComposeOptions): Promise<Relay> {
  const facts = siteInUse(config, site);
  // From quoted to booked (issue 51): the rules for the days offered, the link's signer, where links point.
  const signer = storedSigner(store);
  const booking: BookingOwner = {
    rules: facts.booking,
    hours: facts.hours,
    signer,
    origin: config.RELAY_ORIGIN,
    email: email !== undefined,
  };
  const handle =
    telegram &&
    ((update: unknown) =>
      handleUpdate(update, {
        store,
        telegram,
        log,
        now,
        hours: facts.hours,
        heard: scheduling.heard,
        booking,
      }));
  const owner = telegram && {
    store,
    telegram,
    hours: facts.hours,
    reminderMinutes: config.LEAD_REMINDER_MINUTES,
    followUpDays: config.LEAD_FOLLOW_UP_DAYS,
    log,
    emailDigest: email && digestByEmail(store, email, now),
    booking,
    now,
  };
  const health = email
    ? async () => {
        const refused = await refusal(store);
        return withEmail(
          await scheduling.health(),
          await store.emails.failingSince(now() - STALE_AFTER_MS),
          refused && refusalProblem(refused),
        );
      }
    : scheduling.health;
  const handler = createRelay({
    ...door,
    updates: handle && webhook ? { secret: await webhookSecret(telegram.token), handle } : undefined,
    store,
    spam: await spamGuardFor(config, store),
    deliverNow: scheduling.deliverNow,
    health,
    allowedOrigins: config.ALLOWED_ORIGINS,
    ownOrigin: config.RELAY_ORIGIN,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    callTaps: facts.taps,
    phone: facts.phone,
    prices: site?.prices,
    emailNotice: email !== undefined,
    clientShare: email?.confirmationsPerHour ? clientShare(email.confirmationsPerHour) : undefined,
    booking: {
      rules: facts.booking,
      hours: facts.hours,
      signer,
      accepted: telegram && ((id) => tellAcceptances({ store, telegram, log, now, booking }, undefined, id)),
    },
    now: () => new Date(now()),
    log,
  });
  return { handler, handleUpdate: handle, ownerTick: owner && ((at) => ownerTick(owner, at)), health };
}
