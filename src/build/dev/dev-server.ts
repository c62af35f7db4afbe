/**
 * `npm run dev`: builds, serves, watches content/ and src/,
 * rebuilds on a change and reloads the open pages through a small
 * server-sent-events endpoint. A failed build (a YAML mistake) shows in the
 * terminal and on the page; fixing it recovers without a restart.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ADMIN_DIR } from "../cms/bundle.ts";
import { createApp, type AppOptions } from "../../server/app.ts";
import { listen, type FetchHandler } from "../../server/node.ts";
import { escapeMarkup } from "../../shared/escape.ts";
import { progressLine } from "../summary.ts";
import { DevBuilds } from "./builds.ts";
import { DevEvents } from "./events.ts";
import { burstWords, ROOT, watchSources } from "./watch.ts";

const CLIENT = readFileSync(path.join(import.meta.dirname, "../../browser/dev-reload.js"), "utf8");
const CLIENT_PATH = "/__dev/client.js";
const EVENTS_PATH = "/__dev/events";

export interface DevOptions {
  contentDir?: string;
  /** Where dev builds go; not dist/, so a dev session never touches what is deployed. */
  outDir?: string;
  port?: number;
  host?: string;
  relay?: AppOptions["relay"];
  log?: (line: string) => void;
}

export interface DevServer {
  url: string;
  /** Resolves after the next build finishes (ok or not). */
  nextBuild(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Server code is loaded once by this process: a change to it needs a restart. This folder is
 * named from where this file is, so moving the dev server cannot leave the list behind.
 */
const SERVER_CODE = [
  path.join("src", "server"),
  path.join("src", "relay"),
  path.relative(ROOT, import.meta.dirname),
];

export async function startDev(options: DevOptions = {}): Promise<DevServer> {
  const contentDir = path.resolve(options.contentDir ?? "content");
  const outDir = path.resolve(options.outDir ?? ".dist-dev");
  const log = options.log ?? ((line: string) => console.log(line));
  const events = new DevEvents();

  // The last good build's site, and the error of the last build if it failed.
  let app: FetchHandler | undefined;
  let error: string | undefined;

  const builds = new DevBuilds(
    { contentDir, outDir },
    (reply, seconds, why) => {
      if ("ok" in reply) {
        error = undefined;
        app = createApp({ root: outDir, relay: options.relay });
        log(`${why}: ${reply.ok} Reloaded in ${seconds.toFixed(2)} s.`);
        // A photo smaller than its place needs: said, not stopped for.
        for (const warning of reply.warnings) log(`warning: ${warning}`);
        events.broadcast("reload", {});
      } else {
        error = reply.error;
        log(
          `${why}: the build failed; the browser shows the last good build and this error:\n${reply.error}`,
        );
        events.broadcast("build-error", { message: reply.error });
      }
    },
    progressLine({ write: (text: string) => log(String(text).trimEnd()) }).onPhoto,
  );

  const handler: FetchHandler = async (request, info) => {
    const { pathname } = new URL(request.url);
    if (pathname === EVENTS_PATH) return events.stream(error);
    if (pathname === CLIENT_PATH)
      return new Response(CLIENT, {
        headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" },
      });
    if (!app) return errorPage(error ?? "Building…");
    if (request.method !== "GET") return app(request, info);
    // Ask for the plain body, so the client script can be added to a page.
    const headers = new Headers(request.headers);
    headers.delete("accept-encoding");
    const response = await app(new Request(request.url, { headers }), info);
    if (!response.headers.get("content-type")?.startsWith("text/html")) return response;
    // The CMS at /admin/ saves into content/ as the owner works (its local repository mode): a reload
    // on each rebuild would take the page from under them.
    if (pathname.split("/")[1] === ADMIN_DIR) return response;
    const html = await response.text();
    const out = new Headers(response.headers);
    out.delete("content-length");
    out.set("Cache-Control", "no-store");
    return new Response(withClient(html), { status: response.status, headers: out });
  };

  const { server, url } = await listen(handler, {
    port: options.port ?? 4321,
    host: options.host ?? "localhost",
  });
  const watcher = await watchSources(contentDir, (burst) => {
    const code = burst.files.map((f) => path.relative(ROOT, path.resolve(f.file)));
    if (code.some((f) => SERVER_CODE.some((dir) => f.startsWith(dir)))) {
      log("Server code changed: pages rebuild, but restart `npm run dev` to serve with the new server code.");
    }
    builds.rebuild(burst.code, burstWords(burst));
  });

  const first = builds.next();
  builds.rebuild(true, "Starting");
  await first;
  if (existsSync(path.join(outDir, "index.html")) && !app)
    app = createApp({ root: outDir, relay: options.relay });

  return {
    url,
    nextBuild: () => builds.next(),
    async close() {
      await watcher.close();
      events.close();
      await builds.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The page with the dev client added at the end of its body. */
export function withClient(html: string): string {
  const tag = `<script type="module" src="${CLIENT_PATH}"></script>`;
  const at = html.lastIndexOf("</body>");
  return at < 0 ? html + tag : html.slice(0, at) + tag + html.slice(at);
}

/** Shown before any build has succeeded: the error, and the client that reloads once it is fixed. */
function errorPage(message: string): Response {
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title></head><body style="font:14px/1.5 ui-monospace,monospace;margin:2rem"><h1>The site has not built yet</h1><pre style="white-space:pre-wrap">${escapeMarkup(message)}</pre></body></html>`;
  return new Response(withClient(html), {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
