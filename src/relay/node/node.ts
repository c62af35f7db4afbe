/**
 * The relay on Node, as `npm run serve` and the tests run it: the relay
 * composed once (compose.ts) over what Node gives it: the lead store file, the
 * delivery loop, long polling for the owner's button presses, and timers for
 * the reminders and digest and the daily erasing of old personal data.
 */
import path from "node:path";
import { composeRelay } from "../compose.ts";
import { telegramOptions, type ServerConfig } from "../config.ts";
import type { RelayHandler } from "../intake/relay.ts";
import { telegramInUse } from "../leads/policy.ts";
import { DAY_MS } from "../leads/store.ts";
import { tellIn } from "../leads/email-channel.ts";
import { dailyUpkeep } from "../leads/upkeep.ts";
import { logLine } from "../log.ts";
import type { EmailSettings } from "../email/settings.ts";
import { siteInUse, type SiteFacts } from "../site.ts";
import { startDelivery, type Delivery } from "./delivery.ts";
import { startEmailLoop, type EmailLoop } from "./email-loop.ts";
import { importOutbox, OLD_OUTBOX } from "./import-outbox.ts";
import { webhookUpdatesInOrder } from "../telegram/updates.ts";
import { startPolling } from "./polling.ts";
import { openLeadStore, type OpenedStore } from "./sqlite.ts";

export interface NodeRelay {
  relay: RelayHandler;
  /** How the owner's button presses arrive: "polling", "webhook", or "off" (also without Telegram). */
  updates: "polling" | "webhook" | "off";
  opened: OpenedStore;
  delivery: Delivery;
  /** The email loop, with email settings (undefined: email is off). */
  email: EmailLoop | undefined;
  /**
   * For tests: resolves once delivery has nothing left to send at the relay's clock (Delivery.drained);
   * assert an absence after it, not after a sleep.
   */
  drained(): Promise<void>;
  /**
   * For tests: the owner's minute tick (the Undos' minute, reminders, follow-ups, digest, weekly
   * summary) once, at the relay's clock, as its timer runs it; nothing without Telegram.
   */
  ownerTick(): Promise<void>;
  /**
   * Stops polling, delivery, email and the owner's tick, waiting for what each has under way, and closes the
   * store.
   */
  close(): Promise<void>;
}

export interface NodeRelayOptions {
  config: ServerConfig;
  /**
   * The site's facts from content/ (siteFacts, src/content/site-facts.ts), or as much of them as a test
   * needs; SITE_PHONE and BUSINESS_HOURS override them.
   */
  site?: Partial<SiteFacts>;
  log?: (message: string) => void;
  /** Where a pre-store outbox file may be; relative paths from the working folder. */
  outboxFile?: string;
  pollMs?: number;
  answerBudgetMs?: number;
  /** One Telegram attempt's timeout (tests shorten it). */
  attemptTimeoutMs?: number;
  /** The email settings (emailSettings, email/settings.ts); undefined: email is off. */
  email?: EmailSettings;
  /** One email attempt's timeout (tests shorten it). */
  emailTimeoutMs?: number;
  /**
   * The relay's clock: delivery's waits, the spam check's proofs, reminders (tests move it on instead of
   * sleeping).
   */
  now?: () => number;
  /** How often the owner's tick runs (tests of a process shorten it); a minute by default. */
  ownerTickMs?: number;
}

export async function startNodeRelay({
  config,
  site,
  log = logLine,
  outboxFile = OLD_OUTBOX,
  pollMs,
  answerBudgetMs,
  attemptTimeoutMs,
  email: emailSettings,
  emailTimeoutMs,
  now = Date.now,
  ownerTickMs = 60_000,
}: NodeRelayOptions): Promise<NodeRelay> {
  const opened = openLeadStore(config.LEADS_DB);
  const { store } = opened;
  await importOutbox(store, path.resolve(outboxFile), log);
  const upkeep = () =>
    dailyUpkeep(store, config.LEADS_RETENTION_DAYS, now(), log).catch((error: unknown) =>
      log(`relay: could not erase old leads: ${(error as Error).message}`),
    );
  await upkeep();
  const retention = setInterval(upkeep, DAY_MS);
  retention.unref();

  const configured = telegramOptions(config);
  const telegram = await telegramInUse(store, configured && { ...configured, attemptTimeoutMs }, log, now);
  const delivery = await startDelivery({ store, telegram, log, pollMs, now });
  const updates = telegram ? config.TELEGRAM_UPDATES : "off";
  const door = { trustProxy: config.TRUST_PROXY, answerBudgetMs };
  const relay = await composeRelay({
    store,
    config,
    telegram,
    scheduling: delivery,
    site,
    webhook: updates === "webhook",
    door,
    now,
    log,
    email: emailSettings,
  });
  const polling =
    telegram && relay.handleUpdate && updates === "polling"
      ? startPolling({ telegram, handle: relay.handleUpdate, log })
      : undefined;
  // A webhook set for presses only would lose the owner's replies: set it again, not holding up the start.
  if (telegram && updates === "webhook")
    void webhookUpdatesInOrder(telegram).then((done) => done && log(done));
  // Reminders and the morning digest, checked every minute; without Telegram there is nobody to remind: no
  // timer.
  const { ownerTick } = relay;
  /**
   * The tick under way, for close() to wait on: a reminder Telegram took is recorded before the store closes.
   */
  let ticking: Promise<void> | undefined;
  const tick = (): Promise<void> => {
    const run = ownerTick ? ownerTick(now()) : Promise.resolve();
    ticking = run.catch(() => {});
    return run;
  };
  const ownerTimer =
    ownerTick &&
    setInterval(
      () =>
        void tick().catch((error: unknown) =>
          log(`relay: reminders and digest failed: ${(error as Error).message}`),
        ),
      ownerTickMs,
    );
  ownerTimer?.unref();
  const email =
    emailSettings &&
    startEmailLoop(
      {
        store,
        settings: emailSettings,
        phone: siteInUse(config, site).phone,
        telegram: !!telegram,
        tell: telegram && tellIn(telegram),
        log,
        now,
        client: { timeoutMs: emailTimeoutMs },
      },
      pollMs,
    );
  return {
    relay: relay.handler,
    updates,
    opened,
    delivery,
    email,
    drained: () => delivery.drained(),
    ownerTick: tick,
    async close() {
      clearInterval(retention);
      clearInterval(ownerTimer);
      await polling?.stop();
      await delivery.stop();
      await email?.stop();
      await ticking;
      opened.close();
    },
  };
}
