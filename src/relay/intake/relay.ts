/**
 * The relay: a web-standard fetch handler for POST /api/quote and
 * /api/contact, GET /api/proof (the spam check's token for a form's script)
 * GET /api/health, POST /api/call (a tap on a phone link, counted), and POST /api/telegram, Telegram's webhook for the
 * owner's button presses (the paths are named in src/shared/relay-paths.ts).
 *
 * A form post goes through four steps, each a function below: reading (the
 * body, as JSON or as a form), checking (origin, rate limit, the forms' own
 * schemas, the spam check), storing (the lead and the owner's notice, in the
 * lead store, before anything is answered) and answering. Once stored, the
 * lead is the relay's to deliver, so stored is success; delivery gets a short
 * head start. Spam is stored too, and answered as a person is. Runs on a
 * server only; the credentials never leave it.
 *
 * A script posts JSON and gets JSON; a form posted without script
 * (urlencoded) gets an HTML page with the same notice, refusals included
 * (403, 400, 413, 429, 503): on every one whose body was read, the form
 * again holding what the visitor typed.
 */
import { HONEYPOT_FIELD, type FormKind } from "../../shared/forms/fields.ts";
import { BODIES, type ContactBody, type QuoteBody } from "../../shared/forms/schema.ts";
import { failure, SUCCESS } from "../../shared/forms/texts.ts";
import { CALL_TAP_PATH, FORM_PATHS, HEALTH_PATH, PROOF_PATH, proofPath, TELEGRAM_UPDATES_PATH } from "../../shared/relay-paths.ts";
import { attributionLine, attributionOf, attributionValue } from "../../shared/forms/attribution.ts";
import { brisbane } from "../leads/hours.ts";
import { MAX_BODY_BYTES, readBody } from "./body.ts";
import { clientKey } from "./client-address.ts";
import { leadId } from "../leads/id.ts";
import type { Health } from "../leads/policy.ts";
import type { LeadStore } from "../leads/store.ts";
import { contactNotices, quoteNotices } from "../telegram/notice.ts";
import { BACK_FIELD, CONFIRM_NOTICE, resultPage, tooLongNotice } from "./page.ts";
import { rateLimiter, type RateLimiter } from "./rate-limit.ts";
import { tapCheck, type TapSite } from "./call-taps.ts";
import type { SpamGuard, Verdict } from "./spam.ts";
import { sameSecret } from "../telegram/updates.ts";
import { logLine } from "../log.ts";

/** How long the visitor's answer waits for Telegram after the lead is stored. */
export const ANSWER_BUDGET_MS = 3_000;
/** Call taps counted per client per minute (a person taps once or twice); more are not counted. */
const CALL_TAPS_PER_MINUTE = 10;
/** User agents that say they are crawlers or previewers: their taps are not counted. */
const BOT_AGENT = /bot|crawl|spider|slurp|preview|headless|lighthouse|python|curl|wget|httpclient/i;

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
  /** The site's pages and numbers: a call tap is counted only for them, and without them none is (call-taps.ts). */
  callTaps?: TapSite;
  /** A shared limiter for call taps (Workers); by default CALL_TAPS_PER_MINUTE in this process's memory. */
  tapLimiter?: RateLimiter;
  /** How many proxies stand in front of the relay (TRUST_PROXY); 0 ignores X-Forwarded-For. */
  trustProxy?: number;
  /** The business phone, for the contact form's failure text. */
  phone: string;
  answerBudgetMs?: number;
  now?: () => Date;
  log?: (message: string) => void;
  /** The owner's button presses through Telegram's webhook (updates.ts); without it the webhook path is not found. */
  updates?: { secret: string; handle(update: unknown): Promise<unknown> };
}

export type RelayHandler = (request: Request, client?: { clientAddress?: string }) => Promise<Response>;

const FORMS = Object.entries(FORM_PATHS).map(([form, path]) => [path, form as FormKind] as const);
const at = (url: URL, path: string) => url.pathname === path || url.pathname === `${path}/`;

type Fields = Record<string, unknown>;
type Mode = "sent" | "failed" | "confirm" | "refused";

export function createRelay(options: RelayOptions): RelayHandler {
  const { store, deliverNow, health, spam, allowedOrigins, rateLimitPerMinute, trustProxy = 0, phone, answerBudgetMs = ANSWER_BUDGET_MS, now = () => new Date(), log = logLine } = options;
  const limiter = options.limiter ?? rateLimiter(rateLimitPerMinute);
  const tapLimiter = options.tapLimiter ?? rateLimiter(CALL_TAPS_PER_MINUTE);
  const ownTap = options.callTaps && tapCheck(options.callTaps);
  if (!ownTap) log("relay: call taps are not counted: the relay has no list of the site's pages and numbers (on Node, from content/; on Workers, SITE_PAGES and SITE_NUMBERS, which npm run relay:deploy sets)");

  return async (request, client) => {
    const url = new URL(request.url);
    // A path that starts with two slashes reads as another host to anything that resolves it (the Node adapter refuses such targets too).
    if (/^\/[/\\]/.test(url.pathname)) return json(400, { ok: false, error: "a request target starts with exactly one /" });
    const reading = request.method === "GET" || request.method === "HEAD";
    if (at(url, HEALTH_PATH) && reading) {
      const state = await health();
      return json(state.ok ? 200 : 503, state);
    }
    if (at(url, TELEGRAM_UPDATES_PATH) && options.updates) return webhook(request, options.updates);
    if (at(url, CALL_TAP_PATH)) return callTap(request, url, client);
    const form = FORMS.find(([path]) => at(url, path))?.[1];
    const proofRequest = at(url, PROOF_PATH);
    if (!form && !proofRequest) return json(404, { ok: false, error: "not found" });

    const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
    // A form posted without script: every answer to it, refusals too, is a page.
    const html = type === "application/x-www-form-urlencoded";
    const answers = new Answers(request, url, form ?? "contact", html && request.method === "POST" && form !== undefined, { allowedOrigins, phone });

    const origin = request.headers.get("Origin");
    if (origin && !sameHost(origin, url)) {
      if (!allowedOrigins.includes(origin)) {
        if (!answers.html) return json(403, { ok: false, error: "this origin may not post here" }, answers.cors);
        // Posted from a site not allowed here: nothing is stored, but the visitor gets what they typed back,
        // on a page of this relay's own, whose form posts here from this origin.
        const raw = await readBody(request);
        if (raw === undefined) return answers.tooLong();
        log(`relay: ${form} form posted from ${origin}, not in ALLOWED_ORIGINS: refused, its visitor shown what they typed`);
        return answers.with(formFields(raw)).reply(403, "failed");
      }
      answers.cors.set("Access-Control-Allow-Origin", origin);
    }
    const methods = proofRequest ? "GET, OPTIONS" : "POST, OPTIONS";
    if (request.method === "OPTIONS") {
      const headers = new Headers(answers.cors);
      headers.set("Access-Control-Allow-Methods", methods);
      headers.set("Access-Control-Allow-Headers", "Content-Type");
      headers.set("Access-Control-Max-Age", "86400");
      return new Response(null, { status: 204, headers });
    }
    if (proofRequest && reading) {
      // A proof is signed for one form (decision 0056): the form's script names its form.
      const proofForm = FORMS.find(([, kind]) => kind === url.searchParams.get("form"))?.[1];
      if (!proofForm) return json(400, { ok: false, error: `name the form: ${proofPath("quote")} or ${proofPath("contact")}` }, answers.cors);
      return json(200, { token: spam ? await spam.issue("script", proofForm, now().getTime()) : "" }, answers.cors);
    }
    if (!form || request.method !== "POST") {
      const headers = new Headers(answers.cors);
      headers.set("Allow", methods);
      return json(405, { ok: false, error: `use ${methods.split(",")[0]}` }, headers);
    }

    const read = await readPost(request, type);
    if (read.kind === "too long") return answers.tooLong();
    if (read.kind === "refused") return json(400, { ok: false, error: read.error }, answers.cors);
    const reply = answers.with(read.fields);

    const checked = await check(request, client, form, read.fields, answers.html);
    if (checked.kind === "refused") return reply.reply(checked.status, "failed", checked.extra, checked.headers);
    return keep(form, read.fields, checked, reply);
  };

  /** The checks after reading, in order: the rate limit, the form's schema, the spam check. */
  async function check(request: Request, client: { clientAddress?: string } | undefined, form: FormKind, fields: Fields, html: boolean): Promise<Checked> {
    const allowed = await limiter.take(clientKey(request, client?.clientAddress, trustProxy));
    if (!allowed.ok) {
      return { kind: "refused", status: 429, extra: { error: "too many submissions; try again in a minute" }, headers: { "Retry-After": String(allowed.retryAfterSeconds) } };
    }
    const parsed = BODIES[form].safeParse(fields);
    if (!parsed.success) {
      const invalid = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "body")))];
      return { kind: "refused", status: 400, extra: { error: "some fields are missing or invalid", fields: invalid } };
    }
    const receivedAt = now().getTime();
    const body = parsed.data as QuoteBody & ContactBody;
    const verdict: Verdict = spam ? await spam.check({ form, fields, body, scriptless: html }, receivedAt) : { kind: "person" };
    // A proof younger than a person could type: a script's is a bot's; a plain form's was sent before its script ran, so it is asked to confirm.
    const settled: Verdict = verdict.kind !== "early" ? verdict : html ? { kind: "unproven", reason: verdict.reason } : { kind: "spam", reason: verdict.reason };
    return { kind: "checked", body, receivedAt, verdict: settled, id: await leadId(form, fields.submissionId, body, receivedAt) };
  }

  /** Stores the lead (or finds the one it repeats or confirms), then answers. */
  async function keep(form: FormKind, fields: Fields, { body, receivedAt, verdict, id }: Extract<Checked, { kind: "checked" }>, reply: Reply): Promise<Response> {
    // A script-less visitor without a proof is asked once to confirm; a script without one is a bare POST.
    const confirming = verdict.kind === "unproven" && reply.html;
    const confirmPage = async () => reply.reply(200, "confirm", {}, undefined, await spam!.issue("page", form, receivedAt));
    let spamReason = verdict.kind === "spam" || (verdict.kind === "unproven" && !confirming) ? verdict.reason : undefined;
    try {
      const earlier = (await store.get(id.id)) ?? (id.repeatOf ? await store.get(id.repeatOf) : undefined);
      if (earlier) {
        // The confirmation of a script-less post: the lead it confirms goes out now, if its proof was not used for another.
        if (earlier.status === "unconfirmed" && verdict.kind === "person" && (await proofIsFor(verdict, earlier.id, receivedAt))) {
          await store.requeue(earlier.id, receivedAt);
          log(`relay: ${form} form: lead ${earlier.id} confirmed by its visitor`);
          await headStart(earlier.id);
          return reply.sent();
        }
        log(`relay: ${form} form: a repeat of lead ${earlier.id}; nothing new stored`);
        return confirming ? confirmPage() : reply.sent();
      }
      if (verdict.kind === "person" && !(await proofIsFor(verdict, id.id, receivedAt))) spamReason = "a proof already used for another lead";
      const attribution = attributionOf(fields);
      const from = attributionLine(attribution);
      const parts = form === "quote" ? quoteNotices(body, new Date(receivedAt), undefined, from) : contactNotices(body, new Date(receivedAt), undefined, from);
      const status = confirming ? "unconfirmed" : spamReason ? "spam" : "pending";
      await store.add({ id: id.id, form, fields: body, parts, receivedAt, status, spamReason, attribution });
    } catch (error) {
      log(`relay: ${form} form NOT stored, the visitor was asked to try again: ${(error as Error).message}`);
      return reply.reply(503, "failed", { error: "the message could not be stored; try again" });
    }
    if (confirming) {
      log(`relay: ${form} form without a proof (no script?): kept as lead ${id.id} and asked to confirm`);
      return confirmPage();
    }
    if (spamReason) {
      // Answered as sent: a bot learns nothing from the answer.
      log(`relay: ${form} form stopped as spam (${spamReason}); kept as lead ${id.id}`);
      return reply.sent();
    }
    log(`relay: ${form} form stored as lead ${id.id}`);
    await headStart(id.id);
    return reply.sent();
  }

  /**
   * A tap on a phone link (navigator.sendBeacon from the site): counted per Brisbane day, page and
   * number (as the site's links carry it). Only for a page of the site and one of its numbers, from
   * the site (its Origin), not from crawlers, and at most CALL_TAPS_PER_MINUTE a client (the
   * Worker's binding: its forms' limit); anything else is answered alike and not counted, so a
   * script learns nothing.
   */
  async function callTap(request: Request, url: URL, client: { clientAddress?: string } | undefined): Promise<Response> {
    const origin = request.headers.get("Origin");
    const headers = new Headers({ Vary: "Origin" });
    const ours = origin !== null && (sameHost(origin, url) || allowedOrigins.includes(origin));
    if (ours && origin) headers.set("Access-Control-Allow-Origin", origin);
    if (request.method !== "POST") {
      headers.set("Allow", "POST");
      return json(405, { ok: false, error: "use POST" }, headers);
    }
    const raw = await readBody(request);
    let tap: { page?: unknown; number?: unknown } = {};
    try {
      tap = JSON.parse(raw ?? "") as typeof tap;
    } catch {
      return json(400, { ok: false, error: "send {page, number}" }, headers);
    }
    const page = attributionValue(tap?.page);
    const number = typeof tap?.number === "string" && /^[\d +()-]{6,30}$/.test(tap.number) ? tap.number.trim() : undefined;
    if (!page?.startsWith("/") || page.startsWith("//") || !number) return json(400, { ok: false, error: "send {page, number}" }, headers);
    const agent = request.headers.get("User-Agent") ?? "";
    const own = ownTap?.(page, number);
    const counted = own && ours && agent !== "" && !BOT_AGENT.test(agent) && (await tapLimiter.take(clientKey(request, client?.clientAddress, trustProxy))).ok;
    if (counted) await store.countCallTap(brisbane(now().getTime()).date, own.page, own.number);
    return new Response(null, { status: 204, headers });
  }

  /** Telegram's webhook: only a post carrying the secret set with setWebhook is read. */
  async function webhook(request: Request, updates: NonNullable<RelayOptions["updates"]>): Promise<Response> {
    if (request.method !== "POST") return json(405, { ok: false, error: "use POST" }, new Headers({ Allow: "POST" }));
    if (!sameSecret(request.headers.get("X-Telegram-Bot-Api-Secret-Token") ?? "", updates.secret)) return json(401, { ok: false, error: "not Telegram" });
    const raw = await readBody(request);
    let update: unknown;
    try {
      update = JSON.parse(raw ?? "");
    } catch {
      return json(400, { ok: false, error: "the body is not a Telegram update" });
    }
    try {
      await updates.handle(update);
    } catch (error) {
      // Telegram sends an update again until it is answered 2xx; the update id keeps it from counting twice.
      log(`relay: a Telegram update could not be handled, Telegram will send it again: ${(error as Error).message}`);
      return json(500, { ok: false, error: "try again" });
    }
    return json(200, { ok: true });
  }

  /** A proof is good for one lead: true when this one's was unused, or used for this lead (a repeat). */
  async function proofIsFor(verdict: Verdict, id: string, at: number): Promise<boolean> {
    if (verdict.kind !== "person" || !verdict.signature) return true;
    return (await store.useProof(verdict.signature, id, at)) === id;
  }

  async function headStart(id: string) {
    if (!deliverNow) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([deliverNow(id), new Promise<void>((resolve) => (timer = setTimeout(resolve, answerBudgetMs)))]);
    clearTimeout(timer);
  }
}

type Checked =
  | { kind: "refused"; status: number; extra: Record<string, unknown>; headers?: Record<string, string> }
  | { kind: "checked"; body: QuoteBody & ContactBody; receivedAt: number; verdict: Verdict; id: { id: string; repeatOf?: string } };

type Read = { kind: "fields"; fields: Fields } | { kind: "too long" } | { kind: "refused"; error: string };

/** Reading: the body, up to its limit, as fields. */
async function readPost(request: Request, type: string): Promise<Read> {
  const html = type === "application/x-www-form-urlencoded";
  if (type !== "application/json" && !html) return { kind: "refused", error: "send application/json (or a form as application/x-www-form-urlencoded)" };
  const raw = await readBody(request);
  if (raw === undefined) return { kind: "too long" };
  if (html) return { kind: "fields", fields: formFields(raw) };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
    return { kind: "fields", fields: parsed as Fields };
  } catch {
    return { kind: "refused", error: "the body is not a JSON object" };
  }
}

/**
 * Answering: JSON for a script, a page for a form posted without one. The
 * page shows what the visitor typed and links back only to this site.
 */
class Answers {
  readonly cors = new Headers({ Vary: "Origin" });
  constructor(
    private readonly request: Request,
    private readonly url: URL,
    private readonly form: FormKind,
    /** A form posted without script. */
    readonly html: boolean,
    private readonly site: { allowedOrigins: string[]; phone: string },
  ) {}

  with(fields: Fields): Reply {
    return new Reply(this, fields);
  }

  /** Where "Back to the site" leads from a page whose post held these fields. */
  back(fields: Fields): string {
    const given = fields[BACK_FIELD];
    return this.backLink(typeof given === "string" ? given : this.request.headers.get("Referer"));
  }

  /** A post over the body limit, whose body was never read. */
  tooLong(): Response {
    if (!this.html) {
      const headers = new Headers(this.cors);
      headers.set("Connection", "close");
      return json(413, { ok: false, error: `the body is larger than ${Math.round(MAX_BODY_BYTES / 1024)} KB` }, headers);
    }
    return this.page(413, "refused", {}, this.backLink(this.request.headers.get("Referer")), { Connection: "close" });
  }

  /** The page a script-less post gets: the notice and, unless sent, the form again holding what the visitor typed. */
  page(status: number, mode: Mode, fields: Fields, back: string, extra: Record<string, string> = {}, proof?: string): Response {
    const values = Object.fromEntries(Object.entries(fields).filter(([k, v]) => typeof v === "string" && k !== HONEYPOT_FIELD)) as Record<string, string>;
    const notice = { sent: SUCCESS[this.form], failed: failure(this.form, this.site.phone), confirm: CONFIRM_NOTICE, refused: tooLongNotice(this.form, this.site.phone) }[mode];
    const h = new Headers(this.cors);
    for (const [name, value] of Object.entries(extra)) h.set(name, value);
    h.set("Content-Type", "text/html; charset=utf-8");
    h.set("Cache-Control", "no-store");
    // The page shows visitor text (escaped); a strict policy is the second lock on that door.
    h.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
    return new Response(resultPage({ form: this.form, mode, notice, values, action: this.url.pathname, back, proof }), { status, headers: h });
  }

  /**
   * Where "Back to the site" leads: the page the visitor came from, if it is on this site (a
   * path here, this host, or an origin allowed to post here); otherwise the home page.
   *
   * Read as the browser will read the link (decision 0056): a browser's URL parser drops tabs and
   * newlines anywhere, trims controls and spaces, and takes `\` for `/`, so `/<TAB>/evil.example/`
   * is another site to it. A candidate holding any control character is refused; the rest is
   * resolved with the same (WHATWG) parser, and what is written is what was resolved, never the
   * candidate: an absolute URL (a Referer) as the URL, with the scheme the browser used; a path as
   * the path, so the browser keeps its own scheme (the relay may see http: behind a TLS proxy).
   */
  private backLink(candidate: unknown): string {
    // C0, DEL and C1: the parser would drop or trim some of them, and no page of the site needs one.
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    if (typeof candidate !== "string" || candidate === "" || /[\u0000-\u001F\u007F-\u009F]/.test(candidate)) return "/";
    const absolute = URL.parse(candidate);
    const target = absolute ?? URL.parse(candidate, this.url.origin);
    if (!target || (target.protocol !== "http:" && target.protocol !== "https:")) return "/";
    const ours = target.host === this.url.host || this.site.allowedOrigins.includes(target.origin);
    if (!ours) return "/";
    if (absolute) {
      target.username = "";
      target.password = "";
      return target.href;
    }
    // A path that starts with two slashes (`/.//evil.example/` resolves to one) names a host to the browser.
    const path = target.pathname + target.search + target.hash;
    return path.startsWith("//") ? "/" : path;
  }
}

/** The answers to one post whose fields were read. */
class Reply {
  constructor(
    private readonly answers: Answers,
    private readonly fields: Fields,
  ) {}

  get html(): boolean {
    return this.answers.html;
  }

  reply(status: number, mode: "sent" | "failed" | "confirm", extra: Record<string, unknown> = {}, headers: Record<string, string> = {}, proof?: string): Response {
    if (this.html) return this.answers.page(status, mode, this.fields, this.answers.back(this.fields), headers, proof);
    const h = new Headers(this.answers.cors);
    for (const [name, value] of Object.entries(headers)) h.set(name, value);
    return json(status, { ok: mode === "sent", ...extra }, h);
  }

  sent(): Response {
    return this.reply(200, "sent");
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
