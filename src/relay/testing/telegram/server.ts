/**
 * The stand-in's door: each request to /bot<token>/<method> checked as the
 * server checks it (the token, the method, well-formed JSON and UTF-8, no
 * parameter the method lacks), met by the fault a test planned, if any, then
 * answered by the method's part (messages.ts, updates.ts).
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { Behaviour } from "./api.ts";
import {
  COMPETING_HEADER,
  DESCRIPTIONS,
  fail,
  ok,
  PARAMETERS,
  sleep,
  tooMany,
  wellFormed,
  type Core,
  type Reply,
} from "./core.ts";
import { answerCallbackQuery, edit, sendMessage } from "./messages.ts";
import { getUpdates, setWebhook, webhookInfo } from "./updates.ts";
import { myCommands } from "./commands.ts";

/** The stand-in's HTTP server, not yet listening. */
export function standInServer(c: Core): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on(
      "end",
      () =>
        void handle(
          c,
          req.method,
          req.url ?? "",
          Buffer.concat(chunks),
          res,
          req.headers[COMPETING_HEADER] === "1",
        ),
    );
  });
}

function write(res: ServerResponse, reply: Reply) {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(reply.status, {
    "Content-Type": reply.contentType ?? "application/json",
    ...reply.headers,
  });
  res.end(reply.body);
}

/** The fault planned for this call of this method, if any. */
function fault(c: Core, method: string): Behaviour | undefined {
  if (method === "sendMessage") {
    const at = c.atCall.get(c.state.calls.get(method)!);
    c.atCall.delete(c.state.calls.get(method)!);
    return at ?? c.planned.get(method)?.shift() ?? c.fallback;
  }
  return c.planned.get(method)?.shift();
}

async function handle(
  c: Core,
  httpMethod: string | undefined,
  url: string,
  raw: Buffer,
  res: ServerResponse,
  competing: boolean,
) {
  const match = /^\/bot([^/]+)\/(\w+)$/.exec(url);
  if (httpMethod !== "POST" || !match) return write(res, fail(404, "Not Found"));
  if (decodeURIComponent(match[1]) !== c.token) return write(res, fail(401, "Unauthorized"));
  const name = match[2];
  c.state.calls.set(name, (c.state.calls.get(name) ?? 0) + 1);
  if (!(name in PARAMETERS)) return write(res, fail(404, "Not Found: method not found"));
  const behaviour = fault(c, name);
  if (behaviour?.kind === "ok" && behaviour.delayMs) await sleep(behaviour.delayMs);
  // A competing getUpdates met by a fault has been taken in too.
  if (competing && behaviour && behaviour.kind !== "ok") for (const resolve of c.tookIn.splice(0)) resolve();
  switch (behaviour?.kind) {
    case "hang":
      return; // no answer: the relay must give up on its own
    case "serverError":
      return write(res, {
        status: 502,
        contentType: "text/html",
        body: "<html><body><h1>502 Bad Gateway</h1></body></html>",
      });
    case "tooMany":
      return write(res, tooMany(behaviour.retryAfter));
    case "refuse":
      return write(res, fail(400, behaviour.description));
    case "down":
      return write(res, fail(503, "Service Unavailable"));
  }
  const answering = answer(c, name, raw, res);
  // answer() has run up to its first wait: a competing getUpdates has been taken in.
  if (competing) for (const resolve of c.tookIn.splice(0)) resolve();
  const reply = await answering;
  if (!reply) return;
  if (behaviour?.kind === "ok" && behaviour.answerDelayMs) await sleep(behaviour.answerDelayMs);
  write(res, reply);
}

async function answer(c: Core, name: string, raw: Buffer, res: ServerResponse): Promise<Reply | undefined> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(raw);
  } catch {
    return fail(400, DESCRIPTIONS.notUtf8);
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text || "{}") as Record<string, unknown>;
  } catch {
    return fail(400, "Bad Request: invalid JSON");
  }
  const unknown = Object.keys(body).find((k) => !PARAMETERS[name].includes(k));
  if (unknown) return fail(400, `Bad Request: unknown parameter ${unknown}`);
  if (!wellFormed(body)) return fail(400, DESCRIPTIONS.notUtf8);
  switch (name) {
    case "sendMessage":
      return sendMessage(c, body);
    case "editMessageText":
    case "editMessageReplyMarkup":
      return edit(c, name, body);
    case "answerCallbackQuery":
      return answerCallbackQuery(c, body);
    case "setWebhook":
      return setWebhook(c, body.url === undefined ? "" : body.url, body);
    case "deleteWebhook":
      return setWebhook(c, "", body);
    case "getUpdates":
      return getUpdates(c, body, res);
    case "getWebhookInfo":
      return ok(webhookInfo(c));
    case "setMyCommands":
    case "getMyCommands":
    case "deleteMyCommands":
      return myCommands(c, name, body);
  }
  return fail(404, "Not Found: method not found");
}
