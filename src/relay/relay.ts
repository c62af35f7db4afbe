/**
 * The relay: a web-standard fetch handler for POST /api/quote and
 * /api/contact, GET /api/proof (the spam check's token for a form's script)
 * and GET /api/health (the paths are named in src/shared/relay-paths.ts). It
 * checks the body with the forms' own schemas, runs the spam check, stores
 * the lead with the owner's notice in the lead store, gives delivery a short
 * head start, and answers: once stored, the lead is the relay's to deliver,
 * so stored is success. Spam is stored too, and answered as a person is.
 * Runs on a server only; the credentials never leave it.
 *
 * A script posts JSON and gets JSON; a form posted without script
 * (urlencoded) gets an HTML page with the same notice, refusals included
 * (403, 400, 413, 429, 503): on every one whose body was read, the form
 * again holding what the visitor typed.
 */
import { HONEYPOT_FIELD, type FormKind } from "../shared/forms/fields.ts";
import { BODIES, type ContactBody, type QuoteBody } from "../shared/forms/schema.ts";
import { failure, SUCCESS } from "../shared/forms/texts.ts";
import { FORM_PATHS, HEALTH_PATH, PROOF_PATH } from "../shared/relay-paths.ts";
import { MAX_BODY_BYTES, readBody } from "./body.ts";
import { clientKey } from "./client-address.ts";
import type { Health } from "./leads/delivery.ts";
import { leadId } from "./leads/id.ts";
import type { LeadStore } from "./leads/store.ts";
import { contactNotices, quoteNotices } from "./notice.ts";
import { BACK_FIELD, CONFIRM_NOTICE, resultPage, tooLongNotice } from "./page.ts";
import { rateLimiter, type RateLimiter } from "./rate-limit.ts";
import type { SpamGuard, Verdict } from "./spam.ts";

/** How long the visitor's answer waits for Telegram after the lead is stored. */
export const ANSWER_BUDGET_MS = 3_000;
/** Why a script-less post without a proof is kept as spam until its visitor confirms it. */
const UNCONFIRMED = "unconfirmed: posted without a proof, asked to press Send once more";

export interface RelayOptions {
  store: LeadStore;
  /** Starts delivering a just-stored lead; the answer waits for it at most `answerBudgetMs`. */
  deliverNow?: (id: string) => Promise<void>;
  health: () => Promise<Health>;
  /** The spam check; without it (SPAM_CHECKS=off) every valid post is a lead. */
  spam?: SpamGuard;
  /** Other sites' origins allowed to post here (the site itself always is). */
  allowedOrigins: string[];
  rateLimitPerMinute: number;
  /** A shared limiter (Workers); by default one in this process's memory. */
  limiter?: RateLimiter;
  /** How many proxies stand in front of the relay (TRUST_PROXY); 0 ignores X-Forwarded-For. */
  trustProxy?: number;
  /** The business phone, for the contact form's failure text. */
  phone: string;
  answerBudgetMs?: number;
  now?: () => Date;
  log?: (message: string) => void;
}

export type RelayHandler = (request: Request, client?: { clientAddress?: string }) => Promise<Response>;

const FORMS = Object.entries(FORM_PATHS).map(([form, path]) => [path, form as FormKind] as const);
const at = (url: URL, path: string) => url.pathname === path || url.pathname === `${path}/`;

export function createRelay(options: RelayOptions): RelayHandler {
  const { store, deliverNow, health, spam, allowedOrigins, rateLimitPerMinute, trustProxy = 0, phone, answerBudgetMs = ANSWER_BUDGET_MS, now = () => new Date(), log = console.log } = options;
  const limiter = options.limiter ?? rateLimiter(rateLimitPerMinute);

  return async (request, client) => {
    const url = new URL(request.url);

    /** The page a script-less post gets: the notice and, unless sent, the form again holding what the visitor typed. */
    const page = (status: number, form: FormKind, mode: "sent" | "failed" | "confirm" | "refused", fields: Record<string, unknown>, back: string, headers: Headers, proof?: string) => {
      const values = Object.fromEntries(Object.entries(fields).filter(([k, v]) => typeof v === "string" && k !== HONEYPOT_FIELD)) as Record<string, string>;
      const notice = { sent: SUCCESS[form], failed: failure(form, phone), confirm: CONFIRM_NOTICE, refused: tooLongNotice(form, phone) }[mode];
      const h = new Headers(headers);
      h.set("Content-Type", "text/html; charset=utf-8");
      h.set("Cache-Control", "no-store");
      // The page shows visitor text (escaped); a strict policy is the second lock on that door.
      h.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
      return new Response(resultPage({ form, mode, notice, values, action: url.pathname, back, proof }), { status, headers: h });
    };
    const backOf = (fields: Record<string, unknown>) => backLink(typeof fields[BACK_FIELD] === "string" ? fields[BACK_FIELD] : request.headers.get("Referer"));
    /** A script-less post over the body limit: its body was never read, so the page can only say so and lead back. */
    const tooLong = (form: FormKind, headers: Headers) => {
      const h = new Headers(headers);
      h.set("Connection", "close");
      return page(413, form, "refused", {}, backLink(request.headers.get("Referer")), h);
    };
    const reading = request.method === "GET" || request.method === "HEAD";
    if (at(url, HEALTH_PATH) && reading) {
      const state = await health();
      return json(state.ok ? 200 : 503, state);
    }
    const form = FORMS.find(([path]) => at(url, path))?.[1];
    const proofRequest = at(url, PROOF_PATH);
    if (!form && !proofRequest) return json(404, { ok: false, error: "not found" });

    const origin = request.headers.get("Origin");
    const cors = new Headers({ Vary: "Origin" });
    const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
    // A form posted without script: every answer to it, refusals too, is a page.
    const html = type === "application/x-www-form-urlencoded";
    const scriptless = form && request.method === "POST" && html ? form : undefined;
    if (origin && !sameHost(origin, url)) {
      if (!allowedOrigins.includes(origin)) {
        if (!scriptless) return json(403, { ok: false, error: "this origin may not post here" }, cors);
        // Posted from a site not allowed here: nothing is stored, but the visitor gets what they typed back,
        // on a page of this relay's own, whose form posts here from this origin.
        const raw = await readBody(request);
        if (raw === undefined) return tooLong(scriptless, cors);
        log(`relay: ${scriptless} form posted from ${origin}, not in ALLOWED_ORIGINS: refused, its visitor shown what they typed`);
        const fields = formFields(raw);
        return page(403, scriptless, "failed", fields, backOf(fields), cors);
      }
      cors.set("Access-Control-Allow-Origin", origin);
    }
    const methods = proofRequest ? "GET, OPTIONS" : "POST, OPTIONS";
    if (request.method === "OPTIONS") {
      cors.set("Access-Control-Allow-Methods", methods);
      cors.set("Access-Control-Allow-Headers", "Content-Type");
      cors.set("Access-Control-Max-Age", "86400");
      return new Response(null, { status: 204, headers: cors });
    }
    if (proofRequest && reading) return json(200, { token: spam ? await spam.issue("script", now().getTime()) : "" }, cors);
    if (!form || request.method !== "POST") {
      cors.set("Allow", methods);
      return json(405, { ok: false, error: `use ${methods.split(",")[0]}` }, cors);
    }

    if (type !== "application/json" && !html) {
      return json(400, { ok: false, error: "send application/json (or a form as application/x-www-form-urlencoded)" }, cors);
    }
    const raw = await readBody(request);
    if (raw === undefined) {
      if (html) return tooLong(form, cors);
      cors.set("Connection", "close");
      return json(413, { ok: false, error: `the body is larger than ${Math.round(MAX_BODY_BYTES / 1024)} KB` }, cors);
    }

    let fields: Record<string, unknown>;
    if (html) {
      fields = formFields(raw);
    } else {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
        fields = parsed as Record<string, unknown>;
      } catch {
        return json(400, { ok: false, error: "the body is not a JSON object" }, cors);
      }
    }

    const answer = (status: number, mode: "sent" | "failed" | "confirm", extra: Record<string, unknown> = {}, headers = cors, proof?: string) =>
      html ? page(status, form, mode, fields, backOf(fields), headers, proof) : json(status, { ok: mode === "sent", ...extra }, headers);
    const sent = () => answer(200, "sent");

    const allowed = await limiter.take(clientKey(request, client?.clientAddress, trustProxy));
    if (!allowed.ok) {
      const headers = new Headers(cors);
      headers.set("Retry-After", String(allowed.retryAfterSeconds));
      return answer(429, "failed", { error: "too many submissions; try again in a minute" }, headers);
    }

    const parsed = BODIES[form].safeParse(fields);
    if (!parsed.success) {
      const invalid = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "body")))];
      return answer(400, "failed", { error: "some fields are missing or invalid", fields: invalid });
    }
    const receivedAt = now();
    const body = parsed.data as QuoteBody & ContactBody;
    const checked: Verdict = spam ? await spam.check(fields, body, receivedAt.getTime()) : { kind: "person" };
    const verdict: Verdict = checked.kind !== "early" ? checked : html ? { kind: "unproven", reason: checked.reason } : { kind: "spam", reason: checked.reason };
    // A script-less visitor without a proof is asked once to confirm; a script without one is a bare POST.
    const confirming = verdict.kind === "unproven" && html;
    const spamReason = verdict.kind === "spam" || verdict.kind === "unproven" ? (confirming ? UNCONFIRMED : verdict.reason) : undefined;
    const id = await leadId(form, fields.submissionId, body, receivedAt.getTime());

    try {
      const earlier = (await store.get(id.id)) ?? (id.repeatOf ? await store.get(id.repeatOf) : undefined);
      if (earlier) {
        // The confirmation of a script-less post: the lead it confirms goes out now.
        if (earlier.status === "spam" && earlier.spamReason === UNCONFIRMED && verdict.kind === "person") {
          await store.requeue(earlier.id, receivedAt.getTime());
          log(`relay: ${form} form: lead ${earlier.id} confirmed by its visitor`);
          await headStart(earlier.id);
          return sent();
        }
        log(`relay: ${form} form: a repeat of lead ${earlier.id}; nothing new stored`);
        return confirming ? answer(200, "confirm", {}, cors, await spam!.issue("page", receivedAt.getTime())) : sent();
      }
      const parts = form === "quote" ? quoteNotices(body, receivedAt) : contactNotices(body, receivedAt);
      await store.add({ id: id.id, form, fields: body, parts, receivedAt: receivedAt.getTime(), status: spamReason ? "spam" : "pending", spamReason });
    } catch (error) {
      log(`relay: ${form} form NOT stored, the visitor was asked to try again: ${(error as Error).message}`);
      return answer(503, "failed", { error: "the message could not be stored; try again" });
    }
    if (confirming) {
      log(`relay: ${form} form without a proof (no script?): kept as lead ${id.id} and asked to confirm`);
      return answer(200, "confirm", {}, cors, await spam!.issue("page", receivedAt.getTime()));
    }
    if (spamReason) {
      // Answered as sent: a bot learns nothing from the answer.
      log(`relay: ${form} form stopped as spam (${spamReason}); kept as lead ${id.id}`);
      return sent();
    }
    log(`relay: ${form} form stored as lead ${id.id}`);
    await headStart(id.id);
    return sent();
  };

  async function headStart(id: string) {
    if (!deliverNow) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([deliverNow(id), new Promise<void>((resolve) => (timer = setTimeout(resolve, answerBudgetMs)))]);
    clearTimeout(timer);
  }
}

/** A urlencoded body as fields; browsers send a textarea's line breaks as CRLF, and the visitor typed LF. */
function formFields(raw: string): Record<string, string> {
  return Object.fromEntries([...new URLSearchParams(raw)].map(([k, v]) => [k, v.replace(/\r\n?/g, "\n")]));
}

/** A JSON answer that no cache keeps and no browser sniffs as anything else. */
export function json(status: number, body: unknown, headers = new Headers()): Response {
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

function backLink(referer: string | null): string {
  if (!referer) return "/";
  try {
    const url = new URL(referer);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : "/";
  } catch {
    return "/";
  }
}
