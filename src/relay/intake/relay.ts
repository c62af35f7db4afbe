/**
 * The relay's HTTP intake: a web-standard fetch handler, one route a file
 * (the paths are named in src/shared/relay-paths.ts):
 *
 * - POST /api/quote and /api/contact, and GET /api/proof, the spam check's
 *   token for a form's script (form-post.ts; checking: form-check.ts; storing: keep.ts);
 * - POST /api/call, a tap on a phone link, counted (tap-post.ts);
 * - GET and POST /api/book, the customer's page for an emailed quote: see it, choose a day, accept
 *   (booking-route.ts);
 * - POST /api/telegram, Telegram's webhook for the owner's button presses (webhook.ts);
 * - GET /api/health, delivery's health as the host sees it.
 *
 * A script posts JSON and gets JSON; a form posted without script
 * (urlencoded) gets an HTML page with the same notice, refusals included
 * (403, 400, 413, 429, 503): on every one whose body was read, the form
 * again holding what the visitor typed (answers.ts, page.ts). Runs on a
 * server only; the credentials never leave it.
 */
import { quoteOffer, type SiteServices } from "../../shared/forms/quote-details.ts";
import { formBodies } from "../../shared/forms/schema.ts";
import {
  BOOKING_PATH,
  CALL_TAP_PATH,
  HEALTH_PATH,
  PROOF_PATH,
  TELEGRAM_UPDATES_PATH,
} from "../../shared/relay-paths.ts";
import { logLine } from "../log.ts";
import { json } from "./answers.ts";
import { tapCheck } from "./call-taps.ts";
import { at, FORMS, type Client, type Intake, type RelayOptions } from "./context.ts";
import { formRoute } from "./form-post.ts";
import { leadNotice } from "./lead-notice.ts";
import { rateLimiter } from "./rate-limit.ts";
import { CALL_TAPS_PER_MINUTE, tapPost } from "./tap-post.ts";
import { webhook } from "./webhook.ts";
import { bookingRoute } from "./booking-route.ts";

/** A relay told nothing of the site's services offers none on its page for a post without script. */
const NO_SERVICES: SiteServices = { services: [], addOns: [] };

/** How long the visitor's answer waits for Telegram after the lead is stored. */
export const ANSWER_BUDGET_MS = 3_000;

export type RelayHandler = (request: Request, client?: Client) => Promise<Response>;

export function createRelay(options: RelayOptions): RelayHandler {
  const intake = intakeOf(options);
  return async (request, client) => {
    const url = new URL(request.url);
    // A path that starts with two slashes reads as another host to anything that resolves it (the Node
    // adapter refuses such targets too).
    if (/^\/[/\\]/.test(url.pathname))
      return json(400, { ok: false, error: "a request target starts with exactly one /" });
    if (at(url, HEALTH_PATH) && (request.method === "GET" || request.method === "HEAD")) {
      const state = await intake.health();
      return json(state.ok ? 200 : 503, state);
    }
    if (at(url, TELEGRAM_UPDATES_PATH) && intake.updates) return webhook(request, intake.updates, intake.log);
    if (at(url, CALL_TAP_PATH)) return tapPost(intake, request, url, client);
    if (at(url, BOOKING_PATH) && intake.booking)
      return bookingRoute(intake, intake.booking, request, url, client);
    const form = FORMS.find(([path]) => at(url, path))?.[1];
    if (!form && !at(url, PROOF_PATH)) return json(404, { ok: false, error: "not found" });
    return formRoute(intake, request, url, client, form);
  };
}

/**
 * The options with their defaults: a limiter in this process's memory where the host shares none, the site's
 * taps checked.
 */
function intakeOf(options: RelayOptions): Intake {
  const {
    answerBudgetMs = ANSWER_BUDGET_MS,
    now = () => new Date(),
    log = logLine,
    trustProxy = 0,
  } = options;
  const ownTap = options.callTaps && tapCheck(options.callTaps);
  if (!ownTap)
    log(
      "relay: call taps are not counted: the relay has no list of the site's pages and numbers (on Node, from content/; on Workers, SITE_FACTS, which npm run relay:deploy sets)",
    );
  return {
    ...options,
    answerBudgetMs,
    now,
    log,
    trustProxy,
    limiter: options.limiter ?? rateLimiter(options.rateLimitPerMinute),
    tapLimiter: options.tapLimiter ?? rateLimiter(CALL_TAPS_PER_MINUTE),
    ownTap,
    offer: quoteOffer(options.services ?? NO_SERVICES, options.prices),
    bodies: formBodies(options.services?.services.map((s) => s.value)),
    notice: leadNotice(options),
  };
}
