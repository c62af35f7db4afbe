/**
 * Telegram's side of the owner's updates: the webhook's secret, and asking
 * Telegram to post updates to the relay (or to stop). What an update does, a
 * press or a reply, is the owner's (owner/presses.ts), read through the
 * webhook (POST /api/telegram, on both hosts) or long polling (getUpdates, on a
 * Node relay without a public address: node/polling.ts).
 * https://core.telegram.org/bots/api#getting-updates
 */
import { callBot, callBotRetrying, type TelegramOptions } from "./client.ts";
import { toBase64url } from "../../shared/hex.ts";
/**
 * The secret Telegram sends with every webhook post: derived from the bot token, so the relay and `npm run
 * telegram` agree without another setting.
 */
export async function webhookSecret(token: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(token),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, new TextEncoder().encode("jacaranda-relay webhook secret")),
  );
  // Telegram allows 1-256 characters of A-Z a-z 0-9 _ -: base64url without padding.
  return toBase64url(mac);
}

/** Compares two secrets in time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  let differ = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) differ |= (given.charCodeAt(i) || 0) ^ expected.charCodeAt(i);
  return differ === 0;
}

/**
 * The updates the relay asks Telegram for: button presses, and messages (the owner's replies to a
 * notice). https://core.telegram.org/bots/api#update
 */
export const ALLOWED_UPDATES = ["callback_query", "message"];

/**
 * Points Telegram's webhook at `url` (the relay's /api/telegram) with the relay's secret, for button presses
 * and the owner's replies (ALLOWED_UPDATES); an empty url removes it. Answers what Telegram said.
 * https://core.telegram.org/bots/api#setwebhook
 */
export async function setWebhook(
  telegram: TelegramOptions,
  url: string,
): Promise<Awaited<ReturnType<typeof callBot>>> {
  if (url === "") return callBotRetrying(telegram, "deleteWebhook", {});
  // Telegram takes one setWebhook a second (a 429 with retry_after 1 otherwise): a second run straight after
  // the first waits it out.
  return callBotRetrying(telegram, "setWebhook", {
    url,
    secret_token: await webhookSecret(telegram.token),
    allowed_updates: ALLOWED_UPDATES,
  });
}

/**
 * Sets the webhook again, at the address it has, when it asks Telegram for fewer kinds of update
 * than the relay reads: one set before the relay read the owner's replies takes button presses
 * only, and every reply would be lost without a word. getWebhookInfo names allowed_updates only
 * when they differ from Telegram's default, which has both kinds (telegram-bot-api Client.cpp,
 * JsonWebhookInfo; https://core.telegram.org/bots/api#webhookinfo). Answers what it did, for the log;
 * undefined: nothing to do (no webhook, the kinds in order, or Telegram did not answer).
 */
export async function webhookUpdatesInOrder(telegram: TelegramOptions): Promise<string | undefined> {
  const info = await callBot(telegram, "getWebhookInfo", {});
  if (!info.ok) return undefined;
  const { url, allowed_updates: asked } = info.result as { url?: string; allowed_updates?: string[] };
  if (!url || !asked || ALLOWED_UPDATES.every((kind) => asked.includes(kind))) return undefined;
  const set = await setWebhook(telegram, url);
  const missing = ALLOWED_UPDATES.filter((kind) => !asked.includes(kind)).join(", ");
  return set.ok
    ? `relay: the webhook asked Telegram for ${asked.join(", ") || "nothing"}, not ${missing}: set again with ${ALLOWED_UPDATES.join(", ")}`
    : `relay: the webhook asks Telegram for ${asked.join(", ")}, not ${missing}, and setting it again failed (${set.description}): run npm run telegram -- webhook`;
}
