/**
 * Which call taps the relay counts (POST /api/call, tap-post.ts): a tap on one of
 * the business's own numbers (content/site.yaml's phone and landline) on a page
 * the site has (the route list). Anything else is answered alike and never
 * counted, so nobody can fill the owner's report with pages or numbers of their
 * own (issue 38, decision 0057). Both come with the site's facts (site.ts); a
 * relay told neither counts no tap.
 */
import { internationalPhone, nationalDigits } from "../../shared/phone.ts";

/**
 * The site as the relay counts taps for it: its pages' paths ("/", "/suburbs/quokka-flats/") and its numbers as
 * it writes them.
 */
export interface TapSite {
  pages: readonly string[];
  numbers: readonly string[];
}

/**
 * The page and number a tap counts for: the page as the route list writes it, the number as the
 * site's tel: links carry it ("+61491570157", telHref), however the tap wrote it. Undefined: not the site's.
 */
export type TapCheck = (page: string, number: string) => { page: string; number: string } | undefined;

export function tapCheck(site: TapSite): TapCheck {
  const pages = new Set(site.pages);
  const numbers = new Map(site.numbers.map((n) => [nationalDigits(n), internationalPhone(n)]));
  return (page, number) => {
    // A browser's location.pathname: the site's own path, or one a host also answers ("/about-us",
    // "/about-us/index.html").
    const path = page.split(/[?#]/)[0].replace(/\/index\.html$/, "/");
    const own = [path, `${path}/`].find((p) => pages.has(p));
    const called = numbers.get(nationalDigits(number));
    return own && called ? { page: own, number: called } : undefined;
  };
}
