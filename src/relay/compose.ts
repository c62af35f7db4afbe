/**
 * The relay started in one place, for both hosts (decision 0077). From the
 * settings (read from the environment by relaySettings) and the site's facts
 * (content/ by one route, site.ts), composeRelay does every check and choice
 * once: the privacy policy against the email settings, the facts in use, the
 * Telegram settings in use, the email policy, the owner's reminders and
 * digest, the daily upkeep, the webhook's kinds of update. It hands the host
 * a few small functions to run when the host's scheduler says (a tick, an
 * email pass, the upkeep, the webhook check) and the fetch handler; the host
 * supplies only its primitives: its lead store (SQLite or D1), how it
 * schedules a lead's delivery (node/delivery.ts, worker/queue.ts), its clock
 * and its log. Each of those functions logs its own failure and never throws.
 */
import { ConfigError, parse, telegramOptions, type RelayConfig } from "./config.ts";
import { privacyProblem, privacyUnknownLine } from "./email/privacy.ts";
import { emailSettings, type EmailSettings } from "./email/settings.ts";
import { createRelay, type RelayHandler } from "./intake/relay.ts";
import { spamGuardFor } from "./intake/spam.ts";
import { tellIn, withEmail } from "./leads/email-channel.ts";
import { clientShare } from "./leads/email-records.ts";
import { digestByEmail, emailPass } from "./leads/emails.ts";
import { telegramInUse, type Health } from "./leads/policy.ts";
import type { Host, Scheduling } from "./host.ts";
import { dailyUpkeep } from "./leads/upkeep.ts";
import { ownerTick } from "./owner/owner.ts";
import { handleUpdate } from "./owner/presses.ts";
import { noticeButtons } from "./owner/stage-buttons.ts";
import { tellAcceptances } from "./owner/acceptances.ts";
import type { BookingOwner } from "./owner/booking-owner.ts";
import { storedSigner } from "./booking/door.ts";
import { siteInUse, type SiteFacts } from "./site.ts";
import type { TelegramOptions } from "./telegram/client.ts";
import { webhookSecret, webhookUpdatesInOrder } from "./telegram/updates.ts";
import type * as z from "zod/mini";

/** The relay's settings: the host's variables (config.ts), and email's (email/settings.ts). */
export interface RelaySettings<C extends RelayConfig = RelayConfig> {
  config: C;
  /** Undefined: email is off. */
  email?: EmailSettings;
}

/** The settings in `env` as the host's schema reads them, or a ConfigError naming every problem. */
export function relaySettings<S extends z.ZodMiniType<RelayConfig>>(
  schema: S,
  env: Record<string, string | undefined>,
): RelaySettings<z.output<S>> {
  return { config: parse(schema, env), email: emailSettings(env) };
}

export interface Relay<D extends Scheduling> {
  handler: RelayHandler;
  delivery: D;
  /** Telegram as the relay sends to it; undefined: leads are stored, not sent. */
  telegram: TelegramOptions | undefined;
  /** One of Telegram's updates (a button press, a reply), for polling; undefined without Telegram. */
  handleUpdate: ((update: unknown) => Promise<boolean>) | undefined;
  /** The owner's minute: Undos, reminders, follow-ups, the digest, the weekly summary; undefined without Telegram. */
  tick: (() => Promise<void>) | undefined;
  /**
   * One pass of the email policy, answering how many emails it tried (undefined: it failed, and said why);
   * undefined: email is off.
   */
  emailPass: (() => Promise<number | undefined>) | undefined;
  /** The daily erasing of what visitors typed past the retention period, and of what the relay no longer needs. */
  upkeep(): Promise<void>;
  /**
   * Sets Telegram's webhook again when it asks for fewer kinds of update than the relay reads: once, the
   * first time it is called.
   */
  checkWebhook(): Promise<void>;
  health(): Promise<Health>;
}

/** The relay over a host's primitives; a ConfigError when the email settings and the privacy policy disagree. */
export async function composeRelay<D extends Scheduling>(
  { config, email }: RelaySettings,
  site: Partial<SiteFacts> | undefined,
  host: Host<D>,
): Promise<Relay<D>> {
  const { store, now, log } = host;
  const intake = door({ config, email }, site);
  const { phone, hours, taps, booking: rules } = factsInUse({ config, email }, site, log);
  const { clock } = hours;
  const configured = telegramOptions(config);
  const attemptTimeoutMs = host.timeouts?.telegramMs;
  const telegram = await telegramInUse(store, configured && { ...configured, attemptTimeoutMs }, log, now);
  const delivery = await host.delivery({
    ...{ store, telegram, buttons: noticeButtons, clock, log, now },
    pace: config.TELEGRAM_PACE === "on",
    floodPerMinute: config.FLOOD_LEADS_PER_MINUTE,
  });
  // From quoted to booked (issue 51): the rules for the days offered, the link's signer, where links point.
  const signer = storedSigner(store);
  const booking: BookingOwner = {
    ...{ rules, hours, signer, origin: config.RELAY_ORIGIN, email: !!email },
    services: site?.services,
  };
  // What the owner's features work with: nothing without Telegram, where the owner is.
  const chat = telegram && { store, telegram, hours, log, now, booking };
  const handle = chat && ((update: unknown) => handleUpdate(update, { ...chat, heard: delivery.heard }));
  const owner = chat && {
    ...chat,
    reminderMinutes: config.LEAD_REMINDER_MINUTES,
    followUpDays: config.LEAD_FOLLOW_UP_DAYS,
    staleDays: config.LEAD_STALE_DAYS,
    // The menu only where commands are read: the Worker's webhook, a Node relay's webhook or polling.
    commands: host.readsUpdates ?? host.webhook,
    emailDigest: email && digestByEmail(store, email, now),
  };
  const policy = email && {
    store,
    settings: email,
    phone,
    clock,
    services: site?.services,
    business: site?.business,
    colours: site?.colours,
    telegram: !!telegram,
    tell: telegram && tellIn(telegram),
    log,
    now,
    client: { timeoutMs: host.timeouts?.emailMs },
  };
  const health = email ? async () => withEmail(await delivery.health(), store, now()) : delivery.health;
  const handler = createRelay({
    ...host.door,
    ...intake,
    updates:
      handle && host.webhook ? { secret: await webhookSecret(chat.telegram.token), handle } : undefined,
    store,
    spam: await spamGuardFor(config, store),
    deliverNow: delivery.deliverNow,
    health,
    callTaps: taps,
    phone,
    clock,
    // The accept page tells the owner of an acceptance at once; without Telegram, nobody to tell.
    booking: { ...booking, phone, accepted: chat && ((id) => tellAcceptances(chat, undefined, id)) },
    now: () => new Date(now()),
    log,
  });
  const logged = loggedBy(log);
  let webhookChecked: Promise<void> | undefined;
  return {
    handler,
    delivery,
    telegram,
    handleUpdate: handle,
    tick: owner && logged("reminders and digest failed", () => ownerTick(owner, now())),
    // Email goes apart from Telegram's work: its failure is logged, never thrown into delivery's.
    emailPass: policy && logged("the email pass failed", () => emailPass(policy)),
    upkeep: logged("could not erase old leads", () =>
      dailyUpkeep(store, config.LEADS_RETENTION_DAYS, now(), log, clock),
    ),
    checkWebhook: () =>
      (webhookChecked ??= logged("could not check the webhook", () => checkWebhook(telegram, log))()),
    health,
  };
}

/**
 * The site's facts in use (site.ts), once the email settings and the privacy policy are known to agree: a
 * ConfigError when they do not, a line in the log when the policy is not known.
 */
function factsInUse(
  { email, config }: RelaySettings,
  site: Partial<SiteFacts> | undefined,
  log: (m: string) => void,
) {
  const problem = privacyProblem(email, site);
  if (problem) throw new ConfigError([problem]);
  const unknown = privacyUnknownLine(email, site);
  if (unknown) log(unknown);
  return siteInUse(config, site);
}

/** `run`, its failure said in the log as "relay: `what`: why", never thrown. */
const loggedBy =
  (log: (message: string) => void) =>
  <T>(what: string, run: () => Promise<T>) =>
  (): Promise<T | undefined> =>
    run().catch((error: unknown) => void log(`relay: ${what}: ${(error as Error).message}`));

/** The webhook set again when it asks for fewer kinds of update than the relay reads (telegram/updates.ts). */
async function checkWebhook(telegram: TelegramOptions | undefined, log: (message: string) => void) {
  const done = telegram && (await webhookUpdatesInOrder(telegram));
  if (done) log(done);
}

/** What the HTTP intake takes of the settings and the site as they are. */
function door({ config, email }: RelaySettings, site: Partial<SiteFacts> | undefined) {
  return {
    allowedOrigins: config.ALLOWED_ORIGINS,
    ownOrigin: config.RELAY_ORIGIN,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    trustProxy: config.TRUST_PROXY,
    prices: site?.prices,
    services: site?.services,
    colours: site?.colours,
    emailNotice: email !== undefined,
    clientShare: email?.confirmationsPerHour ? clientShare(email.confirmationsPerHour) : undefined,
  };
}
