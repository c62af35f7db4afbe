/**
 * Which call taps the relay counts (POST /api/call, relay.ts): a tap on one of
 * the business's own numbers (content/site.yaml's phone and landline) on a page
 * the site has (src/content/routes.ts, callTapSite). Anything else is answered
 * alike and never counted, so nobody can fill the owner's report with pages or
 * numbers of their own (issue 38, decision 0057).
 *
 * The Node relay is given the site from content/ (scripts/serve.ts); the Worker
 * from its variables, which `npm run relay:deploy` sets from content/
 * (scripts/relay.ts, tapSiteVars). A relay given no site counts no tap.
 */
import { internationalPhone, nationalDigits } from "../../shared/phone.ts";

/** The site as the relay counts taps for it: its pages' paths ("/", "/suburbs/annerley/") and its numbers as it writes them. */
export interface TapSite {
  pages: readonly string[];
  numbers: readonly string[];
}

/**
 * The page and number a tap counts for: the page as the route list writes it, the number as the
 * site's tel: links carry it ("+61491570156", telHref), however the tap wrote it. Undefined: not the site's.
 */
export type TapCheck = (page: string, number: string) => { page: string; number: string } | undefined;

export function tapCheck(site: TapSite): TapCheck {
  const pages = new Set(site.pages);
  const numbers = new Map(site.numbers.map((n) => [nationalDigits(n), internationalPhone(n)]));
  return (page, number) => {
    // A browser's location.pathname: the site's own path, or one a host also answers ("/about-us", "/about-us/index.html").
    const path = page.split(/[?#]/)[0].replace(/\/index\.html$/, "/");
    const own = [path, `${path}/`].find((p) => pages.has(p));
    const called = numbers.get(nationalDigits(number));
    return own && called ? { page: own, number: called } : undefined;
  };
}

/** The Worker's variables: the numbers as a JSON list; the pages as one, continued in SITE_PAGES_2, _3 … past one variable's size. */
export const NUMBERS_VAR = "SITE_NUMBERS";
export const PAGES_VAR = "SITE_PAGES";
/** Cloudflare keeps a variable of at most 5 KB (https://developers.cloudflare.com/workers/platform/limits/); a little under it. */
export const VAR_BYTES = 5_000;

const pagesVar = (n: number) => (n === 1 ? PAGES_VAR : `${PAGES_VAR}_${n}`);
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** The variables `npm run relay:deploy` gives the Worker for this site, none over VAR_BYTES. */
export function tapSiteVars(site: TapSite): Record<string, string> {
  const vars: Record<string, string> = { [NUMBERS_VAR]: JSON.stringify(site.numbers) };
  let chunk: string[] = [];
  // "[" now; each page adds its JSON and then a comma or the closing "]".
  let used = 1;
  let n = 1;
  const flush = () => {
    vars[pagesVar(n++)] = JSON.stringify(chunk);
    [chunk, used] = [[], 1];
  };
  for (const page of site.pages) {
    const size = utf8Bytes(JSON.stringify(page)) + 1;
    if (chunk.length && used + size > VAR_BYTES) flush();
    chunk.push(page);
    used += size;
  }
  flush();
  return vars;
}

/** The site from the Worker's variables; undefined when they are missing or are not lists of text (no tap is then counted). */
export function tapSiteFromVars(env: Record<string, unknown>): TapSite | undefined {
  const numbers = textList(env[NUMBERS_VAR]);
  const pages: string[] = [];
  for (let n = 1; env[pagesVar(n)] !== undefined; n++) {
    const chunk = textList(env[pagesVar(n)]);
    if (!chunk) return undefined;
    pages.push(...chunk);
  }
  return numbers?.length && pages.length ? { pages, numbers } : undefined;
}

/** A JSON list of text, as a variable set with --var holds it (or already a list, as [vars] in wrangler.toml can give it). */
function textList(value: unknown): string[] | undefined {
  let list = value;
  if (typeof value === "string") {
    try {
      list = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return Array.isArray(list) && list.every((item) => typeof item === "string") ? list : undefined;
}
