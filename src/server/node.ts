/**
 * Runs a web-standard fetch handler on Node's http server. The one adapter
 * between Node and the handlers, so the same handlers run on any host that
 * speaks fetch.
 *
 * Before a handler sees a request, the adapter checks what fetch's Request
 * would take on trust: the request's URL is the Host header plus the target's
 * path and query, so a target must be a path (`//other.example/x`,
 * `http://other.example/x` and `*` are answered 400, and can never pass for
 * another host); a Host header that is not a host (and port) is 400; and
 * methods fetch refuses to carry (CONNECT, TRACE, TRACK) are 405. A client's
 * bad request is answered, never logged; what goes wrong on the server side is
 * logged in one line per request.
 *
 * The response goes out with its headers as they are (each Set-Cookie on its
 * own line), and its body is piped so that a client leaving mid-body cancels
 * the handler's stream instead of raising an error nobody handles.
 *
 * A request's work starts at the end of its turn of the event loop, one a turn
 * while connections wait to be accepted, so kept-alive clients cannot starve
 * new ones (decision 0102).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

export type FetchHandler = (
  request: Request,
  info: { clientAddress: string },
) => Response | Promise<Response>;

export const UNEXPECTED_ERROR_PAGE = `<!DOCTYPE html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unexpected Application Error!</title></head><body style="font-family:system-ui,sans-serif;margin:3rem auto;max-width:40rem;padding:0 1rem"><h1>Unexpected Application Error!</h1><p>Something went wrong on our side. Please try again, or <a href="/">go to the home page</a>.</p></body></html>`;

/**
 * A client has this long to send its headers, and this long for the whole
 * request, before the server answers 408 and closes the connection: a body
 * that trickles in a byte a second cannot hold a connection open for long.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 20_000;

/** Methods fetch's Request refuses to carry (a TypeError in its constructor): answered 405. */
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);
/** What a 405 names: the methods this site's handlers answer (pages: GET, HEAD; the relay: POST, OPTIONS). */
export const ALLOWED_METHODS = "GET, HEAD, POST, OPTIONS";

/**
 * A host and optional port as a Host header carries them: a name or IPv4 address, or an IPv6 address in
 * brackets.
 */
const HOST_HEADER = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~-]+)(?::[0-9]*)?$/;

/** A refusal of a client's bad request: a status and a short plain-text reason. */
interface Refusal {
  status: number;
  text: string;
  headers?: Record<string, string>;
}

export interface ListenOptions {
  port: number;
  host: string;
  /** HEADERS_TIMEOUT_MS unless given (tests shorten it); at most requestTimeoutMs. */
  headersTimeoutMs?: number;
  /** REQUEST_TIMEOUT_MS unless given (tests shorten it). */
  requestTimeoutMs?: number;
}

export function listen(
  handler: FetchHandler,
  { port, host, headersTimeoutMs = HEADERS_TIMEOUT_MS, requestTimeoutMs = REQUEST_TIMEOUT_MS }: ListenOptions,
): Promise<{ server: Server; url: string }> {
  // Node checks the timeouts every connectionsCheckingInterval (30 s by default): check each second.
  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: 1_000,
    },
    (req, res) =>
      start(() => {
        answer(handler, req, res).catch((error: unknown) => {
          logUnexpected(req, "answering failed", error);
          res.destroy();
        });
      }),
  );
  const start = fairStarts(server);
  // Node hands CONNECT to this event (and, with no listener, drops the connection without a word).
  server.on("connect", (_req: IncomingMessage, socket: Socket) => {
    socket.on("error", () => {});
    socket.end(rawRefusal(methodRefusal()));
  });
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new PortInUseError(port, host) : error),
    );
    server.listen(port, host, () => {
      const { port: actual } = server.address() as AddressInfo;
      resolve({ server, url: `http://${host.includes(":") ? `[${host}]` : host}:${actual}` });
    });
  });
}

/**
 * Holds each request's work to the end of its turn of the event loop, and starts it then, in the
 * order the requests came: all that wait, or only the first in a turn that accepted a connection
 * (decision 0102). libuv (1.45 and later; Node 24 has 1.52) accepts one connection per turn
 * (https://github.com/libuv/libuv/pull/3696, `uv__server_io` in its src/unix/stream.c) and watches
 * the listening socket level-triggered, so a turn that accepted one may have more waiting. A turn
 * that also runs every request its open connections brought is as long as all their work: at 200
 * clients the first connections accepted posted again and again while the last ones waited one
 * such turn each, seconds. Starting one request in such a turn keeps it short until the kernel's
 * queue is empty; then a turn starts all that wait, and the leads they bring are committed together
 * as before (leads/sql.ts groupCommit). An immediate queued from inside an immediate runs in the
 * next turn, after its poll phase, where libuv accepts
 * (https://nodejs.org/api/timers.html#setimmediatecallback-args). `work` must not throw (answer's
 * errors are its promise's).
 */
function fairStarts(server: Server): (work: () => void) => void {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  let accepted = false;
  server.on("connection", () => {
    accepted = true;
  });
  const next = () => {
    const starting = waiting.splice(0, accepted ? 1 : waiting.length);
    accepted = false;
    scheduled = waiting.length > 0;
    if (scheduled) setImmediate(next);
    for (const work of starting) work();
  };
  return (work) => {
    waiting.push(work);
    if (scheduled) return;
    scheduled = true;
    setImmediate(next);
  };
}

/**
 * The port is taken, most often by `npm run dev` or `npm start` left running in another terminal:
 * one line (within 80 columns) saying so and how to choose another, instead of Node's stack.
 */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly host: string,
  ) {
    super(`Port ${port} on ${host} is in use`);
    this.name = "PortInUseError";
  }

  /** The line a command prints: `command` is how the person started it (npm start, npm run dev). */
  line(command: string): string {
    return `Port ${this.port} is in use, by npm start or dev elsewhere? Try PORT=${this.port + 1} ${command}`;
  }
}

async function answer(handler: FetchHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const parsed = toRequest(req);
  if ("status" in parsed) return refuse(res, parsed);
  let response: Response;
  try {
    response = await handler(parsed.request, { clientAddress: req.socket.remoteAddress ?? "" });
  } catch (error) {
    // A client that went away (or was cut off by a timeout) while its body was read has nobody to answer.
    if (req.socket.destroyed) return;
    logUnexpected(req, "the handler failed", error);
    response = new Response(UNEXPECTED_ERROR_PAGE, {
      status: 500,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  }
  // A refusal of a body not read (413): closing at once, with the client still sending, makes the kernel
  // reset the connection, and the client may lose the answer with it. Send the answer and a FIN, then let
  // the client read it for a moment before the connection is cut (what servers call a lingering close).
  if (!req.complete && response.headers.get("Connection")?.toLowerCase() === "close")
    lingerOnClose(req.socket);
  try {
    res.writeHead(response.status, response.statusText || undefined, rawHeaders(response.headers));
  } catch (error) {
    // A header Node will not send: the handler's mistake, answered like one.
    void response.body?.cancel().catch(() => {});
    logUnexpected(req, "the response's headers could not be sent", error);
    if (!res.headersSent) refuse(res, { status: 500, text: "Internal Server Error" });
    return;
  }
  if (!response.body) return void res.end();
  // The client left before the answer was ready (a page navigated away from its scripts): nobody to
  // send it to, and nothing to log. Its body is cancelled, as a client leaving mid-body cancels it.
  if (res.destroyed) return void response.body.cancel().catch(() => {});
  try {
    // Ends the response, or, when the client leaves mid-body, destroys both ends: the handler's stream is
    // cancelled.
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res);
  } catch (error) {
    // The client left before the end: nobody to tell.
    if ((error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") return;
    // The handler's stream failed mid-body: the client gets a cut-off response (the connection is closed),
    // the log one line.
    logUnexpected(req, "the response's body failed", error);
  }
}

/** How long a connection refused mid-body stays open after its answer, for the client to read it. */
export const LINGER_MS = 2_000;

function lingerOnClose(socket: Socket): void {
  const lingering = socket as Socket & { destroySoon?: () => void };
  lingering.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/**
 * The web-standard Request for a Node request, or why it is refused. The URL
 * is the Host header's host plus the target's path and query: never a host
 * the target names.
 */
function toRequest(req: IncomingMessage): { request: Request } | Refusal {
  const method = req.method ?? "GET";
  if (FORBIDDEN_METHODS.has(method.toUpperCase())) return methodRefusal();
  const target = req.url ?? "";
  // Origin-form only: one "/" and a path. A URL treats "\" as "/", so "/\other.example" would be
  // "//other.example".
  if (!/^\/(?![/\\])/.test(target))
    return { status: 400, text: "Bad Request: the request target must be a path starting with one /" };
  const hosts = req.rawHeaders.filter(
    (_, i) => i % 2 === 0 && req.rawHeaders[i].toLowerCase() === "host",
  ).length;
  if (hosts > 1) return { status: 400, text: "Bad Request: more than one Host header" };
  // HTTP/1.1 requires Host (Node refuses a request without it); an HTTP/1.0 client may leave it out.
  const host = req.headers.host ?? "localhost";
  let url: URL;
  try {
    if (!HOST_HEADER.test(host)) throw new TypeError("not a host");
    url = new URL(`http://${host}${target}`);
  } catch {
    return { status: 400, text: "Bad Request: the Host header is not a host and port" };
  }
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) for (const item of v) headers.append(k, item);
    else if (v !== undefined) headers.set(k, v);
  }
  const hasBody = method !== "GET" && method !== "HEAD";
  try {
    return {
      request: new Request(url, {
        method,
        headers,
        body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
        // Node's fetch needs duplex for a streamed body.
        duplex: hasBody ? "half" : undefined,
      }),
    };
  } catch (error) {
    // Something else fetch will not carry (Node's parser has already refused most of what could be).
    logUnexpected(req, "fetch refused the request", error);
    return { status: 400, text: "Bad Request" };
  }
}

function methodRefusal(): Refusal {
  return { status: 405, text: "Method Not Allowed", headers: { Allow: ALLOWED_METHODS } };
}

function refuse(res: ServerResponse, { status, text, headers }: Refusal): void {
  res.writeHead(status, {
    ...headers,
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
  });
  res.end(text);
}

/** A refusal written straight to a socket, for CONNECT, which never gets a ServerResponse. */
function rawRefusal({ status, text, headers = {} }: Refusal): string {
  const lines = [`HTTP/1.1 ${status} ${text}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  lines.push(
    "Content-Type: text/plain; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(text)}`,
    "Connection: close",
  );
  return `${lines.join("\r\n")}\r\n\r\n${text}`;
}

/**
 * The response's headers as Node's flat [name, value, name, value…] list:
 * each Set-Cookie on its own line (a Headers object joins any other repeated
 * name with commas, which HTTP reads as the same).
 */
function rawHeaders(headers: Headers): string[] {
  const raw: string[] = [];
  for (const [name, value] of headers) if (name !== "set-cookie") raw.push(name, value);
  for (const cookie of headers.getSetCookie()) raw.push("set-cookie", cookie);
  return raw;
}

/** One line: the request, what failed, the error's message and where it was thrown. */
function logUnexpected(req: IncomingMessage, what: string, error: unknown): void {
  const { name = "Error", message = String(error), stack = "" } = error instanceof Error ? error : {};
  const at = /\n\s+at (.+)/.exec(stack)?.[1];
  const target = JSON.stringify((req.url ?? "").slice(0, 200));
  console.error(
    `Unexpected error answering ${req.method} ${target}: ${what}: ${name}: ${message.split("\n")[0]}${at ? ` (at ${at})` : ""}`,
  );
}
