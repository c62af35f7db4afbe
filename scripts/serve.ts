/**
 * `npm run serve`: serves the built dist/ and the form relay at
 * http://localhost:4321. Settings come from the environment (PORT, HOST,
 * TELEGRAM_*, LEADS_*, EMAIL_*, RATE_LIMIT_PER_MINUTE, ALLOWED_ORIGINS; see README),
 * checked before anything starts. SITE_ROOT serves another build than dist/.
 * SIGTERM or Ctrl-C stops it cleanly (src/server/stop.ts).
 */
import { existsSync } from "node:fs";
import path from "node:path";
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
import { startNodeRelay } from "../src/relay/node/node.ts";
import { createApp } from "../src/server/app.ts";
import { FORM_PATHS, HEALTH_PATH, TELEGRAM_UPDATES_PATH } from "../src/shared/relay-paths.ts";
import { listen } from "../src/server/node.ts";
import { stopOnSignals } from "../src/server/stop.ts";

let config: ServerConfig;
let email: EmailSettings | undefined;
try {
  config = serverConfig(process.env);
  email = emailSettings(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`${error.message}\n\nFix these environment variables and start again.`);
  process.exit(1);
}

const root = path.resolve(process.env.SITE_ROOT || "dist");
if (!existsSync(path.join(root, "index.html"))) {
  console.error("dist/ has no site yet: run `npm run build` first (or `npm start` to build and serve).");
  process.exit(1);
}

const content = siteContent();
const site = content && siteFacts(content);
const privacy = privacyProblem(email, site);
if (privacy) {
  console.error(`${privacy}\n\nThe relay did not start.`);
  process.exit(1);
}
const nodeRelay = await startNodeRelay({ config, site, email });
const { relay, opened, updates } = nodeRelay;
const { server, url } = await listen(createApp({ root, relay }), { port: config.PORT, host: config.HOST });
// A stop the host asks for (SIGTERM, Ctrl-C) lets the sends under way finish and be recorded (stop.ts).
stopOnSignals(server, () => nodeRelay.close());

console.log(`Serving ${root} at ${url}`);
// The token is never printed: only where messages go.
console.log(
  telegramConfigured(config)
    ? `Forms: ${FORM_PATHS.quote} and ${FORM_PATHS.contact} store each lead in ${opened.file} and send it to Telegram through ${printableApiBase(config)}.`
    : `Forms: Telegram is not configured (set TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID), so leads are stored in ${opened.file} and not sent; read them with npm run leads.`,
);
if (updates !== "off")
  console.log(
    `The owner's buttons: ${updates === "polling" ? "long polling Telegram (TELEGRAM_UPDATES=polling)" : `Telegram's webhook at ${TELEGRAM_UPDATES_PATH} (TELEGRAM_UPDATES=webhook; set it with npm run telegram -- webhook URL)`}.`,
  );
console.log(emailStartupLine(email));
const unknown = privacyUnknownLine(email, site);
if (unknown) console.log(unknown);
console.log(
  `Health: ${url}${HEALTH_PATH}. Spam check: ${config.SPAM_CHECKS}${config.TRUST_PROXY ? `; client addresses from X-Forwarded-For behind ${config.TRUST_PROXY} prox${config.TRUST_PROXY === 1 ? "y" : "ies"}` : ""}.`,
);

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
