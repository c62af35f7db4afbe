/**
 * The whole site as one fetch handler: the built pages, and (from the relay)
 * the form endpoints. `npm run serve`, `npm start` and the browser tests all
 * run exactly this.
 */
import type { FetchHandler } from "./node.ts";
import { staticHandler } from "./static.ts";

export interface AppOptions {
  /** The built site, usually dist/. */
  root: string;
}

export function createApp({ root }: AppOptions): FetchHandler {
  const site = staticHandler(root);
  return (request) => site(request);
}
