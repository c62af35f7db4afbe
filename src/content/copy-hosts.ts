/**
 * Hosts that serve copies of other sites' pages: Wikipedia mirrors, forks and
 * offline readers, news mirrors and syndication scrapers, web archives, IPFS
 * gateways. A figure on the site cites the original publisher's page instead
 * (docs/decisions/0012-cited-sources.md); this is the one list of hosts a
 * source may not be on. The content schema refuses them (and so does the JSON
 * Schema the editor sees), and the page tests check every suburb page against
 * the same list.
 *
 * A host here also covers its subdomains: "dweb.link" covers
 * "<cid>.ipfs.dweb.link". Add a host when a copy turns up; the facts file's
 * `retrievedVia` fields name the copies the facts were read from.
 */
export const COPY_HOSTS = [
  // Wikipedia mirrors, forks and rewrites
  "piglix.com",
  "kiwix.casplantje.nl",
  "the-uncensored-wiki.com",
  "iiab.me",
  "a.osmarks.net",
  "hmong.in.th",
  "hmong.es",
  "wiki.x.io",
  "everything.explained.today",
  "pinocchiopedia.com",
  "profilpelajar.com",
  "profilbaru.com",
  "wikiclassic.com",
  "wikimili.com",
  "wikisum.wiki",
  "rightwiki.org",
  "atozwiki.com",
  "movatter.jp",
  "infogalactic.com",
  "grokipedia.com",
  "cryer.org.uk",
  "kiddle.co",
  // news mirrors, syndication copies and scrapers
  "newsbite.mooo.com",
  "layarlensa.info",
  "noosaonlinenews.com.au",
  "api.newsplugin.com",
  "peoplentools.com",
  "therealestatetips.com",
  "propertyinterest.com.au",
  "oreogram.com",
  "schoolchoice.com.au",
  "docslib.org",
  "refract.global.ssl.fastly.net",
  // web archives and IPFS gateways
  "web.archive.org",
  "archive.org",
  "archive.ph",
  "ipfs.io",
  "dweb.link",
] as const;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/**
 * "piglix" → "[pP][iI][gG][lL][iI][xX]": a host matches in any case, without the `i` flag a JSON Schema
 * pattern cannot carry.
 */
const anyCase = (s: string) => s.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);

/**
 * Matches an address whose host is not on the list (nor a subdomain of one),
 * in any case: "https://PIGLIX.com/x" is on the list. Written without flags so
 * a JSON Schema `pattern` can carry it unchanged.
 */
export const NOT_ON_COPY_HOST = new RegExp(
  `^[a-zA-Z][a-zA-Z0-9+.-]*://(?!(?:[^/?#@]*[.@])?(?:${COPY_HOSTS.map((h) => anyCase(escape(h))).join("|")})\\.?(?:[:/?#]|$))`,
);

/**
 * The list entry an address's host is on, if any: `copyHostOf("https://kids.kiddle.co/X")` is "kiddle.co".
 */
export function copyHostOf(address: string): string | undefined {
  let host: string;
  try {
    host = new URL(address).hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return undefined;
  }
  return COPY_HOSTS.find((h) => host === h || host.endsWith(`.${h}`));
}
