/** Serves the built dist/ on a free port on 127.0.0.1 with the app `npm run serve` runs. */
import path from "node:path";
import { createApp, type AppOptions } from "../server/app.ts";
import { listen } from "../server/node.ts";

export async function startSite(options: Partial<AppOptions> = {}): Promise<{ url: string; close: () => Promise<void> }> {
  const app = createApp({ root: path.resolve("dist"), ...options });
  const { server, url } = await listen(app, { port: 0, host: "127.0.0.1" });
  return {
    url,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
