/**
 * What the page's load script keeps of a visit, with nothing sent anywhere:
 * the first page, the referrer's host (never its full address) and the
 * campaign tags, in sessionStorage (this tab, this visit) until a form is
 * sent; and taps on phone links, counted by a beacon to the relay. No cookie,
 * no identifier. What a form posts of it, with the referrer's host put into
 * words, is attribution.ts's, which only the forms load. Browser code.
 */
import { CALL_TAP_PATH } from "../../shared/relay-paths.ts";
import { cutText } from "../../shared/text.ts";

export const VISIT_KEY = "jacaranda-visit";
/**
 * Longest value kept, in UTF-16 units: what the relay keeps (ATTRIBUTION_MAX in
 * shared/forms/attribution.ts, not imported: this runs on every page, that only with the forms).
 */
const KEPT = 200;
/**
 * The relay's origin when it is not this site (RELAY_URL at build time), or "" (src/build/bundle.ts writes it
 * in).
 */
declare const __RELAY_ORIGIN__: string;

/**
 * On the visit's first page: its path and name, the referrer's host, and its campaign tags. Later pages keep
 * the first.
 */
export function rememberVisit(): void {
  try {
    if (sessionStorage.getItem(VISIT_KEY)) return;
    const params = new URLSearchParams(location.search);
    let referrer = "";
    try {
      referrer = document.referrer ? new URL(document.referrer).host : "";
    } catch {
      // An unreadable referrer is no referrer.
    }
    // The first page's own name, as its title gives it before the business's name ("Bond Cleaning Quokka Flats |
    // Jacaranda…").
    const landingName =
      location.pathname === "/" ? "Home" : cutText(document.title.split(/ [|–—-] /)[0].trim(), KEPT);
    const visit: Record<string, string> = { landing: location.pathname, landingName, referrer };
    for (const tag of ["utm_source", "utm_medium", "utm_campaign"] as const) {
      const value = params.get(tag);
      if (value) visit[tag] = cutText(value, KEPT);
    }
    sessionStorage.setItem(VISIT_KEY, JSON.stringify(visit));
  } catch {
    // Storage refused (a private mode, a full quota): the lead still says which page it was sent from.
  }
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
      const body = JSON.stringify({
        page: location.pathname,
        number: decodeURIComponent(link.getAttribute("href")!.slice(4)),
      });
      navigator.sendBeacon?.(url, new Blob([body], { type: "text/plain" }));
    },
    { capture: true, passive: true },
  );
}
