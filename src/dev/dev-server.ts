/**
 * `npm run dev`: builds, serves, watches content/, templates/ and src/,
 * rebuilds on a change and reloads the open pages through a small
 * server-sent-events endpoint. A failed build (a YAML mistake) shows in the
 * terminal and on the page; fixing it recovers without a restart.
 */
import { existsSync, readFileSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { TS_WORKER } from "../build/render-pages.ts";
import { createApp, type AppOptions } from "../server/app.ts";
import { listen, type FetchHandler } from "../server/node.ts";
import type { BuilderReply } from "./builder.ts";
import { escapeMarkup } from "../shared/escape.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CLIENT = readFileSync(path.join(import.meta.dirname, "client.js"), "utf8");
export const CLIENT_PATH = "/__dev/client.js";
export const EVENTS_PATH = "/__dev/events";

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

export async function startDev(options: DevOptions = {}): Promise<DevServer> {
  const contentDir = path.resolve(options.contentDir ?? "content");
  const outDir = path.resolve(options.outDir ?? ".dist-dev");
  const log = options.log ?? ((line: string) => console.log(line));

  let app: FetchHandler | undefined;
  let error: string | undefined;
  const clients = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const encoder = new TextEncoder();
  const send = (c: ReadableStreamDefaultController<Uint8Array>, event: string, data: unknown) => {
    try {
      c.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    } catch {
      clients.delete(c);
    }
  };
  const broadcast = (event: string, data: unknown) => {
    for (const c of clients) send(c, event, data);
  };

  // ── builds ────────────────────────────────────────────────────────────
  let builder: Worker | undefined;
  let building = false;
  let queued: { fresh: boolean; why: string } | undefined;
  const waiters: (() => void)[] = [];

  const startBuilder = () => {
    void builder?.terminate();
    builder = new Worker(TS_WORKER, { workerData: { module: new URL("./builder.ts", import.meta.url).href, contentDir, outDir } });
    builder.unref();
  };

  const rebuild = (fresh: boolean, why: string) => {
    if (building) {
      queued = { fresh: fresh || (queued?.fresh ?? false), why };
      return;
    }
    building = true;
    if (fresh || !builder) startBuilder();
    const started = performance.now();
    const w = builder!;
    const onExit = (code: number) => done({ error: `the build thread stopped (exit code ${code})`, content: false });
    const done = (reply: BuilderReply) => {
      w.off("message", done);
      w.off("exit", onExit);
      if ("ok" in reply) {
        error = undefined;
        app = createApp({ root: outDir, relay: options.relay });
        log(`${why}: ${reply.ok} Reloaded in ${((performance.now() - started) / 1000).toFixed(2)} s.`);
        // A photo smaller than its place needs: said, not stopped for.
        for (const warning of reply.warnings) log(`warning: ${warning}`);
        broadcast("reload", {});
      } else {
        error = reply.error;
        log(`${why}: the build failed; the browser shows the last good build and this error:\n${reply.error}`);
        broadcast("build-error", { message: reply.error });
      }
      building = false;
      for (const resolve of waiters.splice(0)) resolve();
      if (queued) {
        const next = queued;
        queued = undefined;
        rebuild(next.fresh, next.why);
      }
    };
    w.on("message", done);
    w.on("exit", onExit);
    w.postMessage({ build: true });
  };

  // ── watching ──────────────────────────────────────────────────────────
  const watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;
  const changed = new Map<string, boolean>();
  const watchDir = (dir: string, isCode: boolean) => {
    watchers.push(
      watch(dir, { recursive: true }, (_event, file) => {
        if (!file || /(^|\/)(\.|#)|~$|\.swp$|\.test\.tsx?$/.test(String(file))) return;
        changed.set(path.relative(ROOT, path.join(dir, String(file))), isCode);
        clearTimeout(timer);
        // Editors write a file in several steps; one build for all of them.
        timer = setTimeout(() => {
          const files = [...changed.keys()];
          const code = [...changed.values()].some(Boolean);
          changed.clear();
          if (files.some((f) => f.startsWith(`src${path.sep}server`) || f.startsWith(`src${path.sep}dev`) || f.startsWith(`src${path.sep}relay`))) {
            log("Server code changed: pages rebuild, but restart `npm run dev` to serve with the new server code.");
          }
          rebuild(code, `${files.slice(0, 3).join(", ")}${files.length > 3 ? ` and ${files.length - 3} more` : ""} changed`);
        }, 30);
      }),
    );
  };
  watchDir(contentDir, false);
  for (const dir of ["templates", "src"]) watchDir(path.join(ROOT, dir), true);

  // ── serving ───────────────────────────────────────────────────────────
  const handler: FetchHandler = async (request, info) => {
    const { pathname } = new URL(request.url);
    if (pathname === EVENTS_PATH) {
      let me: ReadableStreamDefaultController<Uint8Array>;
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          me = c;
          clients.add(c);
          c.enqueue(encoder.encode(": connected\n\n"));
          if (error) send(c, "build-error", { message: error });
        },
        cancel() {
          clients.delete(me);
        },
      });
      return new Response(stream, { headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-store" } });
    }
    if (pathname === CLIENT_PATH) return new Response(CLIENT, { headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" } });
    if (!app) return errorPage(error ?? "Building…");

    if (request.method !== "GET") return app(request, info);
    // Ask for the plain body, so the client script can be added to a page.
    const headers = new Headers(request.headers);
    headers.delete("accept-encoding");
    const response = await app(new Request(request.url, { headers }), info);
    if (!response.headers.get("content-type")?.startsWith("text/html")) return response;
    const html = await response.text();
    const out = new Headers(response.headers);
    out.delete("content-length");
    out.set("Cache-Control", "no-store");
    return new Response(withClient(html), { status: response.status, headers: out });
  };

  const { server, url } = await listen(handler, { port: options.port ?? 4321, host: options.host ?? "localhost" });
  const first = new Promise<void>((resolve) => waiters.push(resolve));
  rebuild(true, "Starting");
  await first;
  if (existsSync(path.join(outDir, "index.html")) && !app) app = createApp({ root: outDir, relay: options.relay });
  // Comments keep idle connections open through proxies and tell closed ones apart.
  const keepAlive = setInterval(() => {
    for (const c of clients) {
      try {
        c.enqueue(encoder.encode(": ping\n\n"));
      } catch {
        clients.delete(c);
      }
    }
  }, 15_000);
  keepAlive.unref();

  return {
    url,
    nextBuild: () => new Promise<void>((resolve) => waiters.push(resolve)),
    async close() {
      clearInterval(keepAlive);
      clearTimeout(timer);
      for (const w of watchers) w.close();
      for (const c of clients) {
        try {
          c.close();
        } catch {
          // already closed by the browser
        }
      }
      clients.clear();
      await builder?.terminate();
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
  return new Response(withClient(html), { status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
