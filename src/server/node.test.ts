/**
 * The Node adapter on a real socket: what a handler is handed (a URL whose
 * host is the Host header's, never one the target names), what it is spared
 * (methods fetch refuses, malformed Hosts), and how its answer goes out
 * (every Set-Cookie; a client leaving mid-body, or the body failing, raises
 * nothing unhandled). Each fix a red team asked for has a test here that fails
 * without it (decision 0059): a target naming another host, a body whose length
 * is declared two ways, and a 413's answer lost to a reset.
 */
import { Agent, get as httpGet, type Server } from "node:http";
import { connect } from "node:net";
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from "vitest";
import { rawRequest } from "../testing/raw-http.ts";
import {
  ALLOWED_METHODS,
  LINGER_MS,
  listen,
  PortInUseError,
  UNEXPECTED_ERROR_PAGE,
  type FetchHandler,
} from "./node.ts";

let server: Server;
let url: string;
/** What the server runs for the current test; the default echoes the URL it was handed. */
let handler: FetchHandler;
let handled: string[];
const echo: FetchHandler = (request) =>
  new Response(request.url, { headers: { "Content-Type": "text/plain" } });

/**
 * Errors nobody handled while a test ran: an 'error' event without a listener, a rejection without a catch.
 */
const unhandled: unknown[] = [];
const collect = (error: unknown) => void unhandled.push(error);

let consoleError: MockInstance;
let consoleWarn: MockInstance;
let stderr: string[];

beforeAll(async () => {
  ({ server, url } = await listen(
    (request, info) => {
      handled.push(`${request.method} ${request.url}`);
      return handler(request, info);
    },
    { port: 0, host: "127.0.0.1" },
  ));
  process.on("uncaughtException", collect);
  process.on("unhandledRejection", collect);
});
afterAll(async () => {
  process.off("uncaughtException", collect);
  process.off("unhandledRejection", collect);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  handler = echo;
  handled = [];
  unhandled.length = 0;
  stderr = [];
  consoleError = vi
    .spyOn(console, "error")
    .mockImplementation((...args: unknown[]) => void stderr.push(args.map(String).join(" ")));
  consoleWarn = vi
    .spyOn(console, "warn")
    .mockImplementation((...args: unknown[]) => void stderr.push(args.map(String).join(" ")));
  const write = process.stderr.write.bind(process.stderr);
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    stderr.push(String(chunk));
    return write(chunk, ...(rest as []));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const get = (target: string, host = "relay.test", method = "GET") =>
  rawRequest(url, `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
const header = (res: { headers: [string, string][] }, name: string) =>
  res.headers.filter(([n]) => n === name).map(([, v]) => v);
/**
 * Node reports a rejection nobody handled once the microtasks after the task that made it have run, and an
 * 'error' event without a listener as it is emitted: both have happened by the next turn of the event loop.
 */
const afterRejectionsReported = () => new Promise((resolve) => setImmediate(resolve));
/** A stack trace's frame line, as console.error prints an Error. */
const STACK_FRAME = /\n\s+at /;

describe("the request's URL", () => {
  it("is the Host header's host and the target's path and query", async () => {
    const res = await get("/api/quote?x=1", "Relay.Test:8080");
    expect(res.status).toBe(200);
    expect(res.body).toBe("http://relay.test:8080/api/quote?x=1");
  });

  it.each([
    ["a network-path reference", "POST", "//other.example/api/quote"],
    ["a network-path reference with a backslash", "POST", "/\\other.example/api/quote"],
    ["the absolute form", "POST", "http://other.example/api/quote"],
    ["the absolute form, https", "GET", "https://other.example/"],
    ["the asterisk form", "OPTIONS", "*"],
    ["an empty target", "GET", ""],
  ])(
    "refuses %s (%s %s) with 400 and a short plain-text body, before the handler",
    async (_, method, target) => {
      const res = await rawRequest(
        url,
        `${method} ${target} HTTP/1.1\r\nHost: relay.test\r\nOrigin: https://other.example\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
      );
      expect(res.status).toBe(400);
      expect(handled).toEqual([]);
      expect(res.body.length).toBeLessThan(200);
      expect(res.body).not.toMatch(STACK_FRAME);
      if (res.body) expect(header(res, "content-type")).toEqual(["text/plain; charset=utf-8"]);
      expect(stderr).toEqual([]);
    },
  );
});

describe("requests fetch cannot carry", () => {
  it("answers 50 TRACE, TRACK, CONNECT and malformed-Host requests with 405 or 400, never reaching the handler or logging a stack trace", async () => {
    const cases: { text: string; status: number[] }[] = [
      { text: "TRACE / HTTP/1.1\r\nHost: relay.test\r\n", status: [405] },
      { text: "trace /api/quote HTTP/1.1\r\nHost: relay.test\r\n", status: [405, 400] },
      // Node's parser may not know TRACK at all: then it is Node's own 400.
      { text: "TRACK / HTTP/1.1\r\nHost: relay.test\r\n", status: [405, 400] },
      { text: "CONNECT other.example:443 HTTP/1.1\r\nHost: other.example:443\r\n", status: [405] },
      { text: "GET / HTTP/1.1\r\nHost: a b\r\n", status: [400] },
      { text: "GET / HTTP/1.1\r\nHost: [::1\r\n", status: [400] },
      { text: "GET / HTTP/1.1\r\nHost: x:99999\r\n", status: [400] },
      { text: "GET / HTTP/1.1\r\nHost: user@other.example\r\n", status: [400] },
      { text: "GET / HTTP/1.1\r\nHost: other.example/x\r\n", status: [400] },
      {
        text: "POST /api/quote HTTP/1.1\r\nHost: relay.test\r\nHost: other.example\r\nContent-Length: 0\r\n",
        status: [400],
      },
    ];
    for (let i = 0; i < 50; i++) {
      const { text, status } = cases[i % cases.length];
      const res = await rawRequest(url, `${text}Connection: close\r\n\r\n`);
      expect(status, text).toContain(res.status);
      if (res.status === 405) expect(header(res, "allow"), text).toEqual([ALLOWED_METHODS]);
      expect(res.body, text).not.toMatch(STACK_FRAME);
    }
    expect(handled).toEqual([]);
    expect(stderr.filter((s) => STACK_FRAME.test(s))).toEqual([]);
    expect(stderr).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(consoleWarn).not.toHaveBeenCalled();
  });

  it("still answers an HTTP/1.0 request without a Host header", async () => {
    const res = await rawRequest(url, "GET /about-us HTTP/1.0\r\n\r\n");
    expect(res.status).toBe(200);
    expect(res.body).toBe("http://localhost/about-us");
  });
});

describe("a body whose length is declared two ways (request smuggling)", () => {
  /**
   * A second request hidden in the first one's body: a server that reads the length one way and a proxy the
   * other would run it.
   */
  const SMUGGLED = "GET /smuggled HTTP/1.1\r\nHost: relay.test\r\n\r\n";
  const head = "POST /api/quote HTTP/1.1\r\nHost: relay.test\r\n";
  it.each([
    [
      "Content-Length and Transfer-Encoding",
      `${head}Content-Length: ${5 + SMUGGLED.length}\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${SMUGGLED}`,
    ],
    [
      "Transfer-Encoding and Content-Length",
      `${head}Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n${SMUGGLED}`,
    ],
    [
      "two Content-Lengths",
      `${head}Content-Length: 0\r\nContent-Length: ${SMUGGLED.length}\r\n\r\n${SMUGGLED}`,
    ],
    ["a list as the Content-Length", `${head}Content-Length: 0, ${SMUGGLED.length}\r\n\r\n${SMUGGLED}`],
    [
      "a Transfer-Encoding that does not end in chunked",
      `${head}Transfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n${SMUGGLED}`,
    ],
    [
      "a Transfer-Encoding with a space before its colon",
      `${head}Transfer-Encoding : chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n${SMUGGLED}`,
    ],
    [
      "a Transfer-Encoding folded onto the line before",
      `${head}Content-Length: 0\r\nX-Pad: y\r\n Transfer-Encoding: chunked\r\n\r\n${SMUGGLED}`,
    ],
    ["lines ended by a bare LF", `${head.replaceAll("\r\n", "\n")}Content-Length: 0\n\n${SMUGGLED}`],
  ])("refuses %s with 400, and runs neither it nor the request in its body", async (_, text) => {
    const res = await rawRequest(url, text);
    expect(res.status).toBe(400);
    // rawRequest ends when the server closes the connection, and every request read from it was handed
    // to the handler before that (the same process): nothing read after the 400 is still on its way.
    expect(handled).toEqual([]);
  });

  it("still answers two requests sent one after the other on one connection (so the refusals above are of the ambiguity)", async () => {
    const res = await rawRequest(
      url,
      `${head}Content-Length: 2\r\n\r\n{}GET /second HTTP/1.1\r\nHost: relay.test\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status).toBe(200);
    expect(handled).toEqual(["POST http://relay.test/api/quote", "GET http://relay.test/second"]);
  });
});

describe("an answer sent before the body was read (413)", () => {
  it("reaches the client whole, and the connection is cut only after a lingering close, not reset under the answer", async () => {
    handler = () =>
      new Response("Payload Too Large", {
        status: 413,
        headers: { "Content-Type": "text/plain", Connection: "close" },
      });
    // A client still sending a body it declared as 100 MB, as the relay's limit test does; half-open, so it
    // goes on sending after the server's FIN.
    const socket = connect({ port: Number(new URL(url).port), host: "127.0.0.1", allowHalfOpen: true });
    let answer = "";
    let answeredAt = 0;
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString();
      answeredAt ||= Date.now();
    });
    socket.on("error", () => {});
    const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now())));
    socket.write(
      "POST /api/quote HTTP/1.1\r\nHost: relay.test\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n\r\n",
    );
    const chunk = Buffer.alloc(64 * 1024, 120);
    const sending = setInterval(() => !socket.destroyed && socket.write(chunk, () => {}), 5);
    const closedAt = await closed;
    clearInterval(sending);
    expect(answer).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    // The whole body, to its last chunk.
    expect(answer.endsWith("\r\n\r\n11\r\nPayload Too Large\r\n0\r\n\r\n")).toBe(true);
    // Without the lingering close the server destroys the socket as soon as its answer is written, unread
    // body and all.
    expect(closedAt - answeredAt).toBeGreaterThanOrEqual(LINGER_MS - 500);
    expect(closedAt - answeredAt).toBeLessThan(LINGER_MS + 3_000);
  });
});

describe("the response", () => {
  it("keeps every Set-Cookie header and sends other headers as the handler set them", async () => {
    handler = () => {
      const headers = new Headers({ "Content-Type": "text/plain", "X-One": "1" });
      headers.append("Set-Cookie", "a=1; Path=/; HttpOnly");
      headers.append("Set-Cookie", "b=2; Path=/; Expires=Wed, 21 Oct 2099 07:28:00 GMT");
      headers.append("Vary", "Origin");
      headers.append("Vary", "Accept-Encoding");
      return new Response("ok", { status: 201, headers });
    };
    const res = await get("/");
    expect(res.status).toBe(201);
    expect(header(res, "set-cookie")).toEqual([
      "a=1; Path=/; HttpOnly",
      "b=2; Path=/; Expires=Wed, 21 Oct 2099 07:28:00 GMT",
    ]);
    expect(header(res, "vary")).toEqual(["Origin, Accept-Encoding"]);
    expect(header(res, "x-one")).toEqual(["1"]);
  });

  it("cancels a streamed body when the client disconnects mid-body, with nothing unhandled", async () => {
    let cancelled = false;
    handler = () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            controller.enqueue(new Uint8Array(64 * 1024).fill(120));
          },
          cancel() {
            cancelled = true;
          },
        }),
      );
    const socket = connect(Number(new URL(url).port), "127.0.0.1");
    socket.on("error", () => {});
    socket.write("GET /big HTTP/1.1\r\nHost: relay.test\r\n\r\n");
    await new Promise((resolve) => socket.once("data", resolve));
    socket.destroy();
    await expect
      .poll(() => cancelled, { timeout: 5_000, message: "the handler's stream is cancelled" })
      .toBe(true);
    // A cancelled stream is never pulled again (the Streams standard), so what is left to see is the errors.
    await afterRejectionsReported();
    expect(unhandled).toEqual([]);
    expect(stderr).toEqual([]);
  });

  it("logs nothing when the client has left before its request's turn (a navigation away): nobody to answer", async () => {
    let answered = 0;
    handler = async () => {
      // The handler's answer comes after the client has gone: the socket is closed under it.
      await new Promise((resolve) => setTimeout(resolve, 50));
      answered++;
      return new Response("a script the page no longer wants");
    };
    for (let i = 0; i < 5; i++) {
      const socket = connect(Number(new URL(url).port), "127.0.0.1");
      socket.on("error", () => {});
      await new Promise((resolve) => socket.once("connect", resolve));
      socket.write("GET /assets/chunk.js HTTP/1.1\r\nHost: relay.test\r\n\r\n");
      // The browser cancels the fetch as the request arrives: the connection is reset under it.
      setTimeout(() => socket.resetAndDestroy(), 10);
    }
    await expect
      .poll(() => answered, { timeout: 5_000, message: "the handler to have answered all five" })
      .toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await afterRejectionsReported();
    expect(unhandled).toEqual([]);
    expect(stderr).toEqual([]);
  });

  it("cuts the response off when the handler's body fails mid-way: one log line, nothing unhandled", async () => {
    handler = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("the first part"));
            setTimeout(() => controller.error(new Error("the disk went away")), 50);
          },
        }),
      );
    const res = await get("/failing");
    expect(res.status).toBe(200);
    expect(res.body).toBe("the first part");
    // Never finished: the last chunk never came.
    expect(res.complete).toBe(false);
    await afterRejectionsReported();
    expect(unhandled).toEqual([]);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(stderr.join("")).toContain("the disk went away");
    expect(stderr.join("")).not.toMatch(STACK_FRAME);
  });

  it("answers a handler's exception with the 500 page and logs it in one line", async () => {
    handler = () => {
      throw new Error("a bug");
    };
    const res = await get("/broken");
    expect(res.status).toBe(500);
    expect(res.body).toBe(UNEXPECTED_ERROR_PAGE);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatch(
      /^Unexpected error answering GET "\/broken": the handler failed: Error: a bug \(at .+node\.test\.ts:\d+:\d+\)?\)$/,
    );
  });
});

describe("new connections while kept-alive clients keep the event loop busy (decision 0102)", () => {
  it("are answered after a few dozen kept-alive requests, not after every kept-alive client's turn each", async () => {
    // Counted in requests, not in time: a loaded machine slows both the same. Node accepts one
    // connection per turn of its loop. When every turn started all the kept-alive clients' requests,
    // KEPT / 2 of them were answered per new connection (a client's next request comes a turn after
    // its answer): 480 before the 20th. Now about KEPT + 2 * NEW (79 here).
    const KEPT = 30;
    const NEW = 20;
    let keptAnswered = 0;
    handler = (request) => {
      if (new URL(request.url).pathname === "/kept") keptAnswered++;
      return new Response("ok");
    };
    const agent = new Agent({ keepAlive: true, maxSockets: KEPT });
    let stop = false;
    const keptClient = async () => {
      while (!stop) {
        const res = await fetchWith(agent, `${url}/kept`);
        if (res !== 200) throw new Error(`a kept-alive request was answered ${res}`);
      }
    };
    const kept = Array.from({ length: KEPT }, keptClient);
    try {
      // Every kept-alive client has its connection and is posting again and again.
      while (keptAnswered < KEPT * 3) await new Promise((resolve) => setTimeout(resolve, 5));
      const before = keptAnswered;
      const keptBeforeEach = await Promise.all(
        Array.from({ length: NEW }, async () => {
          // rawRequest opens a connection of its own and waits at most 10 s for the answer.
          const res = await get("/new");
          expect(res.status).toBe(200);
          return keptAnswered - before;
        }),
      );
      expect(Math.max(...keptBeforeEach)).toBeLessThan(KEPT + 4 * NEW);
    } finally {
      stop = true;
      await Promise.allSettled(kept);
      agent.destroy();
    }
  });
});

describe("a second server on the same port", () => {
  it("fails with PortInUseError, the port still the first server's", async () => {
    const { port } = new URL(url);
    const second = listen(echo, { port: Number(port), host: "127.0.0.1" });
    await expect(second).rejects.toBeInstanceOf(PortInUseError);
    await expect(second).rejects.toThrow(`Port ${port} on 127.0.0.1 is in use`);
    expect((await get("/still-first")).body).toBe("http://relay.test/still-first");
  });
});

/** A GET through `agent` (node:http, so its connections are the agent's): the answer's status. */
function fetchWith(agent: Agent, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(target, { agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    }).on("error", reject);
  });
}
