/**
 * Storing a checked form post: the lead and the owner's notice go into the
 * lead store before anything is answered (or the post is found to repeat or
 * confirm one stored before). Once stored, the lead is the relay's to
 * deliver, so stored is success; the route gives delivery a short head start
 * (form-post.ts). Spam is stored too, and answered as a person is.
 */
import { attributionLine, attributionOf } from "../../shared/forms/attribution.ts";
import type { FormKind } from "../../shared/forms/fields.ts";
import type { FormAnswer } from "./answers.ts";
import type { Fields, Intake } from "./context.ts";
import type { Checked } from "./form-check.ts";
import type { Verdict } from "./spam.ts";

/**
 * What storing reads of the intake: the store, the spam check's proofs, the notice with the site's
 * facts bound, the client's share of confirmations, the log.
 */
export type KeepIntake = Pick<Intake, "store" | "spam" | "log" | "notice" | "clientShare">;

/** What storing came to: the answer, and the lead it sends out now, if any. */
export interface Kept {
  answer: FormAnswer;
  /** A lead just made pending: the route gives its delivery a head start before answering. */
  deliver?: string;
}

const SENT: FormAnswer = { kind: "sent" };

/**
 * Stores the lead (or finds the one it repeats or confirms), and says what to answer; `html`: posted
 * without script.
 */
export async function keep(
  intake: KeepIntake,
  form: FormKind,
  fields: Fields,
  { body, receivedAt, verdict, id, client }: Checked,
  html: boolean,
): Promise<Kept> {
  const { store, spam, log } = intake;
  // A script-less visitor without a proof is asked once to confirm; a script without one is a bare POST.
  const confirming = verdict.kind === "unproven" && html;
  const confirmPage = async (): Promise<Kept> => ({
    answer: { kind: "confirm", proof: await spam!.issue("page", form, receivedAt) },
  });
  let spamReason =
    verdict.kind === "spam" || (verdict.kind === "unproven" && !confirming) ? verdict.reason : undefined;
  try {
    const earlier = (await store.get(id.id)) ?? (id.repeatOf ? await store.get(id.repeatOf) : undefined);
    if (earlier) {
      // The confirmation of a script-less post: the lead it confirms goes out now, if its proof was not used
      // for another.
      if (
        earlier.status === "unconfirmed" &&
        verdict.kind === "person" &&
        (await proofIsFor(intake, verdict, earlier.id, receivedAt))
      ) {
        // The share is taken before the lead is pending, so the email pass never confirms it first.
        await shareConfirmation(intake, earlier.id, body.email, client, receivedAt);
        await store.requeue(earlier.id, receivedAt);
        log(`relay: ${form} form: lead ${earlier.id} confirmed by its visitor`);
        return { answer: SENT, deliver: earlier.id };
      }
      log(`relay: ${form} form: a repeat of lead ${earlier.id}; nothing new stored`);
      return confirming ? confirmPage() : { answer: SENT };
    }
    if (verdict.kind === "person" && !(await proofIsFor(intake, verdict, id.id, receivedAt)))
      spamReason = "a proof already used for another lead";
    const attribution = attributionOf(fields);
    const { parts, estimate } = intake.notice(form, body, receivedAt, attributionLine(attribution));
    const status = confirming ? "unconfirmed" : spamReason ? "spam" : "pending";
    // Before the lead is stored: the email pass, which runs apart, must not confirm it before the share says.
    if (status === "pending") await shareConfirmation(intake, id.id, body.email, client, receivedAt);
    const quote = form === "quote" ? { details: body, estimate } : undefined;
    await store.add({
      id: id.id,
      form,
      fields: body,
      parts,
      receivedAt,
      status,
      spamReason,
      attribution,
      quote,
    });
  } catch (error) {
    log(`relay: ${form} form NOT stored, the visitor was asked to try again: ${(error as Error).message}`);
    return {
      answer: {
        kind: "refused",
        status: 503,
        extra: { error: "the message could not be stored; try again" },
      },
    };
  }
  if (confirming) {
    log(`relay: ${form} form without a proof (no script?): kept as lead ${id.id} and asked to confirm`);
    return confirmPage();
  }
  if (spamReason) {
    // Answered as sent: a bot learns nothing from the answer.
    log(`relay: ${form} form stopped as spam (${spamReason}); kept as lead ${id.id}`);
    return { answer: SENT };
  }
  log(`relay: ${form} form stored as lead ${id.id}`);
  return { answer: SENT, deliver: id.id };
}

/**
 * With email on, a lead its visitor will be confirmed for takes one of its client's share of the
 * hour's confirmations; past the share, its confirmation is recorded not sent, here, because only
 * the intake knows the client (the store keeps no address with a lead), and before the lead is
 * pending, since the email pass records a confirmation for any pending lead without one. A store
 * that fails here costs the visitor a confirmation at most, never the lead.
 */
async function shareConfirmation(
  { store, clientShare, log }: KeepIntake,
  id: string,
  email: string,
  client: string,
  at: number,
): Promise<void> {
  if (!clientShare || client === "unknown") return;
  try {
    if (await store.emails.takeClientShare(client, at, clientShare)) return;
    await store.emails.recordNotSent(
      id,
      "visitor-confirmation",
      email,
      `not sent: this client's share of the hour's confirmations was used (${clientShare}, a quarter of EMAIL_CONFIRMATIONS_PER_HOUR)`,
      at,
    );
  } catch (error) {
    log(
      `relay: lead ${id}: the client's share of confirmations could not be counted: ${(error as Error).message}`,
    );
  }
}

/** A proof is good for one lead: true when this one's was unused, or used for this lead (a repeat). */
async function proofIsFor({ store }: KeepIntake, verdict: Verdict, id: string, at: number): Promise<boolean> {
  if (verdict.kind !== "person" || !verdict.signature) return true;
  return (await store.proofs.use(verdict.signature, id, at)) === id;
}
