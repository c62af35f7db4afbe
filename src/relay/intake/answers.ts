/**
 * Answering a form door's request (form-post.ts), once it is decided what happened: JSON for a
 * script, a page for a form posted without one (page.ts), refusals included. The page shows what
 * the visitor typed and links back only to this site (where form-post.ts's backLink says).
 */
import { HONEYPOT_FIELD, type FormKind } from "../../shared/forms/fields.ts";
import { failure, SUCCESS } from "../../shared/forms/texts.ts";
import { MAX_BODY_BYTES } from "./body.ts";
import type { Fields, Intake } from "./context.ts";
import { CONFIRM_NOTICE, resultPage, tooLongNotice, type ResultPage } from "./page.ts";
import { RELAY_PAGE_CSP } from "../page-policy.ts";

/** A page's mode (page.ts): refused is a post too long to read. */
type Mode = ResultPage["mode"];

/** A request refused: its status, what the answer adds, and the headers that go with it. */
export type Refused = {
  kind: "refused";
  status: number;
  extra: Record<string, unknown>;
  headers?: Record<string, string>;
};

/**
 * What happened to a request at the form door, as form-post.ts decided it: a CORS preflight, a proof's
 * token, a body over the limit (never read), a post sent (stored, or stopped as spam and answered as
 * sent), a post to confirm with a new proof, or a refusal.
 */
export type FormAnswer =
  | { kind: "preflight"; methods: string }
  | { kind: "token"; token: string }
  | { kind: "too long" }
  | { kind: "sent" }
  | { kind: "confirm"; proof: string }
  | Refused;

/** What the answer says of the site: the phone in its notices, and how the page draws the form again. */
export type AnswerSite = Pick<Intake, "phone" | "emailNotice" | "offer" | "colours">;

/** The request as its answer needs it. */
export interface Asked {
  form: FormKind;
  /** Where the page's form posts again: this path. */
  action: string;
  /** Every answer's CORS headers. */
  cors: Headers;
  /**
   * A form posted without script: every answer to it is a page, holding what the visitor typed (none when
   * the body was not read), with a link back (backLink).
   */
  page?: Shown;
}

/** What a page shows of the post: what the visitor typed, and where "Back to the site" leads. */
interface Shown {
  fields: Fields;
  back: string;
}

/** The one answer to a request at the form door. */
export function formResponse(site: AnswerSite, asked: Asked, answer: FormAnswer): Response {
  if (answer.kind === "preflight") {
    const headers = new Headers(asked.cors);
    headers.set("Access-Control-Allow-Methods", answer.methods);
    headers.set("Access-Control-Allow-Headers", "Content-Type");
    headers.set("Access-Control-Max-Age", "86400");
    return new Response(null, { status: 204, headers });
  }
  if (answer.kind === "token") return json(200, { token: answer.token }, asked.cors);
  const { status, mode, extra = {}, headers = {}, proof } = said(answer);
  if (asked.page) {
    // A refusal that names fields (the forms' check, 400) shows each under its field.
    const invalid = Array.isArray(extra.fields) ? extra.fields.map(String) : undefined;
    return page(site, asked, asked.page, status, mode, headers, proof, invalid);
  }
  const h = new Headers(asked.cors);
  for (const [name, value] of Object.entries(headers)) h.set(name, value);
  return json(status, { ok: mode === "sent", ...extra }, h);
}

/** What an answer to a post says: its status, its page's mode, what its JSON adds, its headers. */
function said(answer: Exclude<FormAnswer, { kind: "preflight" | "token" }>): {
  status: number;
  mode: Mode;
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
  proof?: string;
} {
  switch (answer.kind) {
    case "sent":
      return { status: 200, mode: "sent" };
    case "confirm":
      return { status: 200, mode: "confirm", proof: answer.proof };
    case "refused":
      return { status: answer.status, mode: "failed", extra: answer.extra, headers: answer.headers };
    case "too long":
      // Its body was never read: the page has the notice only, and the connection is not kept for the rest.
      return {
        status: 413,
        mode: "refused",
        extra: { error: `the body is larger than ${Math.round(MAX_BODY_BYTES / 1024)} KB` },
        headers: { Connection: "close" },
      };
  }
}

/**
 * The page a script-less post gets: the notice and, unless sent, the form again holding what the visitor
 * typed.
 */
function page(
  site: AnswerSite,
  { form, action, cors }: Asked,
  { fields, back }: Shown,
  status: number,
  mode: Mode,
  extra: Record<string, string>,
  proof?: string,
  invalid?: readonly string[],
): Response {
  const values = Object.fromEntries(
    Object.entries(fields).filter(([k, v]) => typeof v === "string" && k !== HONEYPOT_FIELD),
  ) as Record<string, string>;
  const notice = {
    sent: SUCCESS[form],
    failed: failure(form, site.phone),
    confirm: CONFIRM_NOTICE,
    refused: tooLongNotice(form, site.phone),
  }[mode];
  const h = new Headers(cors);
  for (const [name, value] of Object.entries(extra)) h.set(name, value);
  h.set("Content-Type", "text/html; charset=utf-8");
  h.set("Cache-Control", "no-store");
  h.set("Content-Security-Policy", RELAY_PAGE_CSP);
  return new Response(
    resultPage({
      form,
      mode,
      notice,
      values,
      action,
      back,
      proof,
      emailNotice: site.emailNotice,
      invalid,
      offer: site.offer,
      colours: site.colours,
    }),
    { status, headers: h },
  );
}

/** A JSON answer that no cache keeps and no browser sniffs as anything else. */
export function json(status: number, body: unknown, headers = new Headers()): Response {
  const h = new Headers(headers);
  h.set("Content-Type", "application/json; charset=utf-8");
  h.set("Cache-Control", "no-store");
  h.set("X-Content-Type-Options", "nosniff");
  return new Response(JSON.stringify(body), { status, headers: h });
}
