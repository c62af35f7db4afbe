/**
 * `npm run build`'s settings from the environment, checked before anything is built:
 * - RELAY_URL: where the forms post when the relay is not this site (docs/deploying.md). A value
 *   that is not an origin (no scheme, or a path) made each form's action a relative address: every
 *   post went to a page of the site itself and was lost, with the build passing.
 * - SITE_URL: the public address every canonical link, the sitemap and the structured data are
 *   built from (it overrides site.yaml's url). Without a scheme every one of them was broken.
 * - CMS_REPO, CMS_BRANCH, CMS_AUTH_URL: the GitHub repository the editor at /admin/ saves to
 *   ("owner/name"), its branch (main unless set), and the sveltia-cms-auth Worker the owner signs
 *   in through (docs/editing.md). Sveltia refuses a repository not written "owner/name", with a
 *   message the owner would meet only at sign-in.
 */
import { publicOrigin } from "../shared/origin.ts";

export class BuildSettingError extends Error {}

export interface BuildSettings {
  /** RELAY_URL's origin, or undefined: the forms post to this site's own paths. */
  relayOrigin?: string;
  /** SITE_URL's origin, or undefined: site.yaml's url. */
  siteUrl?: string;
  /** CMS_REPO, "owner/name", or undefined: the editor works only with a clone (docs/editing.md). */
  cmsRepo?: string;
  /** CMS_BRANCH, or undefined: main. */
  cmsBranch?: string;
  /** CMS_AUTH_URL's origin, or undefined: Sveltia's default, Netlify's sign-in. */
  cmsAuthUrl?: string;
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
  const cmsAuthUrl = read(
    "CMS_AUTH_URL",
    "https://sveltia-cms-auth.your-account.workers.dev",
    "the editor's Sign In with GitHub would open a page that is not there",
  );
  const cmsRepo = env.CMS_REPO?.trim() || undefined;
  if (cmsRepo && !/^[\w.-]+\/[\w.-]+$/.test(cmsRepo))
    problems.push(
      `CMS_REPO=${JSON.stringify(cmsRepo)} is not a GitHub repository written as owner/name, such as jacaranda-cleaning/website; the editor at /admin/ could not sign in.`,
    );
  const cmsBranch = env.CMS_BRANCH?.trim() || undefined;
  if (problems.length) throw new BuildSettingError(problems.join("\n"));
  return { relayOrigin, siteUrl, cmsRepo, cmsBranch, cmsAuthUrl };
}
