/**
 * How `npm run serve` stops when asked: SIGTERM (systemd, Docker, a host's
 * deploy) or SIGINT (Ctrl-C). Node's default for both is to end the process
 * at once, and a relay ended in the middle of a Telegram send has a notice
 * Telegram may have taken but the store does not know of: its next start
 * sends it again, marked "(possible repeat)" (crash.e2e.test.ts). A stop the
 * host asked for is not a crash, so it is clean:
 * - the server takes no new connection and answers the requests it is reading;
 * - then the relay stops (NodeRelay.close): the sends, email and button
 *   presses under way finish and are recorded, and the lead store is closed;
 * - the process exits with 0.
 * Each wait is bounded by what bounds it already: a Telegram attempt's
 * timeout (30 s), a request's. A second signal ends the process at once, but
 * not one within a second of the first: under `npm start` or `npm run serve`
 * the same stop arrives twice, from the terminal or systemd (which signal the
 * whole process group) and again from npm, which passes it on to its child.
 */
import type { Server } from "node:http";

/**
 * How long answers under way get before their connections are cut: a form post is answered within seconds.
 */
export const ANSWER_GRACE_MS = 10_000;
/** A signal this soon after the first is the same stop delivered twice, not a second request. */
export const SAME_STOP_MS = 1_000;

export function stopOnSignals(
  server: Server,
  closeRelay: () => Promise<void>,
  log: (message: string) => void = console.log,
): void {
  let stoppingSince: number | undefined;
  const stop = (signal: NodeJS.Signals) => {
    if (stoppingSince !== undefined) {
      if (performance.now() - stoppingSince < SAME_STOP_MS) return;
      log(`${signal} again: stopping now, without waiting.`);
      process.exit(1);
    }
    stoppingSince = performance.now();
    log(`${signal}: finishing the requests and sends under way, then stopping.`);
    void closeServer(server)
      .then(closeRelay)
      .then(
        () => {
          log("Stopped.");
          process.exit(0);
        },
        (error: unknown) => {
          log(`Could not stop cleanly: ${(error as Error).message}`);
          process.exit(1);
        },
      );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

/**
 * Resolves once every connection has ended: idle keep-alive ones at once, busy ones after their answer, any
 * left after ANSWER_GRACE_MS.
 */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const cut = setTimeout(() => server.closeAllConnections(), ANSWER_GRACE_MS);
    server.close(() => {
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}
