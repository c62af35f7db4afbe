/** Serves the built site (dist/, see dist-dir.ts) on a free port on 127.0.0.1 with the app `npm run serve` runs. */
import { createApp, type AppOptions } from "../server/app.ts";
import { listen } from "../server/node.ts";
import { DIST_DIR } from "./dist-dir.ts";

export async function startSite(options: Partial<AppOptions> = {}): Promise<{ url: string; close: () => Promise<void> }> {
  const app = createApp({ root: DIST_DIR, ...options });
  const { server, url } = await listen(app, { port: 0, host: "127.0.0.1" });
  return {
    url,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
