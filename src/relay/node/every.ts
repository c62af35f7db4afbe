/**
 * A job on a timer in the relay's process (the owner's minute, the daily
 * upkeep): run every `everyMs`, one run at a time, on a timer that never keeps
 * the process up; `stop` waits for the run under way, so what it sent is
 * recorded before the store closes.
 */
export interface Every {
  /** Runs the job now (a test's tick at the relay's clock), after any run under way. */
  now(): Promise<void>;
  stop(): Promise<void>;
}

export function every(everyMs: number, job: () => Promise<unknown>): Every {
  let running: Promise<void> = Promise.resolve();
  const run = () => (running = running.then(job).then(() => undefined));
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    now: run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
