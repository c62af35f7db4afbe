/**
 * The spam check's proof that this page loaded the form (decision 0005), in
 * the form's hidden proof field. The loader fetches it when the visitor first
 * reaches the form, without React, so a form posted before its island runs
 * carries it too; the island sends the same one. Browser code.
 */
import { PROOF_FIELD } from "../../shared/forms/proof-field.ts";
import type { FormKind } from "../../shared/forms/fields.ts";
import { FORM_PATHS, proofPath } from "../../shared/relay-paths.ts";

export type Proof = { token: string; at: number };

/**
 * A proof older than this is fetched again before sending (the relay accepts one for a day, and for one
 * lead).
 */
const FRESH_MS = 60 * 60_000;
const pending = new WeakMap<HTMLInputElement, Promise<Proof | null>>();

export function proofFor(form: HTMLFormElement): Promise<Proof | null> {
  const input = form.querySelector<HTMLInputElement>(`input[name="${PROOF_FIELD}"]`);
  if (!input) return Promise.resolve(null);
  const at = Number(input.dataset.fetchedAt);
  if (input.value && at && Date.now() - at < FRESH_MS) return Promise.resolve({ token: input.value, at });
  let proof = pending.get(input);
  if (!proof || (at && Date.now() - at >= FRESH_MS)) {
    proof = fetchInto(input, form);
    pending.set(input, proof);
  }
  return proof;
}

/**
 * After a send: the proof just used is good for no other lead, so the next message from this page
 * gets a new one, fetched now so that it has aged past the time trap by the time it is sent.
 */
export function renewProof(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>(`input[name="${PROOF_FIELD}"]`);
  if (!input) return;
  input.value = "";
  delete input.dataset.fetchedAt;
  pending.delete(input);
  void proofFor(form);
}

async function fetchInto(input: HTMLInputElement, form: HTMLFormElement): Promise<Proof | null> {
  try {
    // A proof is signed for one form: the one this form posts to.
    const action = new URL(form.action).pathname;
    const kind = (Object.keys(FORM_PATHS) as FormKind[]).find((k) => action.endsWith(FORM_PATHS[k]));
    if (!kind) throw new Error("not a relay form");
    const response = await fetch(new URL(proofPath(kind), form.action), {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(10_000),
    });
    const { token } = (await response.json()) as { token?: unknown };
    if (typeof token !== "string") throw new Error("no proof");
    // An empty token: the relay's spam check is off (SPAM_CHECKS=off) and asks for none.
    if (token === "") return { token, at: 0 };
    const proof = { token, at: Date.now() };
    input.value = token;
    input.dataset.fetchedAt = String(proof.at);
    return proof;
  } catch {
    // The form's script then tells the visitor the send failed (a script-less post is asked to confirm); the
    // next try fetches again.
    pending.delete(input);
    return null;
  }
}
