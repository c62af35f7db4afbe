/**
 * POST /api/quote and /api/contact, and GET /api/proof (the spam check's
 * token for a form's script): the door they share (the origin, CORS, the
 * method), then a form post's reading (the body, as JSON or as a form) and
 * checking (the rate limit, the forms' own schemas, the spam check). Storing
 * and the answer that follows are keep.ts.
 */
import type { FormKind } from "../../shared/forms/fields.ts";
import type { ContactBody, QuoteBody } from "../../shared/forms/schema.ts";
import { proofPath } from "../../shared/relay-paths.ts";
import { leadId } from "../leads/id.ts";
import { Answers, formFields, json, sameHost } from "./answers.ts";
import { readBody } from "./body.ts";
import { clientKey } from "./client-address.ts";
import { FORMS, type Client, type Fields, type Intake } from "./context.ts";
import { keep, type Checked } from "./keep.ts";
import type { Verdict } from "./spam.ts";
import { refusedAddOns } from "./quote-estimate.ts";

type Refused = {
  kind: "refused";
  status: number;
  extra: Record<string, unknown>;
  headers?: Record<string, string>;
};
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

  const checked = await check(intake, request, client, form, read.fields, answers.html);
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

/** The checks after reading, in order: the rate limit, the form's schema, the spam check. */
async function check(
  { limiter, trustProxy, now, spam, offer, prices, bodies }: Intake,
  request: Request,
  client: Client,
  form: FormKind,
  fields: Fields,
  html: boolean,
): Promise<Checked | Refused> {
  const from = clientKey(request, client?.clientAddress, trustProxy);
  const allowed = await limiter.take(from);
  if (!allowed.ok) {
    return {
      kind: "refused",
      status: 429,
      extra: { error: "too many submissions; try again in a minute" },
      headers: { "Retry-After": String(allowed.retryAfterSeconds) },
    };
  }
  const parsed = bodies[form].safeParse(fields);
  // The add-ons by their own fields, against what the form offers the chosen service (its price table's).
  const addOns =
    form === "quote"
      ? refusedAddOns(offer, prices, fields, typeof fields.service === "string" ? fields.service : "")
      : [];
  const invalid = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0] ?? "body"))),
    ...addOns,
  ].filter((name, i, all) => all.indexOf(name) === i && !(name === "addOns" && addOns.length));
  if (!parsed.success || invalid.length)
    return {
      kind: "refused",
      status: 400,
      extra: { error: "some fields are missing or invalid", fields: invalid },
    };
  const receivedAt = now().getTime();
  const body = parsed.data as QuoteBody & ContactBody;
  const verdict: Verdict = spam
    ? await spam.check({ form, fields, body, scriptless: html }, receivedAt)
    : { kind: "person" };
  // A proof younger than a person could type: a script's is a bot's; a plain form's was sent before its
  // script ran, so it is asked to confirm.
  const settled: Verdict =
    verdict.kind !== "early"
      ? verdict
      : html
        ? { kind: "unproven", reason: verdict.reason }
        : { kind: "spam", reason: verdict.reason };
  return {
    kind: "checked",
    body,
    receivedAt,
    verdict: settled,
    id: await leadId(form, fields.submissionId, body, receivedAt),
    client: from,
  };
}
