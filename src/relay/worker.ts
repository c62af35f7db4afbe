/**
 * The relay for platforms that run a module exporting `fetch(request, env)`,
 * such as Cloudflare Workers: `wrangler deploy src/relay/worker.ts`. Settings
 * come from the platform's variables and secrets (see README: Deploying the
 * relay). No file system here, so Telegram must be configured.
 */
import { ConfigError, relayConfig, relayFromConfig, type RelayHandler } from "./index.ts";

type Env = Record<string, unknown>;

// One relay per environment object: it holds the rate limiter's counts.
const relays = new WeakMap<Env, RelayHandler | Error>();

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    let relay = relays.get(env);
    if (!relay) {
      try {
        const strings = Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === "string")) as Record<string, string>;
        relay = relayFromConfig({ config: relayConfig(strings) });
      } catch (error) {
        relay = error instanceof Error ? error : new Error(String(error));
        console.error(error instanceof ConfigError ? error.message : `The relay could not start: ${relay.message}`);
      }
      relays.set(env, relay);
    }
    if (relay instanceof Error) {
      return new Response(JSON.stringify({ ok: false, error: "the relay is not configured" }), { status: 503, headers: { "Content-Type": "application/json; charset=utf-8" } });
    }
    return relay(request, { clientAddress: request.headers.get("CF-Connecting-IP") ?? undefined });
  },
};
