/**
 * Where this visit came from, kept in sessionStorage (this tab, this visit)
 * until a form is sent, and a count of taps on phone links. Nothing is sent
 * anywhere until the visitor sends a form or taps a number; no cookie, no
 * identifier, and of the referrer only its host's kind or name
 * (src/shared/forms/attribution.ts). Browser code.
 */
import { ATTRIBUTION_FIELDS, sourceOf, type Attribution } from "../../shared/forms/attribution.ts";
import { CALL_TAP_PATH } from "../../shared/relay-paths.ts";

const KEY = "jacaranda-visit";
/** The relay's origin when it is not this site (RELAY_URL at build time), or "" (src/build/bundle.ts writes it in). */
declare const __RELAY_ORIGIN__: string;

/** On the visit's first page: its path, where the visit came from, and its campaign tags. Later pages keep the first. */
export function rememberVisit(): void {
  try {
    if (sessionStorage.getItem(KEY)) return;
    const params = new URLSearchParams(location.search);
    let referrerHost = "";
    try {
      referrerHost = document.referrer ? new URL(document.referrer).host : "";
    } catch {
      // An unreadable referrer is no referrer.
    }
    // The first page's own name, as its title gives it before the business's name ("Bond Cleaning Annerley | Jacaranda…").
    const landingName = location.pathname === "/" ? "Home" : document.title.split(/ [|–—-] /)[0].trim().slice(0, 200);
    const visit: Attribution = { landing: location.pathname, landingName, source: sourceOf(referrerHost, location.host) };
    for (const tag of ["utm_source", "utm_medium", "utm_campaign"] as const) {
      const value = params.get(tag);
      if (value) visit[tag] = value.slice(0, 200);
    }
    sessionStorage.setItem(KEY, JSON.stringify(visit));
  } catch {
    // Storage refused (a private mode, a full quota): the lead still says which page it was sent from.
  }
}

/** The visit's fields to post with a form, and the page it is sent from. */
export function visitFields(): Record<string, string> {
  let visit: Record<string, unknown> = {};
  try {
    visit = JSON.parse(sessionStorage.getItem(KEY) ?? "{}") as Record<string, unknown>;
  } catch {
    // Nothing kept: the page alone.
  }
  const fields = Object.fromEntries(ATTRIBUTION_FIELDS.filter((f) => typeof visit[f] === "string").map((f) => [f, visit[f] as string]));
  return { ...fields, page: location.pathname };
}

/**
 * Counts taps on phone links: a beacon to the relay with the page and the number, sent by the
 * browser in the background, so the call is never delayed. The relay is RELAY_URL's, or this site.
 */
export function countCallTaps(): void {
  document.addEventListener(
    "click",
    (event) => {
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href^="tel:"]');
      if (!link) return;
      const url = new URL(CALL_TAP_PATH, __RELAY_ORIGIN__ || location.href);
      const body = JSON.stringify({ page: location.pathname, number: decodeURIComponent(link.getAttribute("href")!.slice(4)) });
      navigator.sendBeacon?.(url, new Blob([body], { type: "text/plain" }));
    },
    { capture: true, passive: true },
  );
}
