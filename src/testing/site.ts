/**
 * Serves the built site (dist/, see dist-dir.ts) on a free port on 127.0.0.1
 * with the app `npm run serve` runs: by default with the relay as it runs out
 * of the box (leads stored in a temporary folder, not sent), so a page's forms
 * find their relay.
 */
import { serverConfig } from "../relay/node/config.ts";
import { startNodeRelay } from "../relay/node/node.ts";
import { tempLeadsDb } from "../relay/testing/leads.ts";
import type { Route } from "../content/routes.ts";
import { createApp, type AppOptions } from "../server/app.ts";
import { listen } from "../server/node.ts";
import { DIST_DIR } from "./dist-dir.ts";

export async function startSite(
  options: Partial<AppOptions> = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  let stopRelay = async () => {};
  if (!options.relay) {
    const db = tempLeadsDb();
    const own = await startNodeRelay({
      config: serverConfig({ LEADS_DB: db.file }),
      log: () => {},
      outboxFile: `${db.file}.no-outbox`,
    });
    options = { ...options, relay: own.relay };
    stopRelay = async () => {
      await own.close();
      db.remove();
    };
  }
  const app = createApp({ root: DIST_DIR, ...options });
  const { server, url } = await listen(app, { port: 0, host: "127.0.0.1" });
  return {
    url,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await stopRelay();
    },
  };
}

/**
 * Where a visitor meets a route's page: the 404 page at an address that does not exist (the server answers it
 * with status 404).
 */
export const visitAddress = (route: Route) => (route.kind === "notFound" ? "/no-such-page/" : route.path);
