/**
 * The form relay as `npm run serve` and `npm run dev` both run it beside the pages: its settings
 * from the environment (TELEGRAM_*, LEADS_*, EMAIL_*, RATE_LIMIT_PER_MINUTE, ALLOWED_ORIGINS; see
 * README), checked before anything starts, and the site's facts from content/. A setting that does
 * not parse ends the process with what to fix, exit code 1.
 */
import { loadContent } from "../src/build/content/load.ts";
import { siteFacts } from "../src/content/site-facts.ts";
import {
  ConfigError,
  printableApiBase,
  serverConfig,
  telegramConfigured,
  type ServerConfig,
} from "../src/relay/index.ts";
import { privacyProblem, privacyUnknownLine } from "../src/relay/email/privacy.ts";
import { emailSettings, emailStartupLine, type EmailSettings } from "../src/relay/email/settings.ts";
import { startNodeRelay, type NodeRelay } from "../src/relay/node/node.ts";
import { FORM_PATHS, HEALTH_PATH, TELEGRAM_UPDATES_PATH } from "../src/shared/relay-paths.ts";

/** The relay's settings, read before the port is taken or anything is built; ends the process on a mistake. */
export function relaySettings(env: NodeJS.ProcessEnv = process.env): {
  config: ServerConfig;
  email: EmailSettings | undefined;
} {
  try {
    return { config: serverConfig(env), email: emailSettings(env) };
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
  const content = siteContent();
  const site = content && siteFacts(content);
  const privacy = privacyProblem(email, site);
  if (privacy) {
    console.error(`${privacy}\n\nThe relay did not start.`);
    process.exit(1);
  }
  const relay = await startNodeRelay({ config, site, email });
  return { relay, said: (url) => relayLines(url, config, email, relay, site) };
}

/** Where leads go, the owner's buttons, email, the health check: what the relay does, said once at start. */
function relayLines(
  url: string,
  config: ServerConfig,
  email: EmailSettings | undefined,
  { opened, updates }: NodeRelay,
  site: ReturnType<typeof siteFacts> | undefined,
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
  const unknown = privacyUnknownLine(email, site);
  if (unknown) lines.push(unknown);
  lines.push(
    `Health: ${url}${HEALTH_PATH}. Spam check: ${config.SPAM_CHECKS}${config.TRUST_PROXY ? `; client addresses from X-Forwarded-For behind ${config.TRUST_PROXY} prox${config.TRUST_PROXY === 1 ? "y" : "ies"}` : ""}.`,
  );
  return lines;
}

/**
 * The site's facts for the relay (siteFacts): the phone the contact form's failure text names, the hours the
 * owner's reminders keep, and the pages and numbers call taps are counted for, from content/ like every page.
 */
function siteContent() {
  try {
    return loadContent("content");
  } catch {
    console.warn(
      "content/ could not be read, so the contact form's failure text has no phone number, reminders keep 8 am to 6 pm and call taps are not counted; set SITE_PHONE and BUSINESS_HOURS to give the first two.",
    );
    return undefined;
  }
}
