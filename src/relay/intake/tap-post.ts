/**
 * POST /api/call: a tap on a phone link (navigator.sendBeacon from the site),
 * counted per day of the business, page and number (as the site's links carry it).
 * Only for a page of the site and one of its numbers (call-taps.ts), from the
 * site (its Origin), not from crawlers, and at most CALL_TAPS_PER_MINUTE a
 * client (the Worker's binding: its forms' limit); anything else is answered
 * alike and not counted, so a script learns nothing.
 */
import { attributionValue } from "../../shared/forms/attribution.ts";
import { json } from "./answers.ts";
import { allowedHere } from "./form-post.ts";
import { readBody } from "./body.ts";
import { clientKey } from "./client-address.ts";
import type { Client, Intake } from "./context.ts";

/** Call taps counted per client per minute (a person taps once or twice); more are not counted. */
export const CALL_TAPS_PER_MINUTE = 10;
/** User agents that say they are crawlers or previewers: their taps are not counted. */
const BOT_AGENT = /bot|crawl|spider|slurp|preview|headless|lighthouse|python|curl|wget|httpclient/i;

export async function tapPost(
  { store, allowedOrigins, ownOrigin, ownTap, tapLimiter, trustProxy, now, clock }: Intake,
  request: Request,
  url: URL,
  client: Client,
): Promise<Response> {
  const origin = request.headers.get("Origin");
  const headers = new Headers({ Vary: "Origin" });
  const ours = origin !== null && allowedHere(origin, url, { allowedOrigins, ownOrigin });
  if (ours && origin) headers.set("Access-Control-Allow-Origin", origin);
  if (request.method !== "POST") {
    headers.set("Allow", "POST");
    return json(405, { ok: false, error: "use POST" }, headers);
  }
  const raw = await readBody(request);
  let tap: { page?: unknown; number?: unknown } = {};
  try {
    tap = JSON.parse(raw ?? "") as typeof tap;
  } catch {
    return json(400, { ok: false, error: "send {page, number}" }, headers);
  }
  const page = attributionValue(tap?.page);
  const number =
    typeof tap?.number === "string" && /^[\d +()-]{6,30}$/.test(tap.number) ? tap.number.trim() : undefined;
  if (!page?.startsWith("/") || page.startsWith("//") || !number)
    return json(400, { ok: false, error: "send {page, number}" }, headers);
  const agent = request.headers.get("User-Agent") ?? "";
  const own = ownTap?.(page, number);
  const counted =
    own &&
    ours &&
    agent !== "" &&
    !BOT_AGENT.test(agent) &&
    (await tapLimiter.take(clientKey(request, client?.clientAddress, trustProxy))).ok;
  if (counted) await store.countCallTap(clock.local(now().getTime()).date, own.page, own.number);
  return new Response(null, { status: 204, headers });
}
