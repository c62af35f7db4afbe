/**
 * The site's facts as every script takes them, from content/ by one route (decision 0077): loaded as
 * the build loads it, then siteFacts (src/content/site-facts.ts). `npm run serve` and `npm run dev`
 * hand them to the Node relay (site-relay.ts), `relay:dev` and `relay:deploy` give them to the
 * Worker as its variables (src/relay/worker/site-vars.ts), and `npm run leads` reads the business's
 * clock, hours and pages from them. The relay applies SITE_PHONE and BUSINESS_HOURS over them in one
 * place (src/relay/site.ts), wherever it runs.
 */
import { loadContent } from "../src/build/content/load.ts";
import { contentDirOf } from "../src/build/content/content-dir.ts";
import { siteFacts } from "../src/content/site-facts.ts";
import type { SiteFacts } from "../src/relay/site.ts";

/**
 * The facts of `dir` (content/, or CONTENT_DIR's), or undefined when it cannot be read (each caller says
 * what that costs).
 */
export function readSiteFacts(dir = contentDirOf()): SiteFacts | undefined {
  try {
    return siteFacts(loadContent(dir));
  } catch {
    return undefined;
  }
}
