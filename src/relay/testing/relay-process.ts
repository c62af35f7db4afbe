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
import { TEST_BUSINESS, TEST_SERVICES } from "./services.ts";

const { config, email } = relaySettings(ServerEnv, process.env);
console.log(emailStartupLine(email));
const { relay } = await startNodeRelay({
  config,
  site: {
    phone: "0491 570 156",
    timeZone: FACTS.timeZone,
    services: TEST_SERVICES,
    business: TEST_BUSINESS,
  },
  log: process.env.TEST_QUIET === "1" ? () => {} : (message) => console.log(message),
  pollMs: Number(process.env.TEST_POLL_MS) || 100,
  email,
  emailTimeoutMs: Number(process.env.TEST_ATTEMPT_TIMEOUT_MS) || undefined,
  attemptTimeoutMs: Number(process.env.TEST_ATTEMPT_TIMEOUT_MS) || undefined,
  outboxFile: `${config.LEADS_DB}.no-outbox`,
  ownerTickMs: Number(process.env.TEST_OWNER_TICK_MS) || undefined,
  now: () => Date.now() + (Number(process.env.TEST_CLOCK_OFFSET_MS) || 0),
});
// For npm run bench:load: how long the event loop was held, and the relay's own time per answer (from its
// request read to its response made), said when the process is asked to stop.
const answers: number[] = [];
if (process.env.TEST_LOOP_DELAY === "1") {
  const { monitorEventLoopDelay } = await import("node:perf_hooks");
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.once("SIGTERM", () => {
    const ms = (ns: number) => Math.round(ns / 1e6);
    const sorted = answers.sort((a, b) => a - b);
    const at = (p: number) => Math.round(sorted[Math.floor(((sorted.length - 1) * p) / 100)] ?? 0);
    console.error(
      `relay event loop delay: p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms; its answers: p50 ${at(50)} ms, p99 ${at(99)} ms, max ${at(100)} ms`,
    );
    process.exit(0);
  });
}
const { url } = await listen(
  async (request, info) => {
    const started = performance.now();
    const response = await relay(request, info);
    if (request.method === "POST") answers.push(performance.now() - started);
    return response;
  },
  { port: 0, host: "127.0.0.1" },
);
console.log(JSON.stringify({ url }));
