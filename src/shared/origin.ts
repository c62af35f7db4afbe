/**
 * Web origins as settings give them: RELAY_URL and SITE_URL at build time, ALLOWED_ORIGINS and RELAY_ORIGIN
 * in the relay.
 */

/**
 * An origin such as https://www.example.com.au (scheme and host, no path; a trailing slash is allowed), or
 * undefined when `item` is not one.
 */
export function originOf(item: string): string | undefined {
  const url = URL.parse(item);
  return url && url.origin !== "null" && url.origin === item.replace(/\/$/, "") ? url.origin : undefined;
}

/**
 * An origin a public page can use: https, or http on this machine (a relay under `npm run
 * relay:dev`, a site under `npm start`), which a browser counts as secure too.
 */
export function publicOrigin(item: string): string | undefined {
  const origin = originOf(item);
  if (!origin) return undefined;
  const { protocol, hostname } = new URL(origin);
  return protocol === "https:" ||
    (protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(hostname))
    ? origin
    : undefined;
}
