/**
 * The relay's clock in a test (NodeRelayOptions.now): moved on by the test instead of slept
 * through, so a backoff, a retry_after or the spam check's time trap passes at once.
 * - "frozen" stands still until moved: delivery's waits can be asserted to the millisecond.
 * - "running" keeps real time, plus however far it has been moved: for tests with a browser,
 *   whose pages (and the relay's own timeouts) go on in real time meanwhile.
 */
export interface TestClock {
  now(): number;
  /** Moves the clock on by this much. */
  advance(ms: number): void;
  /** Moves the clock on to this time (never back). */
  moveTo(time: number): void;
}

/** `start`: where a frozen clock starts (default now), for a test replaying given days. */
export function testClock(kind: "frozen" | "running" = "frozen", start = Date.now()): TestClock {
  let frozenAt = start;
  let ahead = 0;
  const now = () => (kind === "frozen" ? frozenAt : Date.now() + ahead);
  const advance = (ms: number) => void (kind === "frozen" ? (frozenAt += ms) : (ahead += ms));
  return { now, advance, moveTo: (time) => advance(Math.max(0, time - now())) };
}
