/**
 * The Resend stand-in's Send Email, past the door (door.ts): the body read as
 * JSON, the Idempotency-Key (the same body answered with the first id and no
 * second email, another body 409), each field checked as Send Email's page
 * describes it, and the email recorded.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { DeliveredEmail, EmailRequest } from "./api.ts";
import {
  addressList,
  canonical,
  CONTROLS,
  everyStringWellFormed,
  fail,
  FIELDS,
  HEADER_NAME,
  mailboxAddress,
  MAX_TO,
  MESSAGES,
  mine,
  TAG,
  type Core,
  type KeyEntry,
  type Reply,
} from "./core.ts";

/** Everything after the door: the key, the body's checks, the email. */
export async function accept(
  c: Core,
  req: IncomingMessage,
  raw: Buffer | undefined,
  record: EmailRequest,
  answerDelayMs: number | undefined,
): Promise<Reply> {
  if (raw === undefined)
    return mine(
      422,
      "validation_error",
      `the request is larger than ${c.maxEmailBytes} bytes (Send Email: "max 40MB per email")`,
    );
  if (!/^application\/json\s*(;|$)/i.test(req.headers["content-type"] ?? ""))
    return mine(400, "validation_error", "expected Content-Type: application/json");
  let text: string;
  let body: unknown;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(raw);
    body = JSON.parse(text);
  } catch {
    return mine(400, "validation_error", "the body is not UTF-8 JSON");
  }
  if (!body || typeof body !== "object" || Array.isArray(body))
    return mine(422, "validation_error", "the body is not a JSON object");

  // Idempotency Keys, Possible responses: checked before anything else is done with the request.
  const key = record.idempotencyKey;
  if (key !== undefined && (key.length < 1 || key.length > 256))
    return fail(400, "invalid_idempotency_key", MESSAGES.badKey);
  const at = c.now();
  for (const [k, entry] of c.state.keys) if (entry.expiresAt <= at) c.state.keys.delete(k);
  const entry = key === undefined ? undefined : c.state.keys.get(key);
  const sameBody = canonical(body);
  if (entry) {
    if (entry.body !== sameBody) return fail(409, "invalid_idempotent_request", MESSAGES.keyReused);
    if (entry.id === undefined) return fail(409, "concurrent_idempotent_requests", MESSAGES.concurrent);
    record.replayed = true;
    return { status: 200, body: JSON.stringify({ id: entry.id }) };
  }

  const problem = check(c, body as Record<string, unknown>);
  if (problem) return problem;
  const b = body as Record<string, unknown>;
  const id = randomUUID();
  // "checks whether an email with the same idempotency key has already been sent": the key is
  // kept for an email accepted, not for a request refused (which may be made again, corrected).
  const kept: KeyEntry | undefined =
    key === undefined ? undefined : { body: sameBody, expiresAt: at + c.idempotencyTtlMs };
  if (key !== undefined && kept) c.state.keys.set(key, kept);
  c.state.delivered.push({
    id,
    idempotencyKey: key,
    from: b.from as string,
    to: addressList(b.to)!,
    cc: addressList(b.cc) ?? [],
    bcc: addressList(b.bcc) ?? [],
    replyTo: addressList(b.reply_to) ?? [],
    subject: b.subject as string,
    text: b.text as string | undefined,
    html: b.html as string | undefined,
    headers: b.headers as Record<string, string> | undefined,
    tags: b.tags as DeliveredEmail["tags"],
  });
  // Until the answer is written, the same key is "another request in progress".
  if (answerDelayMs) await c.sleep(answerDelayMs);
  if (kept) kept.id = id;
  return { status: 200, body: JSON.stringify({ id }) };
}

/** Send Email's fields, each as its page describes it; the first problem found. */
function check(c: Core, b: Record<string, unknown>): Reply | undefined {
  for (const field of Object.keys(b))
    if (!FIELDS.has(field)) return mine(422, "validation_error", `\`${field}\` is not a field of Send Email`);
  if (!everyStringWellFormed(b))
    return mine(422, "validation_error", "a string holds a lone surrogate (not UTF-8)");
  for (const field of ["from", "to", "subject"])
    if (b[field] === undefined || b[field] === null)
      return fail(422, "missing_required_field", MESSAGES.missing(field));
  if (b.template !== undefined) return mine(422, "validation_error", "templates are not simulated");
  if (typeof b.from !== "string") return fail(422, "validation_error", MESSAGES.invalidAddress("from"));
  const fromAddress = mailboxAddress(b.from);
  if (!fromAddress) return fail(422, "validation_error", MESSAGES.invalidAddress("from"));
  for (const field of ["to", "cc", "bcc", "reply_to"]) {
    if (b[field] === undefined) continue;
    const list = addressList(b[field]);
    if (!list || (field === "to" && list.length === 0) || list.some((a) => !mailboxAddress(a)))
      return fail(422, "validation_error", MESSAGES.invalidAddress(field));
    if (field === "to" && list.length > MAX_TO)
      return mine(
        422,
        "validation_error",
        `\`to\` has ${list.length} recipients; Send Email takes 50 at the most`,
      );
  }
  if (typeof b.subject !== "string") return mine(422, "validation_error", "`subject` must be a string");
  if (CONTROLS.test(b.subject))
    return mine(422, "validation_error", "`subject` holds a line break or another control character");
  for (const field of ["html", "text", "scheduled_at", "topic_id"])
    if (b[field] !== undefined && typeof b[field] !== "string")
      return mine(422, "validation_error", `\`${field}\` must be a string`);
  // hexdocs.pm/resend (Resend.Emails.send): "You must include one or both of the :html and :text options."
  if (b.html === undefined && b.text === undefined)
    return mine(422, "validation_error", "an email needs `html`, `text` or both");
  const extra = checkExtras(b);
  if (extra) return extra;
  // Errors, validation_error (403): the `from` must be on a domain the account verified.
  const domain = fromAddress.slice(fromAddress.lastIndexOf("@") + 1).toLowerCase();
  if (!c.state.verified.has(domain)) return fail(403, "validation_error", MESSAGES.unverified(domain));
  return undefined;
}

/** Send Email's optional parts: headers, tags and attachments, each as its page describes it. */
function checkExtras(b: Record<string, unknown>): Reply | undefined {
  if (b.headers !== undefined) {
    const h = b.headers;
    if (!h || typeof h !== "object" || Array.isArray(h))
      return mine(422, "validation_error", "`headers` must be an object of strings");
    for (const [name, value] of Object.entries(h)) {
      if (!HEADER_NAME.test(name) || typeof value !== "string" || CONTROLS.test(value))
        return mine(
          422,
          "validation_error",
          `the header ${JSON.stringify(name)} is not a header name with a one-line string value`,
        );
    }
  }
  if (b.tags !== undefined) {
    const tags = b.tags;
    if (
      !Array.isArray(tags) ||
      !tags.every(
        (t) =>
          t &&
          typeof t === "object" &&
          typeof t.name === "string" &&
          typeof t.value === "string" &&
          TAG.test(t.name) &&
          TAG.test(t.value) &&
          Object.keys(t).length === 2,
      )
    ) {
      return mine(
        422,
        "validation_error",
        "each tag is { name, value }, each of ASCII letters, digits, _ or -, 1 to 256 characters",
      );
    }
  }
  if (b.attachments !== undefined) {
    if (!Array.isArray(b.attachments)) return mine(422, "validation_error", "`attachments` must be an array");
    if (
      b.attachments.some(
        (a) => !a || typeof a !== "object" || (a.content === undefined && a.path === undefined),
      )
    )
      return fail(422, "invalid_attachment", MESSAGES.attachment);
  }
  return undefined;
}
