/**
 * The Resend stand-in's door: each request to POST /emails as Resend meets it
 * before the email is read: the User-Agent (error 1010), the key, the rate
 * window with its ratelimit-* headers, and the fault a test planned, if any;
 * then the email itself (send.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { EmailRequest } from "./api.ts";
import { fail, MESSAGES, type Core, type Reply } from "./core.ts";
import { accept } from "./send.ts";

function write(res: ServerResponse, reply: Reply, record?: EmailRequest, extra: Record<string, string> = {}) {
  if (record) {
    record.status = reply.status;
    record.name = reply.name;
  }
  if (res.destroyed || res.headersSent) return;
  res.writeHead(reply.status, {
    "Content-Type": reply.contentType ?? "application/json",
    ...extra,
    ...reply.headers,
  });
  res.end(reply.body);
}

/** The body, or undefined once it passed `maxEmailBytes` (the rest is not kept). */
function readBody(c: Core, req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= c.maxEmailBytes) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > c.maxEmailBytes ? undefined : Buffer.concat(chunks)));
  });
}

/**
 * Usage Limits (https://resend.com/docs/api-reference/rate-limit): ratelimit-limit, -remaining and
 * -reset (seconds until the window resets) on every answer; over the limit, 429 with retry-after.
 */
function countRequest(c: Core): { over: boolean; headers: Record<string, string> } {
  const at = c.now();
  const window = Math.floor(at / 1000);
  if (window !== c.state.window) {
    c.state.window = window;
    c.state.inWindow = 0;
  }
  c.state.inWindow++;
  const reset = String(Math.max(1, Math.ceil(((window + 1) * 1000 - at) / 1000)));
  const over = c.state.inWindow > c.requestsPerSecond;
  const headers: Record<string, string> = {
    "ratelimit-limit": String(c.requestsPerSecond),
    "ratelimit-remaining": String(Math.max(0, c.requestsPerSecond - c.state.inWindow)),
    "ratelimit-reset": reset,
  };
  if (over) headers["retry-after"] = reset;
  return { over, headers };
}

export async function handle(c: Core, req: IncomingMessage, res: ServerResponse) {
  const raw = await readBody(c, req);
  const path = (req.url ?? "").split("?")[0];
  if (path !== "/emails") return write(res, fail(404, "not_found", MESSAGES.notFound));
  if (req.method !== "POST") return write(res, fail(405, "method_not_allowed", MESSAGES.notAllowed));
  const record: EmailRequest = {
    idempotencyKey: req.headers["idempotency-key"] as string | undefined,
    userAgent: req.headers["user-agent"],
    replayed: false,
  };
  c.state.requests.push(record);
  // The 1010 page: no User-Agent, 403 "before it reaches the API", from Cloudflare in front of it.
  // The page gives the status and the code only; the body here is Cloudflare's plain-text form.
  if (!req.headers["user-agent"])
    return write(
      res,
      { status: 403, body: "error code: 1010", contentType: "text/plain", name: "1010" },
      record,
    );
  // Introduction, Authentication: "Authorization: Bearer re_xxxxxxxxx".
  const auth = req.headers.authorization;
  if (!auth) return write(res, fail(401, "missing_api_key", MESSAGES.missingKey), record);
  if (auth !== `Bearer ${c.apiKey}`)
    return write(res, fail(401, "validation_error", MESSAGES.invalidKey), record);
  const { over, headers } = countRequest(c);
  const behaviour = c.state.planned.shift() ?? c.state.fallback;
  if (behaviour?.kind === "ok" && behaviour.delayMs) await c.sleep(behaviour.delayMs);
  switch (behaviour?.kind) {
    case "hang":
      return;
    case "tooMany":
      return write(
        res,
        {
          ...fail(429, "rate_limit_exceeded", MESSAGES.tooMany),
          headers: { "retry-after": String(behaviour.retryAfter) },
        },
        record,
        headers,
      );
    case "quota":
      return write(
        res,
        behaviour.which === "daily"
          ? fail(429, "daily_quota_exceeded", MESSAGES.daily)
          : fail(429, "monthly_quota_exceeded", MESSAGES.monthly),
        record,
        headers,
      );
    case "error":
      return write(res, fail(500, "application_error", MESSAGES.error), record, headers);
    case "down":
      return write(res, fail(503, "service_unavailable", MESSAGES.down), record, headers);
    case "serverError":
      return write(
        res,
        {
          status: 502,
          body: "<html><body><h1>502 Bad Gateway</h1></body></html>",
          contentType: "text/html",
        },
        record,
      );
    case "refuse":
      return write(res, fail(behaviour.status, behaviour.name, behaviour.message), record, headers);
  }
  if (over) return write(res, fail(429, "rate_limit_exceeded", MESSAGES.tooMany), record, headers);
  const answer = await accept(
    c,
    req,
    raw,
    record,
    behaviour?.kind === "ok" ? behaviour.answerDelayMs : undefined,
  );
  write(res, answer, record, headers);
}
