/**
 * What the Worker's bindings give the relay (wrangler.toml): its settings
 * from the variables and secrets, Cloudflare's rate limiter, and in tests a
 * clock that can be moved.
 */
import type { D1Database, Fetcher, Queue, WorkerVersionMetadata } from "@cloudflare/workers-types";
import type { RateLimiter } from "../intake/rate-limit.ts";
import type { LeadMessage } from "./queue.ts";

/** Cloudflare's rate-limiting binding (wrangler.toml: RATE_LIMITER). */
interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

export interface Env {
  DB: D1Database;
  LEADS_QUEUE?: Queue<LeadMessage>;
  /** The per-client limit shared by every instance of the Worker. */
  RATE_LIMITER?: RateLimitBinding;
  /** Changes with every deployment, `wrangler secret put` included. */
  CF_VERSION_METADATA?: WorkerVersionMetadata;
  /**
   * Tests only (wrangler.toml never binds it): a service answering the time, in milliseconds since
   * the epoch, that the relay reads as its clock for the event; workerd's own cannot be moved.
   */
  TEST_CLOCK?: Fetcher;
  [setting: string]: unknown;
}

/** The variables and secrets: every binding that is a string. */
export const settingVars = (env: Env) =>
  Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === "string")) as Record<string, string>;

/**
 * One relay per environment object (its settings, store and spam key), started on its first event
 * with the relay's clock: Date.now(), or in a test the time its TEST_CLOCK binding answers, read
 * once as each event begins, so a test moves the Worker's clock between events as the Node
 * relay's tests move theirs. What `start` answers (a relay, or a ConfigError) is kept.
 */
export function perEnvironment<R>(
  start: (env: Env, now: () => number) => Promise<R>,
): (env: Env) => Promise<R> {
  const started = new WeakMap<Env, Promise<R>>();
  let at: number | undefined;
  const now = () => at ?? Date.now();
  return async (env) => {
    if (!started.has(env)) started.set(env, start(env, now));
    const relay = await started.get(env)!;
    if (env.TEST_CLOCK) {
      const answer = await env.TEST_CLOCK.fetch("http://test-clock/");
      at = Number(await answer.text());
      if (!Number.isSafeInteger(at)) throw new Error(`TEST_CLOCK answered ${answer.status}, not a time`);
    }
    return relay;
  };
}

/**
 * The limiters for posts and call taps, from Cloudflare's binding; without it, each instance counts in its
 * own memory.
 */
export function limiters(
  binding: RateLimitBinding | undefined,
  log: (message: string) => void,
): { limiter?: RateLimiter; tapLimiter?: RateLimiter } {
  if (!binding) {
    log("relay: no RATE_LIMITER binding (wrangler.toml): the rate limit counts per Worker instance only");
    return {};
  }
  // Each instance of a Worker has its own memory: only the binding counts a client across all of them.
  const limiter: RateLimiter = {
    take: async (key) =>
      (await binding.limit({ key })).success ? { ok: true } : { ok: false, retryAfterSeconds: 60 },
  };
  // Call taps are limited by the same binding under keys of their own ("call:" and the address): one count
  // across every instance, with no second namespace to create and keep, and a visitor's taps never use up
  // their form posts. The price: taps share the forms' limit per minute (5), which is more than a person
  // taps.
  return { limiter, tapLimiter: { take: (key) => limiter.take(`call:${key}`) } };
}
