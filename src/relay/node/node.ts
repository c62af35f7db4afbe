/**
 * The relay on Node, as `npm run serve` and the tests run it: the relay composed once (compose.ts)
 * over what Node gives it: the lead store file, the delivery loop, long polling for the owner's
 * updates, and timers for the owner's minute, the email pass and the daily upkeep.
 */
import path from "node:path";
import { composeRelay, type RelaySettings } from "../compose.ts";
import type { ServerConfig } from "./config.ts";
import type { RelayHandler } from "../intake/relay.ts";
import { logLine } from "../log.ts";
import type { SiteFacts } from "../site.ts";
import { startDelivery, type Delivery } from "./delivery.ts";
import { startEmailLoop, type EmailLoop } from "./email-loop.ts";
import { every } from "./every.ts";
import { importOutbox, OLD_OUTBOX } from "./import-outbox.ts";
import { startPolling } from "./polling.ts";
import { openLeadStore, type OpenedStore } from "./sqlite.ts";

export interface NodeRelay {
  relay: RelayHandler;
  /** How the owner's button presses arrive: "polling", "webhook", or "off" (also without Telegram). */
  updates: "polling" | "webhook" | "off";
  opened: OpenedStore;
  delivery: Delivery;
  /** Undefined: email is off. */
  email: EmailLoop | undefined;
  /** For tests: resolves once delivery has nothing left to send at the relay's clock. */
  drained(): Promise<void>;
  /** For tests: the owner's minute once, at the relay's clock, as its timer runs it. */
  ownerTick(): Promise<void>;
  /** Stops everything, waiting for what each part has under way, and closes the store. */
  close(): Promise<void>;
}

/** The settings, the site's facts (or as much of them as a test needs), and what tests change. */
export interface NodeRelayOptions extends RelaySettings<ServerConfig> {
  site?: Partial<SiteFacts>;
  log?: (message: string) => void;
  /** The relay's clock (tests move it on instead of sleeping). */
  now?: () => number;
  /** Where a pre-store outbox file may be; relative paths from the working folder. */
  outboxFile?: string;
  pollMs?: number;
  answerBudgetMs?: number;
  attemptTimeoutMs?: number;
  emailTimeoutMs?: number;
  /** How often the owner's tick runs (a test's process shortens it); a minute by default. */
  ownerTickMs?: number;
}

export async function startNodeRelay({ config, ...options }: NodeRelayOptions): Promise<NodeRelay> {
  const { site, log = logLine, now = Date.now, pollMs } = options;
  const opened = openLeadStore(config.LEADS_DB);
  await importOutbox(opened.store, path.resolve(options.outboxFile ?? OLD_OUTBOX), log);
  const relay = await composeRelay({ config, email: options.email }, site, {
    store: opened.store,
    delivery: (parts) => startDelivery({ ...parts, pollMs }),
    webhook: config.TELEGRAM_UPDATES === "webhook",
    readsUpdates: config.TELEGRAM_UPDATES !== "off",
    door: { answerBudgetMs: options.answerBudgetMs },
    timeouts: { telegramMs: options.attemptTimeoutMs, emailMs: options.emailTimeoutMs },
    now,
    log,
  });
  const { telegram, handleUpdate: handle, delivery } = relay;
  const updates = telegram ? config.TELEGRAM_UPDATES : "off";
  const polling = telegram && handle && updates === "polling" && startPolling({ telegram, handle, log });
  // A webhook set for presses only would lose the owner's replies: set again, not holding up the start.
  if (updates === "webhook") void relay.checkWebhook();
  await relay.upkeep();
  const upkeep = every(24 * 60 * 60_000, relay.upkeep);
  const tick = every(options.ownerTickMs ?? 60_000, relay.tick ?? (async () => {}));
  const email = relay.emailPass && startEmailLoop(relay.emailPass, pollMs);
  const stops = () => [upkeep.stop(), tick.stop(), polling && polling.stop(), delivery.stop(), email?.stop()];
  return {
    ...{ relay: relay.handler, updates, opened, delivery, email, ownerTick: tick.now },
    drained: () => delivery.drained(),
    close: () => Promise.all(stops()).then(() => opened.close()),
  };
}
