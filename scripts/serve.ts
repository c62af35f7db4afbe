/**
 * `npm run serve`: serves the built dist/ and the form relay at http://localhost:4321; `npm start`
 * is `serve -- --build`, which takes the port first, then builds, so a port already in use is said
 * in one line before a build is spent. Settings come from the environment (PORT, HOST, TELEGRAM_*,
 * LEADS_*, EMAIL_*, RATE_LIMIT_PER_MINUTE, ALLOWED_ORIGINS; see README), checked before anything
 * starts. SITE_ROOT serves another build than dist/. SIGTERM or Ctrl-C stops it cleanly
 * (src/server/stop.ts).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { createApp } from "../src/server/app.ts";
import { listen, PortInUseError, type FetchHandler } from "../src/server/node.ts";
import { stopOnSignals } from "../src/server/stop.ts";
import { wrap } from "../src/shared/wrap.ts";
import { scriptArgs } from "./script-args.ts";
import { relaySettings, startSiteRelay } from "./site-relay.ts";

const USAGE = `Usage: npm run serve [-- --build]     (npm start is serve -- --build)
Serves dist/ and the form relay at http://localhost:4321; PORT and HOST change where.
  --build   build dist/ first, once the port is known to be free`;
const { values } = scriptArgs({ options: { build: { type: "boolean", default: false } }, usage: USAGE });
const command = values.build ? "npm start" : "npm run serve";

const settings = relaySettings(process.env);
const root = path.resolve(process.env.SITE_ROOT || "dist");
if (!values.build && !existsSync(path.join(root, "index.html"))) {
  console.error("dist/ has no site yet: run npm run build first (or npm start to build and serve).");
  process.exit(1);
}

// The port is taken before the build: until the site is ready it answers 503.
let app: FetchHandler = () =>
  new Response("The site is being built; reload in a moment.", {
    status: 503,
    headers: { "Retry-After": "2" },
  });
let listening;
try {
  listening = await listen((request, info) => app(request, info), {
    port: settings.config.PORT,
    host: settings.config.HOST,
  });
} catch (error) {
  if (!(error instanceof PortInUseError)) throw error;
  console.error(error.line(command));
  process.exit(1);
}
const { server, url } = listening;
if (values.build) {
  // React's production build, chosen when it first loads; the relay's settings were read before, as
  // the environment gave them (NODE_ENV=production makes the relay insist on Telegram).
  await import("../src/build/production.ts");
  const { buildSite } = await import("./build-site.ts");
  if (!(await buildSite())) process.exit(1);
}
const { relay, said } = await startSiteRelay(settings);
app = createApp({ root, relay: relay.relay });
// A stop the host asks for (SIGTERM, Ctrl-C) lets the sends under way finish and be recorded (stop.ts).
stopOnSignals(server, () => relay.close());

console.log(wrap(`Serving ${path.relative(process.cwd(), root) || root} at ${url}`));
for (const line of said(url)) console.log(wrap(line));
