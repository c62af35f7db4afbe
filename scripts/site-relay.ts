/**
 * The form relay as `npm run serve` and `npm run dev` both run it beside the pages: its settings
 * from the environment (TELEGRAM_*, LEADS_*, EMAIL_*, RATE_LIMIT_PER_MINUTE, ALLOWED_ORIGINS; see
 * README), checked before anything starts, and the site's facts from content/. A setting that does
 * not parse ends the process with what to fix, exit code 1.
 */
import { relaySettings as readSettings, type RelaySettings } from "../src/relay/compose.ts";
import { ConfigError, printableApiBase, telegramConfigured } from "../src/relay/config.ts";
import { ServerEnv, type ServerConfig } from "../src/relay/node/config.ts";
import { emailStartupLine, type EmailSettings } from "../src/relay/email/settings.ts";
import { startNodeRelay, type NodeRelay } from "../src/relay/node/node.ts";
import { FORM_PATHS, HEALTH_PATH, TELEGRAM_UPDATES_PATH } from "../src/shared/relay-paths.ts";
import { readSiteFacts } from "./site-facts.ts";

/** The relay's settings, read before the port is taken or anything is built; ends the process on a mistake. */
export function relaySettings(env: NodeJS.ProcessEnv = process.env): RelaySettings<ServerConfig> {
  try {
    return readSettings(ServerEnv, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${error.message}\n\nFix these environment variables and start again.`);
    process.exit(1);
  }
}

/**
 * Starts the relay; ends the process when the email settings name a provider the privacy policy
 * does not. `said(url)`: what it does, to print once the server listens at `url`.
 */
export async function startSiteRelay({ config, email }: ReturnType<typeof relaySettings>): Promise<{
  relay: NodeRelay;
  said: (url: string) => string[];
}> {
  const site = readSiteFacts();
  if (!site)
    console.warn(
      "content/ (or CONTENT_DIR) could not be read, so the contact form's failure text has no phone number, reminders keep 8 am to 6 pm (UTC) and call taps are not counted; set SITE_PHONE and BUSINESS_HOURS to give the first two.",
    );
  let relay: NodeRelay;
  try {
    relay = await startNodeRelay({ config, site, email });
  } catch (error) {
    // The email settings and the privacy policy disagree (compose.ts).
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${error.message}\n\nThe relay did not start.`);
    process.exit(1);
  }
  return { relay, said: (url) => relayLines(url, config, email, relay) };
}

/** Where leads go, the owner's buttons, email, the health check: what the relay does, said once at start. */
function relayLines(
  url: string,
  config: ServerConfig,
  email: EmailSettings | undefined,
  { opened, updates }: NodeRelay,
): string[] {
  const lines: string[] = [];
  // The token is never printed: only where messages go.
  lines.push(
    telegramConfigured(config)
      ? `Forms: ${FORM_PATHS.quote} and ${FORM_PATHS.contact} store each lead in ${opened.file} and send it to Telegram through ${printableApiBase(config)}.`
      : `Forms: Telegram is not configured (set TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID), so leads are stored in ${opened.file} and not sent; read them with npm run leads.`,
  );
  if (updates !== "off")
    lines.push(
      `The owner's buttons: ${updates === "polling" ? "long polling Telegram (TELEGRAM_UPDATES=polling)" : `Telegram's webhook at ${TELEGRAM_UPDATES_PATH} (TELEGRAM_UPDATES=webhook; set it with npm run telegram -- webhook URL)`}.`,
    );
  lines.push(emailStartupLine(email));
  lines.push(
    `Health: ${url}${HEALTH_PATH}. Spam check: ${config.SPAM_CHECKS}${config.TRUST_PROXY ? `; client addresses from X-Forwarded-For behind ${config.TRUST_PROXY} prox${config.TRUST_PROXY === 1 ? "y" : "ies"}` : ""}.`,
  );
  return lines;
}
