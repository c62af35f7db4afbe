/**
 * Email on Node: the email delivery policy (leads/emails.ts) on a timer of its
 * own in the relay's process, apart from the Telegram loop (delivery.ts), so a
 * slow or failing email provider never holds up a notice. Each pass records
 * the emails owed and sends those due; what a crash interrupts was recorded
 * first and goes out on the next start under the same key.
 */
export interface EmailLoop {
  /** For tests: resolves after a pass that began after this call found nothing due. */
  drained(): Promise<void>;
  stop(): Promise<void>;
}

/** `pass`: one pass of the email policy (compose.ts), answering how many emails it tried (undefined: failed). */
export function startEmailLoop(pass: () => Promise<number | undefined>, pollMs = 1_000): EmailLoop {
  let passing: Promise<void> | undefined;
  let stopped = false;
  const waiting: (() => void)[] = [];

  function tick() {
    if (stopped || passing) return;
    const waiters = waiting.splice(0);
    passing = pass()
      .then((attempted) => {
        if (attempted === 0) for (const resolve of waiters) resolve();
        else waiting.push(...waiters);
      })
      .finally(() => (passing = undefined));
  }

  tick();
  const timer = setInterval(tick, pollMs);
  timer.unref();
  return {
    drained: () => new Promise<void>((resolve) => (stopped ? resolve() : waiting.push(resolve))),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await passing;
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}
