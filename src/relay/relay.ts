/**
 * The relay: a web-standard fetch handler for POST /api/quote and
 * /api/contact. It checks the body with the forms' own schemas, turns it into
 * the owner's notice and hands that to `deliver` (Telegram, or the local
 * outbox). Runs on a server only; the credentials never leave it.
 *
 * A script posts JSON and gets JSON; a form posted without script
 * (urlencoded) gets an HTML page with the same notice.
 */
import { HONEYPOT_FIELD, RELAY_PATHS, type FormKind } from "../forms/fields.ts";
import { BODIES, type ContactBody, type QuoteBody } from "../forms/schema.ts";
import { failure, SUCCESS } from "../forms/texts.ts";
import { contactNotices, quoteNotices } from "./notice.ts";
import { resultPage } from "./page.ts";
import { rateLimiter } from "./rate-limit.ts";
import type { SendResult } from "./telegram.ts";

export const MAX_BODY_BYTES = 64 * 1024;

/** Sends the notices for one submission, in order. */
export type Deliver = (form: FormKind, texts: string[]) => Promise<SendResult>;

export interface RelayOptions {
  deliver: Deliver;
  /** Other sites' origins allowed to post here (the site itself always is). */
  allowedOrigins: string[];
  rateLimitPerMinute: number;
  /** The business phone, for the contact form's failure text. */
  phone: string;
  now?: () => Date;
  log?: (message: string) => void;
}

export type RelayHandler = (request: Request, client?: { clientAddress?: string }) => Promise<Response>;

const FORMS = Object.entries(RELAY_PATHS).map(([form, path]) => [path, form as FormKind] as const);

export function createRelay({ deliver, allowedOrigins, rateLimitPerMinute, phone, now = () => new Date(), log = console.log }: RelayOptions): RelayHandler {
  const limiter = rateLimiter(rateLimitPerMinute);

  return async (request, client) => {
    const url = new URL(request.url);
    const form = FORMS.find(([path]) => url.pathname === path || url.pathname === `${path}/`)?.[1];
    if (!form) return json(404, { ok: false, error: "not found" });

    const origin = request.headers.get("Origin");
    const cors = new Headers({ Vary: "Origin" });
    if (origin && !sameHost(origin, url)) {
      if (!allowedOrigins.includes(origin)) return json(403, { ok: false, error: "this origin may not post here" }, cors);
      cors.set("Access-Control-Allow-Origin", origin);
    }
    if (request.method === "OPTIONS") {
      cors.set("Access-Control-Allow-Methods", "POST, OPTIONS");
      cors.set("Access-Control-Allow-Headers", "Content-Type");
      cors.set("Access-Control-Max-Age", "86400");
      return new Response(null, { status: 204, headers: cors });
    }
    if (request.method !== "POST") {
      cors.set("Allow", "POST, OPTIONS");
      return json(405, { ok: false, error: "use POST" }, cors);
    }

    const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
    const html = type === "application/x-www-form-urlencoded";
    if (type !== "application/json" && !html) {
      return json(400, { ok: false, error: "send application/json (or a form as application/x-www-form-urlencoded)" }, cors);
    }
    const raw = await readBody(request);
    if (raw === undefined) return json(413, { ok: false, error: `the body is larger than ${MAX_BODY_BYTES / 1024} KB` }, cors);

    let fields: Record<string, unknown>;
    if (html) {
      // Browsers send a textarea's line breaks as CRLF; the visitor typed LF.
      fields = Object.fromEntries([...new URLSearchParams(raw)].map(([k, v]) => [k, v.replace(/\r\n?/g, "\n")]));
    } else {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
        fields = parsed as Record<string, unknown>;
      } catch {
        return json(400, { ok: false, error: "the body is not a JSON object" }, cors);
      }
    }

    const answer = (status: number, ok: boolean, extra: Record<string, unknown> = {}, headers = cors) => {
      if (!html) return json(status, { ok, ...extra }, headers);
      const values = Object.fromEntries(Object.entries(fields).filter(([k, v]) => typeof v === "string" && k !== HONEYPOT_FIELD)) as Record<string, string>;
      const page = resultPage({
        form,
        ok,
        notice: ok ? SUCCESS[form] : failure(form, phone),
        values,
        action: url.pathname,
        back: backLink(request.headers.get("Referer")),
      });
      headers.set("Content-Type", "text/html; charset=utf-8");
      headers.set("Cache-Control", "no-store");
      // The page shows visitor text (escaped); a strict policy is the second lock on that door.
      headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
      return new Response(page, { status, headers });
    };

    const clientKey = client?.clientAddress || request.headers.get("CF-Connecting-IP") || "unknown";
    const allowed = limiter.take(clientKey);
    if (!allowed.ok) {
      const headers = new Headers(cors);
      headers.set("Retry-After", String(allowed.retryAfterSeconds));
      return answer(429, false, { error: "too many submissions; try again in a minute" }, headers);
    }

    const parsed = BODIES[form].safeParse(fields);
    if (!parsed.success) {
      const invalid = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "body")))];
      return answer(400, false, { error: "some fields are missing or invalid", fields: invalid });
    }
    if (parsed.data[HONEYPOT_FIELD] !== "") {
      log(`relay: ${form} form: honeypot filled, answered as sent and dropped`);
      return answer(200, true);
    }

    const texts = form === "quote" ? quoteNotices(parsed.data as QuoteBody, now()) : contactNotices(parsed.data as ContactBody, now());
    const result = await deliver(form, texts);
    if (!result.ok) {
      log(`relay: ${form} form not delivered: ${result.reason}`);
      return answer(502, false, { error: "the message could not be delivered" });
    }
    log(`relay: ${form} form delivered${texts.length > 1 ? ` in ${texts.length} parts` : ""}`);
    return answer(200, true);
  };
}

function json(status: number, body: unknown, headers = new Headers()): Response {
  const h = new Headers(headers);
  h.set("Content-Type", "application/json; charset=utf-8");
  h.set("Cache-Control", "no-store");
  h.set("X-Content-Type-Options", "nosniff");
  return new Response(JSON.stringify(body), { status, headers: h });
}

/** Same site even behind a TLS-terminating proxy, where the relay sees http:// and the browser sent https://. */
function sameHost(origin: string, url: URL): boolean {
  try {
    return new URL(origin).host === url.host;
  } catch {
    return false;
  }
}

/** The body as text, or undefined once it passes the limit (read no further). */
async function readBody(request: Request): Promise<string | undefined> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) return undefined;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return undefined;
    }
    parts.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.byteLength;
  }
  return new TextDecoder().decode(all);
}

function backLink(referer: string | null): string {
  if (!referer) return "/";
  try {
    const url = new URL(referer);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : "/";
  } catch {
    return "/";
  }
}
