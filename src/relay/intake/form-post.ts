/**
 * POST /api/quote and /api/contact, and GET /api/proof (the spam check's
 * token for a form's script). What happened is decided first, in order: the
 * door they share (the origin, CORS, the method), a form post's reading (the
 * body, as JSON or as a form), its checks (form-check.ts) and its storing
 * (keep.ts); then answers.ts words that one outcome, once.
 */
import type { FormKind } from "../../shared/forms/fields.ts";
import { proofPath } from "../../shared/relay-paths.ts";
import { formResponse, type FormAnswer } from "./answers.ts";
import { readBody } from "./body.ts";
import { FORMS, type Client, type Fields, type Intake } from "./context.ts";
import { checkPost } from "./form-check.ts";
import { keep } from "./keep.ts";
import { waitAtMost } from "./budget.ts";
import { BACK_FIELD } from "./page.ts";

/** A form post read: its fields, to check and store. */
type Read = { kind: "read"; fields: Fields };

/** An answer already, with what its page shows back of a post from another site. */
type Shut = FormAnswer & { fields?: Fields };

/** The door's answer or the reading's; or a post read. */
type Opened = Shut | Read;

/** A request to a form's path (`form`) or to the proof's (no form). */
export async function formRoute(
  intake: Intake,
  request: Request,
  url: URL,
  client: Client,
  form: FormKind | undefined,
): Promise<Response> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  // A form posted without script: every answer to it, refusals too, is a page.
  const html =
    type === "application/x-www-form-urlencoded" && request.method === "POST" && form !== undefined;
  const cors = new Headers({ Vary: "Origin" });
  const shut = await door(intake, request, url, form, html, cors);
  const read: Opened = shut ?? (await readPost(request, type));
  // What a page shows: what was read of the post, and where its link back leads.
  const fields = read.fields ?? {};
  const page = html ? { fields, back: backLink(intake, request, url, fields) } : undefined;
  // Read: the door is open only to a POST to a form's path.
  const answer = read.kind === "read" ? await stored(intake, request, client, form!, fields, html) : read;
  return formResponse(intake, { form: form ?? "contact", action: url.pathname, cors, page }, answer);
}

/**
 * The door: the origin (CORS), a preflight, the proof, the method. Undefined: a post to a form's path, to
 * read; otherwise the answer, with what a page shows back (a post from another site, read).
 */
async function door(
  intake: Intake,
  request: Request,
  url: URL,
  form: FormKind | undefined,
  html: boolean,
  cors: Headers,
): Promise<Shut | undefined> {
  const origin = request.headers.get("Origin");
  if (origin && !sameHost(origin, url, intake.ownOrigin)) {
    if (!intake.allowedOrigins.includes(origin)) return foreign(intake, request, html, form, origin);
    cors.set("Access-Control-Allow-Origin", origin);
  }
  const methods = form ? "POST, OPTIONS" : "GET, OPTIONS";
  if (request.method === "OPTIONS") return { kind: "preflight", methods };
  if (!form && (request.method === "GET" || request.method === "HEAD")) return proof(intake, url);
  if (!form || request.method !== "POST")
    return {
      kind: "refused",
      status: 405,
      extra: { error: `use ${methods.split(",")[0]}` },
      headers: { Allow: methods },
    };
}

/**
 * Posted from a site not in ALLOWED_ORIGINS: nothing is stored; a script is refused, a visitor without one
 * gets what they typed back.
 */
async function foreign(
  { log }: Intake,
  request: Request,
  html: boolean,
  form: FormKind | undefined,
  origin: string,
): Promise<Shut> {
  const refused = {
    kind: "refused",
    status: 403,
    extra: { error: "this origin may not post here" },
  } as const;
  if (!html) return refused;
  // On a page of this relay's own, whose form posts here from this origin.
  const raw = await readBody(request);
  if (raw === undefined) return { kind: "too long" };
  log(
    `relay: ${form} form posted from ${origin}, not in ALLOWED_ORIGINS: refused, its visitor shown what they typed`,
  );
  return { ...refused, fields: formFields(raw) };
}

/** A proof is signed for one form (decision 0056): the form's script names its form. */
async function proof({ spam, now }: Intake, url: URL): Promise<FormAnswer> {
  const proofForm = FORMS.find(([, kind]) => kind === url.searchParams.get("form"))?.[1];
  if (!proofForm)
    return {
      kind: "refused",
      status: 400,
      extra: { error: `name the form: ${proofPath("quote")} or ${proofPath("contact")}` },
    };
  return { kind: "token", token: spam ? await spam.issue("script", proofForm, now().getTime()) : "" };
}

/** Reading: the body, up to its limit, as fields. */
async function readPost(request: Request, type: string): Promise<Opened> {
  const html = type === "application/x-www-form-urlencoded";
  const refused = (error: string) => ({ kind: "refused", status: 400, extra: { error } }) as const;
  if (type !== "application/json" && !html)
    return refused("send application/json (or a form as application/x-www-form-urlencoded)");
  const raw = await readBody(request);
  if (raw === undefined) return { kind: "too long" };
  if (html) return { kind: "read", fields: formFields(raw) };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
    return { kind: "read", fields: parsed as Fields };
  } catch {
    return refused("the body is not a JSON object");
  }
}

/**
 * A post read: checked, then stored. A lead stored to go out gets delivery's head start, which the answer
 * waits for at most answerBudgetMs.
 */
async function stored(
  intake: Intake,
  request: Request,
  client: Client,
  form: FormKind,
  fields: Fields,
  html: boolean,
): Promise<FormAnswer> {
  const checked = await checkPost(intake, request, client, form, fields, html);
  if (checked.kind === "refused") return checked;
  const { answer, deliver } = await keep(intake, form, fields, checked, html);
  if (deliver && intake.deliverNow) await waitAtMost(intake.answerBudgetMs, intake.deliverNow(deliver));
  return answer;
}

/** A urlencoded body as fields; browsers send a textarea's line breaks as CRLF, and the visitor typed LF. */
function formFields(raw: string): Record<string, string> {
  return Object.fromEntries([...new URLSearchParams(raw)].map(([k, v]) => [k, v.replace(/\r\n?/g, "\n")]));
}

/**
 * Whether `origin` is this site's: with the relay's own origin configured (RELAY_ORIGIN), exactly
 * that one; without it, the host the request was sent to (the same site even behind a
 * TLS-terminating proxy, where the relay sees http:// and the browser sent https://).
 */
export function sameHost(origin: string, url: URL, ownOrigin?: string): boolean {
  if (ownOrigin !== undefined) return origin === ownOrigin;
  try {
    return new URL(origin).host === url.host;
  } catch {
    return false;
  }
}

/** Whether `origin` may post here: this site's own, or one ALLOWED_ORIGINS names. */
export function allowedHere(
  origin: string,
  url: URL,
  { allowedOrigins, ownOrigin }: Pick<Intake, "allowedOrigins" | "ownOrigin">,
): boolean {
  return sameHost(origin, url, ownOrigin) || allowedOrigins.includes(origin);
}

/**
 * Where "Back to the site" leads from a page whose post held these fields: the page the visitor came from
 * (the form's own field, else the Referer), if it is on this site (a
 * path here, this host, or an origin allowed to post here); otherwise the home page.
 *
 * Read as the browser will read the link (decision 0056): a browser's URL parser drops tabs and
 * newlines anywhere, trims controls and spaces, and takes `\` for `/`, so `/<TAB>/evil.example/`
 * is another site to it. A candidate holding any control character is refused; the rest is
 * resolved with the same (WHATWG) parser, and what is written is what was resolved, never the
 * candidate: an absolute URL (a Referer) as the URL, with the scheme the browser used; a path as
 * the path, so the browser keeps its own scheme (the relay may see http: behind a TLS proxy).
 */
function backLink(
  origins: Pick<Intake, "allowedOrigins" | "ownOrigin">,
  request: Request,
  url: URL,
  fields: Fields,
): string {
  const given = fields[BACK_FIELD];
  const candidate = typeof given === "string" ? given : request.headers.get("Referer");
  // C0, DEL and C1: the parser would drop or trim some of them, and no page of the site needs one.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (candidate === null || candidate === "" || /[\u0000-\u001F\u007F-\u009F]/.test(candidate)) return "/";
  const absolute = URL.parse(candidate);
  const target = absolute ?? URL.parse(candidate, url.origin);
  if (!target || (target.protocol !== "http:" && target.protocol !== "https:")) return "/";
  if (!allowedHere(target.origin, url, origins)) return "/";
  if (absolute) {
    target.username = "";
    target.password = "";
    return target.href;
  }
  // A path that starts with two slashes (`/.//evil.example/` resolves to one) names a host to the browser.
  const path = target.pathname + target.search + target.hash;
  return path.startsWith("//") ? "/" : path;
}
