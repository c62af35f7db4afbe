/**
 * At most `perMinute` submissions per client in any 60 seconds. `RateLimiter`
 * is what the relay asks; `rateLimiter` is the in-memory one the Node relay
 * uses, where one process holds every count. The Worker passes Cloudflare's
 * rate-limiting binding instead (worker.ts, `RATE_LIMITER`), shared by all its
 * instances, and falls back to this one, counting per isolate, only when the
 * binding is missing.
 */
export type Allowance = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one submission; if over the limit, says how many seconds until the next is allowed. */
  take(client: string): Allowance | Promise<Allowance>;
}

const WINDOW_MS = 60_000;

export function rateLimiter(
  perMinute: number,
  now: () => number = Date.now,
): { take(client: string): Allowance } {
  const seen = new Map<string, number[]>();
  let lastSweep = now();
  return {
    take(client) {
      const t = now();
      if (t - lastSweep > WINDOW_MS) {
        for (const [key, times] of seen) if (times[times.length - 1] <= t - WINDOW_MS) seen.delete(key);
        lastSweep = t;
      }
      const times = (seen.get(client) ?? []).filter((at) => at > t - WINDOW_MS);
      if (times.length >= perMinute) {
        seen.set(client, times);
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((times[0] + WINDOW_MS - t) / 1000)) };
      }
      times.push(t);
      seen.set(client, times);
      return { ok: true };
    },
  };
}
