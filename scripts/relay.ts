/**
 * `npm run relay:dev` and `npm run relay:deploy`: wrangler with the relay's
 * own config (relay/wrangler.toml) and the site's facts from content/
 * (siteFacts: the phone, the landline, the opening hours and the pages) as the
 * Worker's variables (src/relay/worker/site-vars.ts), so the Worker names the
 * phone the site shows, keeps its hours for the reminders and morning digest,
 * and counts call taps for its own pages and numbers only. Anything after `--`
 * goes to wrangler.
 */
import { spawnSync } from "node:child_process";
import { loadContent } from "../src/build/content/load.ts";
import { siteFacts } from "../src/content/site-facts.ts";
import { wranglerBin } from "../src/relay/node/wrangler-d1.ts";
import { siteVars } from "../src/relay/worker/site-vars.ts";

export const RELAY_CONFIG = "relay/wrangler.toml";

const [command, ...rest] = process.argv.slice(2);
if (command !== "dev" && command !== "deploy") {
  console.error(
    "Usage: npm run relay:dev [-- wrangler options] | npm run relay:deploy [-- wrangler options]",
  );
  process.exit(1);
}
const site = Object.entries(siteVars(siteFacts(loadContent("content")))).flatMap(([name, value]) => [
  "--var",
  `${name}:${value}`,
]);
const args = [wranglerBin(), command, "-c", RELAY_CONFIG, ...site, ...rest];
process.exit(spawnSync(process.execPath, args, { stdio: "inherit" }).status ?? 1);
