/**
 * `npm run dev`: the maintainer's loop. Builds into .dist-dev/ (never dist/), serves it with the
 * form relay, as `npm start` does, at http://localhost:4321 (PORT, HOST override), rebuilds when
 * content/ or src/ change and reloads the open browser. The relay's settings are npm start's.
 */
import { PortInUseError } from "../src/server/node.ts";
import { wrap } from "../src/shared/wrap.ts";
import { scriptArgs } from "./script-args.ts";
import { contentDirOf } from "../src/build/content/content-dir.ts";
import { relaySettings, startSiteRelay } from "./site-relay.ts";

const USAGE = `Usage: npm run dev
Builds into .dist-dev/ and serves it with the form relay at http://localhost:4321 (PORT and HOST
change where); an edit to content/ or src/ rebuilds and reloads the open page.`;
scriptArgs({ options: {}, usage: USAGE });

// Read before React's production build is chosen below: NODE_ENV=production would make the relay
// insist on Telegram, which a maintainer's loop does not need.
const settings = relaySettings(process.env);
await import("../src/build/production.ts");
const { startDev } = await import("../src/build/dev/dev-server.ts");
const { relay, said } = await startSiteRelay(settings);
let dev;
try {
  dev = await startDev({
    contentDir: contentDirOf(process.env),
    port: settings.config.PORT,
    host: settings.config.HOST,
    relay: relay.relay,
    log: (line) => console.log(wrap(line)),
  });
} catch (error) {
  if (!(error instanceof PortInUseError)) throw error;
  console.error(error.line("npm run dev"));
  await relay.close();
  process.exit(1);
}
// Ctrl-C: the open pages' event streams are cut at once (dev.close), and the relay finishes its sends.
const running = dev;
const stop = () => {
  process.off("SIGINT", stop).off("SIGTERM", stop);
  void running
    .close()
    .then(() => relay.close())
    .then(() => process.exit(0));
};
process.on("SIGINT", stop).on("SIGTERM", stop);
for (const line of said(dev.url)) console.log(wrap(line));
console.log(
  wrap(`Dev server at ${dev.url}: edit content/ or src/ and the open page reloads. Ctrl+C stops it.`),
);
