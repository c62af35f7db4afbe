/**
 * The whole site as one fetch handler: the built pages, and (from the relay)
 * the form endpoints. `npm run serve`, `npm start` and the browser tests all
 * run exactly this. The relay is any fetch handler here: the server knows
 * the relay's paths (shared/relay-paths.ts), not its code.
 */
import { API_PREFIX } from "../shared/relay-paths.ts";
import type { FetchHandler } from "./node.ts";
import { staticHandler } from "./static.ts";

export interface AppOptions {
  /** The built site, usually dist/. */
  root: string;
  /**
   * Answers every path under API_PREFIX (the forms' posts, the proof, the health check); without it those
   * paths are the static site's.
   */
  relay?: FetchHandler;
}

export function createApp({ root, relay }: AppOptions): FetchHandler {
  const site = staticHandler(root);
  return (request, info) => {
    if (relay && new URL(request.url).pathname.startsWith(API_PREFIX)) return relay(request, info);
    return site(request);
  };
}
