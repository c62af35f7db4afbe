/**
 * A form post's checks after reading (form-post.ts), in order: the rate limit,
 * the form's own schema with its add-ons, the spam check. What passes goes on
 * to be stored (keep.ts) with its lead's id; what does not is refused with
 * its status and what to say.
 */
import type { FormKind } from "../../shared/forms/fields.ts";
import type { Refused } from "./answers.ts";
import type { ContactBody, QuoteBody } from "../../shared/forms/schema.ts";
import { leadId } from "../leads/id.ts";
import { clientKey } from "./client-address.ts";
import type { Client, Fields, Intake } from "./context.ts";
import type { Verdict } from "./spam.ts";
import { refusedAddOns } from "./quote-estimate.ts";

/**
 * A post that passed the checks (checkPost): its parsed body, when it came, the spam check's verdict and
 * its lead's id.
 */
export interface Checked {
  kind: "checked";
  body: QuoteBody & ContactBody;
  receivedAt: number;
  verdict: Verdict;
  id: { id: string; repeatOf?: string };
  /** Who posted it, as the rate limit counts clients (clientKey): "unknown" when the host could not tell. */
  client: string;
}

/** What the checks read of the intake: the limiter and the proxies, the forms' checks, the spam check. */
export type CheckIntake = Pick<
  Intake,
  "limiter" | "trustProxy" | "now" | "spam" | "offer" | "prices" | "bodies"
>;

/** The checks after reading, in order: the rate limit, the form's schema, the spam check. */
export async function checkPost(
  { limiter, trustProxy, now, spam, offer, prices, bodies }: CheckIntake,
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
