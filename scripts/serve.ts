/**
 * `npm run serve`: serves the built dist/ and the form relay at
 * http://localhost:4321. Settings come from the environment (PORT, HOST,
 * TELEGRAM_*, RATE_LIMIT_PER_MINUTE, ALLOWED_ORIGINS; see README), checked
 * before anything starts.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { loadContent } from "../src/content/load.ts";
import { ConfigError, relayFromConfig, serverConfig, telegramConfigured, type ServerConfig } from "../src/relay/index.ts";
import { DEFAULT_OUTBOX, outbox } from "../src/relay/outbox.ts";
import { createApp } from "../src/server/app.ts";
import { listen } from "../src/server/node.ts";

const root = path.resolve("dist");
if (!existsSync(path.join(root, "index.html"))) {
  console.error("dist/ has no site yet: run `npm run build` first (or `npm start` to build and serve).");
  process.exit(1);
}

let config: ServerConfig;
try {
  config = serverConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`${error.message}\n\nFix these environment variables and start again.`);
  process.exit(1);
}

const outboxFile = path.resolve(DEFAULT_OUTBOX);
const relay = relayFromConfig({ config, phone: businessPhone(), fallback: outbox(outboxFile) });
const { url } = await listen(createApp({ root, relay }), { port: config.PORT, host: config.HOST });

console.log(`Serving ${root} at ${url}`);
// The token is never printed: only where messages go.
console.log(
  telegramConfigured(config)
    ? `Forms: /api/quote and /api/contact send to Telegram through ${config.TELEGRAM_API_BASE}.`
    : `Forms: Telegram is not configured (set TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID), so each submission is appended to ${outboxFile}`,
);

/** The phone the contact form's failure text names, from content/site.yaml like every page. */
function businessPhone(): string | undefined {
  try {
    return loadContent("content").site.phone;
  } catch {
    console.warn("content/ could not be read, so the contact form's failure text has no phone number; set SITE_PHONE to give one.");
    return undefined;
  }
}
