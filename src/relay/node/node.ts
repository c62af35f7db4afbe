/**
 * The relay on Node, as `npm run serve` and the tests run it: the lead store
 * file, the delivery loop, the daily erasing of old personal data, and the
 * fetch handler, from the checked settings.
 */
import path from "node:path";
import { telegramOptions, type ServerConfig } from "../config.ts";
import { startDelivery, type Delivery } from "./delivery.ts";
import { DAY_MS } from "../leads/store.ts";
import { telegramInUse } from "../leads/policy.ts";
import { dailyUpkeep } from "../leads/upkeep.ts";
import { importOutbox, OLD_OUTBOX } from "./import-outbox.ts";
import { openLeadStore, type OpenedStore } from "./sqlite.ts";
import { createRelay, type RelayHandler } from "../intake/relay.ts";
import { spamGuardFor } from "../intake/spam.ts";
import { handleUpdate, webhookSecret } from "../telegram/updates.ts";
import { startPolling, type Polling } from "./polling.ts";
import { DEFAULT_HOURS, ownerTick } from "../owner/owner.ts";
import type { HoursLine } from "../leads/hours.ts";
import type { TapSite } from "../intake/call-taps.ts";
import { logLine } from "../log.ts";

export interface NodeRelay {
  relay: RelayHandler;
  /** How the owner's button presses arrive: "polling", "webhook", or "off" (also without Telegram). */
  updates: "polling" | "webhook" | "off";
  opened: OpenedStore;
  delivery: Delivery;
  /** Stops delivery (waiting for an attempt under way) and closes the store. */
  close(): Promise<void>;
}

export interface NodeRelayOptions {
  config: ServerConfig;
  /** The business phone for the contact failure text, when SITE_PHONE is not set. */
  phone?: string;
  /** The business's opening hours (content/site.yaml), for reminders and the digest, when BUSINESS_HOURS is not set. */
  hours?: HoursLine[];
  /** The site's pages and numbers (content/), for which call taps are counted; without them none is. */
  callTaps?: TapSite;
  log?: (message: string) => void;
  /** Where a pre-store outbox file may be; relative paths from the working folder. */
  outboxFile?: string;
  pollMs?: number;
  answerBudgetMs?: number;
  /** One Telegram attempt's timeout (tests shorten it). */
  attemptTimeoutMs?: number;
  /** The relay's clock: delivery's waits, the spam check's proofs, reminders (tests move it on instead of sleeping). */
  now?: () => number;
}

export async function startNodeRelay({ config, phone, hours, callTaps, log = logLine, outboxFile = OLD_OUTBOX, pollMs, answerBudgetMs, attemptTimeoutMs, now = Date.now }: NodeRelayOptions): Promise<NodeRelay> {
  const opened = openLeadStore(config.LEADS_DB);
  const { store } = opened;
  await importOutbox(store, path.resolve(outboxFile), log);
  const upkeep = () =>
    dailyUpkeep(store, config.LEADS_RETENTION_DAYS, Date.now(), log).catch((error: unknown) => log(`relay: could not erase old leads: ${(error as Error).message}`));
  await upkeep();
  const retention = setInterval(upkeep, DAY_MS);
  retention.unref();

  const configured = telegramOptions(config);
  const telegram = await telegramInUse(store, configured && { ...configured, attemptTimeoutMs }, log, now);
  const delivery = await startDelivery({ store, telegram, log, pollMs, now });
  const spam = await spamGuardFor(config, store);
  const updatesMode = telegram ? config.TELEGRAM_UPDATES : "off";
  const handle = telegram && ((update: unknown) => handleUpdate(update, { store, telegram, log, now }));
  const polling: Polling | undefined = handle && updatesMode === "polling" ? startPolling({ telegram, handle, log }) : undefined;
  // Reminders and the morning digest, checked every minute.
  const owner = telegram && { store, telegram, hours: config.BUSINESS_HOURS ?? hours ?? DEFAULT_HOURS, reminderMinutes: config.LEAD_REMINDER_MINUTES, log };
  // Without Telegram there is nobody to remind: no timer.
  const ownerTimer = owner && setInterval(() => void ownerTick(owner, now()).catch((error: unknown) => log(`relay: reminders and digest failed: ${(error as Error).message}`)), 60_000);
  ownerTimer?.unref();
  const relay = createRelay({
    updates: handle && updatesMode === "webhook" ? { secret: await webhookSecret(telegram.token), handle } : undefined,
    store,
    spam,
    trustProxy: config.TRUST_PROXY,
    deliverNow: delivery.deliverNow,
    health: delivery.health,
    allowedOrigins: config.ALLOWED_ORIGINS,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    callTaps,
    phone: config.SITE_PHONE ?? phone ?? "",
    answerBudgetMs,
    now: () => new Date(now()),
    log,
  });
  return {
    relay,
    updates: updatesMode,
    opened,
    delivery,
    async close() {
      clearInterval(retention);
      clearInterval(ownerTimer);
      await polling?.stop();
      await delivery.stop();
      opened.close();
    },
  };
}
