/**
 * `npm run telegram`: the relay's side of the owner's Telegram bot.
 *
 *   npm run telegram -- webhook https://relay.example/api/telegram   Telegram posts button presses there
 * npm run telegram -- webhook --delete back to long polling (TELEGRAM_UPDATES=polling)
 *
 * Telegram posts only to https: on port 443, 80, 88 or 8443, so any other address is refused here,
 * before Telegram is asked (https://core.telegram.org/bots/api#setwebhook).
 *
 * Settings as the relay reads them (TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID, TELEGRAM_API_BASE); the
 * secret Telegram sends with each post is derived from the token, so nothing else is needed.
 */
import { ConfigError, relayConfig, telegramOptions } from "../src/relay/config.ts";
import { TELEGRAM_UPDATES_PATH } from "../src/shared/relay-paths.ts";
import { setWebhook } from "../src/relay/telegram/updates.ts";
import { wrap } from "../src/shared/wrap.ts";
import { scriptArgs, usageMistake } from "./script-args.ts";

const USAGE = `Usage:
  npm run telegram -- webhook https://relay.your-domain.com.au${TELEGRAM_UPDATES_PATH}
  npm run telegram -- webhook --delete`;

const { values, positionals } = scriptArgs({
  most: 2,
  options: { delete: { type: "boolean", default: false } },
  usage: USAGE,
});
const [command, url] = positionals;
if (command !== "webhook")
  usageMistake(command ? `Unknown command ${command}: webhook is the one.` : "Give a command.", USAGE);
if (!url === !values.delete) usageMistake("Give the webhook's address, or --delete.", USAGE);
if (url && (!/^https?:\/\/[^/]+\/\S*$/.test(url) || !URL.canParse(url)))
  fail(
    `${JSON.stringify(url)} is not an address such as https://relay.your-domain.com.au${TELEGRAM_UPDATES_PATH}`,
  );
if (url && !webhookAccepted(new URL(url))) {
  fail(
    `Telegram takes a webhook only at an https: address on port 443, 80, 88 or 8443 (https://core.telegram.org/bots/api#setwebhook); ${JSON.stringify(url)} is not one. Nothing was changed.`,
  );
}

let telegram;
try {
  telegram = telegramOptions(relayConfig(process.env));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  fail(error.message);
}
if (!telegram)
  fail("Set TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID first (the same settings the relay runs with).");

const answer = await setWebhook(telegram, values.delete ? "" : url);
if (answer.ok) {
  console.log(`Telegram answered: ok${answer.description ? ` (${answer.description})` : ""}.`);
  console.log(
    values.delete
      ? "Button presses now wait for the relay's long polling (TELEGRAM_UPDATES=polling)."
      : `Button presses now go to ${url}; run the Node relay with TELEGRAM_UPDATES=webhook (the Worker always listens there).`,
  );
} else fail(`Telegram answered: ${answer.status || "no answer"} ${answer.description}`);

function webhookAccepted(address: URL): boolean {
  // The URL leaves out a scheme's default port: "" is 443 for https.
  return address.protocol === "https:" && ["", "443", "80", "88", "8443"].includes(address.port);
}

function fail(message: string): never {
  console.error(wrap(message));
  process.exit(1);
}
