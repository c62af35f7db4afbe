/**
 * The Node relay alone in a process of its own, for tests that kill it
 * (SIGKILL) and start it again on the same lead store: settings from the
 * environment as `npm run serve` reads them, the relay's log on stdout, and
 * its address as the first line `{"url": ...}`. For a test: TEST_OWNER_TICK_MS
 * runs the owner's tick that often, and TEST_CLOCK_OFFSET_MS sets the relay's
 * clock that far ahead of the machine's (a restart "minutes later"). TEST_POLL_MS sets the delivery
 * loop's period (100 ms; npm run bench:load gives npm run serve's second) and TEST_QUIET=1 drops the
 * relay's log.
 */
import { relaySettings } from "../compose.ts";
import { ServerEnv } from "../node/config.ts";
import { emailStartupLine } from "../email/settings.ts";
import { startNodeRelay } from "../node/node.ts";
import { listen } from "../../server/node.ts";
import { FACTS } from "./business.ts";

const { config, email } = relaySettings(ServerEnv, process.env);
console.log(emailStartupLine(email));
const { relay } = await startNodeRelay({
  config,
  site: { phone: "0491 570 156", timeZone: FACTS.timeZone },
  log: process.env.TEST_QUIET === "1" ? () => {} : (message) => console.log(message),
  pollMs: Number(process.env.TEST_POLL_MS) || 100,
  email,
  emailTimeoutMs: Number(process.env.TEST_ATTEMPT_TIMEOUT_MS) || undefined,
  attemptTimeoutMs: Number(process.env.TEST_ATTEMPT_TIMEOUT_MS) || undefined,
  outboxFile: `${config.LEADS_DB}.no-outbox`,
  ownerTickMs: Number(process.env.TEST_OWNER_TICK_MS) || undefined,
  now: () => Date.now() + (Number(process.env.TEST_CLOCK_OFFSET_MS) || 0),
});
const { url } = await listen((request, info) => relay(request, info), { port: 0, host: "127.0.0.1" });
console.log(JSON.stringify({ url }));
