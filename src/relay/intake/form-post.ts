/**
 * POST /api/quote and /api/contact, and GET /api/proof (the spam check's
 * token for a form's script): the door they share (the origin, CORS, the
 * method), then a form post's reading (the body, as JSON or as a form).
 * Checking it is form-check.ts; storing, and the answer that follows, keep.ts.
 */
import type { FormKind } from "../../shared/forms/fields.ts";
import { proofPath } from "../../shared/relay-paths.ts";
import { Answers, formFields, json, sameHost } from "./answers.ts";
import { readBody } from "./body.ts";
import { FORMS, type Client, type Fields, type Intake } from "./context.ts";
import { checkPost } from "./form-check.ts";
import { keep } from "./keep.ts";

type Read = { kind: "fields"; fields: Fields } | { kind: "too long" } | { kind: "refused"; error: string };

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
  const html = type === "application/x-www-form-urlencoded";
  const answers = new Answers(
    request,
    url,
    form ?? "contact",
    html && request.method === "POST" && form !== undefined,
    intake,
  );

  const origin = request.headers.get("Origin");
  if (origin && !sameHost(origin, url, intake.ownOrigin)) {
    if (!intake.allowedOrigins.includes(origin)) return foreign(intake, request, answers, form, origin);
    answers.cors.set("Access-Control-Allow-Origin", origin);
  }
  const methods = form ? "POST, OPTIONS" : "GET, OPTIONS";
  if (request.method === "OPTIONS") {
    const headers = new Headers(answers.cors);
    headers.set("Access-Control-Allow-Methods", methods);
    headers.set("Access-Control-Allow-Headers", "Content-Type");
    headers.set("Access-Control-Max-Age", "86400");
    return new Response(null, { status: 204, headers });
  }
  if (!form && (request.method === "GET" || request.method === "HEAD"))
    return proof(intake, url, answers.cors);
  if (!form || request.method !== "POST") {
    const headers = new Headers(answers.cors);
    headers.set("Allow", methods);
    return json(405, { ok: false, error: `use ${methods.split(",")[0]}` }, headers);
  }

  const read = await readPost(request, type);
  if (read.kind === "too long") return answers.tooLong();
  if (read.kind === "refused") return json(400, { ok: false, error: read.error }, answers.cors);
  const reply = answers.with(read.fields);

  const checked = await checkPost(intake, request, client, form, read.fields, answers.html);
  if (checked.kind === "refused")
    return reply.reply(checked.status, "failed", checked.extra, checked.headers);
  return keep(intake, form, read.fields, checked, reply);
}

/**
 * Posted from a site not in ALLOWED_ORIGINS: nothing is stored; a script is refused, a visitor without one
 * gets what they typed back.
 */
async function foreign(
  { log }: Intake,
  request: Request,
  answers: Answers,
  form: FormKind | undefined,
  origin: string,
): Promise<Response> {
  if (!answers.html) return json(403, { ok: false, error: "this origin may not post here" }, answers.cors);
  // On a page of this relay's own, whose form posts here from this origin.
  const raw = await readBody(request);
  if (raw === undefined) return answers.tooLong();
  log(
    `relay: ${form} form posted from ${origin}, not in ALLOWED_ORIGINS: refused, its visitor shown what they typed`,
  );
  return answers.with(formFields(raw)).reply(403, "failed");
}

/** A proof is signed for one form (decision 0056): the form's script names its form. */
async function proof({ spam, now }: Intake, url: URL, cors: Headers): Promise<Response> {
  const proofForm = FORMS.find(([, kind]) => kind === url.searchParams.get("form"))?.[1];
  if (!proofForm)
    return json(
      400,
      { ok: false, error: `name the form: ${proofPath("quote")} or ${proofPath("contact")}` },
      cors,
    );
  return json(200, { token: spam ? await spam.issue("script", proofForm, now().getTime()) : "" }, cors);
}

/** Reading: the body, up to its limit, as fields. */
async function readPost(request: Request, type: string): Promise<Read> {
  const html = type === "application/x-www-form-urlencoded";
  if (type !== "application/json" && !html)
    return {
      kind: "refused",
      error: "send application/json (or a form as application/x-www-form-urlencoded)",
    };
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
