/**
 * `npm run build`'s settings from the environment, checked before anything is built:
 * - RELAY_URL: where the forms post when the relay is not this site (docs/deploying.md). A value
 *   that is not an origin (no scheme, or a path) made each form's action a relative address: every
 *   post went to a page of the site itself and was lost, with the build passing.
 * - SITE_URL: the public address every canonical link, the sitemap and the structured data are
 *   built from (it overrides site.yaml's url). Without a scheme every one of them was broken.
 */
import { publicOrigin } from "../shared/origin.ts";

export class BuildSettingError extends Error {}

export interface BuildSettings {
  /** RELAY_URL's origin, or undefined: the forms post to this site's own paths. */
  relayOrigin?: string;
  /** SITE_URL's origin, or undefined: site.yaml's url. */
  siteUrl?: string;
}

export function buildSettings(env: Record<string, string | undefined>): BuildSettings {
  const problems: string[] = [];
  const read = (name: string, example: string, consequence: string) => {
    const given = env[name]?.trim();
    if (!given) return undefined;
    const origin = publicOrigin(given);
    if (!origin)
      problems.push(
        `${name}=${JSON.stringify(given)} is not an address such as ${example} (https://, the host, no path); ${consequence}.`,
      );
    return origin;
  };
  const relayOrigin = read(
    "RELAY_URL",
    "https://relay.your-domain.com.au",
    "the forms would post to a page of the site and every lead would be lost",
  );
  const siteUrl = read(
    "SITE_URL",
    "https://www.your-domain.com.au",
    "every canonical link, the sitemap and the structured data would name a wrong address",
  );
  if (problems.length) throw new BuildSettingError(problems.join("\n"));
  return { relayOrigin, siteUrl };
}
