/**
 * Runs a web-standard fetch handler on Node's http server. The one adapter
 * between Node and the handlers, so the same handlers run on any host that
 * speaks fetch.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";

export type FetchHandler = (request: Request, info: { clientAddress: string }) => Response | Promise<Response>;

export const UNEXPECTED_ERROR_PAGE = `<!DOCTYPE html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unexpected Application Error!</title></head><body style="font-family:system-ui,sans-serif;margin:3rem auto;max-width:40rem;padding:0 1rem"><h1>Unexpected Application Error!</h1><p>Something went wrong on our side. Please try again, or <a href="/">go to the home page</a>.</p></body></html>`;

/**
 * A client has this long to send its headers, and this long for the whole
 * request, before the server answers 408 and closes the connection: a body
 * that trickles in a byte a second cannot hold a connection open for long.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 20_000;

export function listen(handler: FetchHandler, { port, host }: { port: number; host: string }): Promise<{ server: Server; url: string }> {
  // Node checks the timeouts every connectionsCheckingInterval (30 s by default): check each second.
  const server = createServer({ headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 1_000 }, async (req, res) => {
    let response: Response;
    try {
      response = await handler(toRequest(req), { clientAddress: req.socket.remoteAddress ?? "" });
    } catch (error) {
      // A client that went away (or was cut off by a timeout) while its body was read has nobody to answer.
      if (req.socket.destroyed) return;
      console.error("Unexpected error while answering", req.method, req.url, error);
      response = new Response(UNEXPECTED_ERROR_PAGE, { status: 500, headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) return void res.end();
    Readable.fromWeb(response.body as import("node:stream/web").ReadableStream).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address() as AddressInfo;
      resolve({ server, url: `http://${host.includes(":") ? `[${host}]` : host}:${actual}` });
    });
  });
}

function toRequest(req: IncomingMessage): Request {
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) for (const item of v) headers.append(k, item);
    else if (v !== undefined) headers.set(k, v);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    // Node's fetch needs duplex for a streamed body.
    duplex: hasBody ? "half" : undefined,
  });
}
