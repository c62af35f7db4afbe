/**
 * `npm run relay:dev` and `npm run relay:deploy`: wrangler with the relay's
 * own config (relay/wrangler.toml) and the business's opening hours from
 * content/site.yaml as BUSINESS_HOURS, so the Worker's reminders and morning
 * digest keep the hours the site shows; and the site's pages and numbers
 * (SITE_PAGES, SITE_NUMBERS: src/relay/call-taps.ts), so the Worker counts call
 * taps for those only. Anything after `--` goes to wrangler.
 */
import { spawnSync } from "node:child_process";
import { loadContent } from "../src/build/content/load.ts";
import { callTapSite } from "../src/content/routes.ts";
import { tapSiteVars } from "../src/relay/intake/call-taps.ts";
import { wranglerBin } from "../src/relay/node/wrangler-d1.ts";

export const RELAY_CONFIG = "relay/wrangler.toml";

const [command, ...rest] = process.argv.slice(2);
if (command !== "dev" && command !== "deploy") {
  console.error("Usage: npm run relay:dev [-- wrangler options] | npm run relay:deploy [-- wrangler options]");
  process.exit(1);
}
const content = loadContent("content");
const hours = content.site.hours.map(({ days, opens, closes }) => ({ days, opens, closes }));
const taps = Object.entries(tapSiteVars(callTapSite(content))).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
const args = [wranglerBin(), command, "-c", RELAY_CONFIG, "--var", `BUSINESS_HOURS:${JSON.stringify(hours)}`, ...taps, ...rest];
process.exit(spawnSync(process.execPath, args, { stdio: "inherit" }).status ?? 1);
