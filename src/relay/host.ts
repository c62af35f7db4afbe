/**
 * What a host gives the relay (compose.ts): its lead store, how it schedules a lead's delivery
 * (node/delivery.ts, a loop; worker/queue.ts, a Queue), what differs at its door, its clock and its
 * log. Nothing else of a host reaches the relay.
 */
import type { Clock } from "./clock.ts";
import type { RelayOptions } from "./intake/context.ts";
import type { Health } from "./leads/policy.ts";
import type { NoticeButtons } from "./leads/send.ts";
import type { LeadStore } from "./leads/store.ts";
import type { TelegramOptions } from "./telegram/client.ts";

/** What a host's delivery is made from: the store, Telegram in use, and how a notice looks. */
export interface DeliveryParts {
  store: LeadStore;
  /** Undefined when Telegram is not configured: leads are kept, not sent. */
  telegram: TelegramOptions | undefined;
  buttons: NoticeButtons;
  clock: Clock;
  log: (message: string) => void;
  now: () => number;
  /** Each message waits for the chat's slot (TELEGRAM_PACE, leads/flood.ts). */
  pace: boolean;
  /** FLOOD_LEADS_PER_MINUTE: above it, one summary instead of a notice each (leads/flood.ts). */
  floodPerMinute: number;
}

/** The host's delivery: how a lead just stored is sent (deliverNow), and its health. */
export interface Scheduling {
  /** Undefined: nothing is sent now (the lead waits for the host's next pass). */
  deliverNow?: (id: string) => Promise<void>;
  health(): Promise<Health>;
  /** An update came from the owner's chat: a bot Telegram refused is tried again at once. */
  heard?: () => Promise<void>;
}

/** What a host supplies: its primitives. */
export interface Host<D extends Scheduling> {
  store: LeadStore;
  delivery(parts: DeliveryParts): Promise<D>;
  /** Whether button presses arrive through Telegram's webhook (POST /api/telegram). */
  webhook: boolean;
  /**
   * Whether the owner's updates are read at all (the webhook, or Node's polling): the commands' menu is set
   * for the owner's chat only then. Without it, as `webhook`.
   */
  readsUpdates?: boolean;
  /** What differs at the door: the Worker's shared limiters; a test's shorter wait for the answer. */
  door?: Pick<RelayOptions, "limiter" | "tapLimiter" | "answerBudgetMs">;
  /** One Telegram attempt's timeout and one email attempt's (tests shorten them). */
  timeouts?: { telegramMs?: number; emailMs?: number };
  /** The relay's clock (tests move it on instead of sleeping). */
  now: () => number;
  log: (message: string) => void;
}
