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
/** The secret Telegram sends with every webhook post: derived from the bot token, so the relay and `npm run telegram` agree without another setting. */
export async function webhookSecret(token: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(token), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode("jacaranda-relay webhook secret")));
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
 * Points Telegram's webhook at `url` (the relay's /api/telegram) with the relay's secret, for
 * button presses and the owner's replies (ALLOWED_UPDATES); an empty url removes it. Answers what Telegram said.
 * https://core.telegram.org/bots/api#setwebhook
 */
export async function setWebhook(telegram: TelegramOptions, url: string): Promise<Awaited<ReturnType<typeof callBot>>> {
  if (url === "") return callBotRetrying(telegram, "deleteWebhook", {});
  // Telegram takes one setWebhook a second (a 429 with retry_after 1 otherwise): a second run straight after the first waits it out.
  return callBotRetrying(telegram, "setWebhook", { url, secret_token: await webhookSecret(telegram.token), allowed_updates: ALLOWED_UPDATES });
}
