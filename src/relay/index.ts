/**
 * The relay as configured from the environment: Telegram when both the bot
 * token and chat id are set, otherwise (Node only) the local outbox.
 */
import { telegramConfigured, type RelayConfig } from "./config.ts";
import { createRelay, type Deliver, type RelayHandler } from "./relay.ts";
import { sendMessages } from "./telegram.ts";

export { ConfigError, relayConfig, serverConfig, telegramConfigured, type RelayConfig, type ServerConfig } from "./config.ts";
export type { RelayHandler } from "./relay.ts";

export interface RelayFromConfig {
  config: RelayConfig;
  /** The business phone for the contact failure text, when SITE_PHONE is not set. */
  phone?: string;
  /** Used when Telegram is not configured; the Node server passes the outbox. */
  fallback?: Deliver;
  log?: (message: string) => void;
}

export function relayFromConfig({ config, phone, fallback, log }: RelayFromConfig): RelayHandler {
  let deliver: Deliver;
  if (telegramConfigured(config)) {
    const telegram = { apiBase: config.TELEGRAM_API_BASE, token: config.TELEGRAM_BOT_TOKEN, chatId: config.TELEGRAM_CHAT_ID, log };
    deliver = (_form, texts) => sendMessages(texts, telegram);
  } else if (fallback) {
    deliver = fallback;
  } else {
    throw new Error("TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are not set, and this host has no local outbox to write to");
  }
  return createRelay({
    deliver,
    allowedOrigins: config.ALLOWED_ORIGINS,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    phone: config.SITE_PHONE ?? phone ?? "",
    log,
  });
}
