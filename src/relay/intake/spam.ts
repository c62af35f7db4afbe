/**
 * The spam check (decision 0005): cheap layers, none of which loses what a
 * person typed. What it stops is stored with status spam and the reason, and
 * answered exactly as a person's post is, so a bot learns nothing.
 *
 * - the honeypot: a field people never see, that form-filling bots fill;
 * - a proof that the post came from the page: a token signed by the relay,
 *   which the form's script fetches when it wakes, or which the relay's own
 *   page carries when it asks a script-less visitor to press Send once more;
 *   a bare POST that never loaded a page has none. Each proof is signed for
 *   one form, and a page's only for a post without script (decision 0056).
 *   Each is good for one lead (and its repeats): a second lead with it is
 *   stopped (keep.ts, the lead store's used_proofs, keyed by the signature's
 *   one spelling), and the form's script fetches a new one after each send;
 * - a time trap: a proof younger than a person could have typed (3 s for the
 *   script's, 1 s for the confirmation page's) is a bot's;
 * - content signs: a link in the name, more than three links, or a message
 *   that is nothing but links.
 */
import { HONEYPOT_FIELD, type FormKind } from "../../shared/forms/fields.ts";
import { SCRIPT_PROOF_MIN_AGE_MS } from "../../shared/forms/proof-field.ts";
import type { RelayConfig } from "../config.ts";
import { MAX_PROOF_AGE_MS } from "../leads/memory.ts";
import type { LeadStore } from "../leads/store.ts";
import { toBase64url, toHex } from "../../shared/hex.ts";

export type ProofKind = "script" | "page";
export const MIN_PROOF_AGE_MS: Record<ProofKind, number> = { script: SCRIPT_PROOF_MIN_AGE_MS, page: 1_000 };
const MAX_LINKS = 3;

/**
 * early: a proof younger than a person could have typed; for a script that is a bot, for a plain form post
 * (sent before its script ran) it is asked to confirm. person: `signature` names the proof it carried (its
 * MAC, in the one spelling the relay writes), which is good for one lead.
 */
export type Verdict =
  | { kind: "person"; signature?: string }
  | { kind: "spam"; reason: string }
  | { kind: "unproven"; reason: string }
  | { kind: "early"; reason: string };

/**
 * A post to be checked: the form it was posted to, its fields as read and as parsed, and whether it came
 * without script (urlencoded).
 */
export interface CheckedPost {
  form: FormKind;
  fields: Record<string, unknown>;
  body: Record<string, string>;
  scriptless: boolean;
}

export interface SpamGuard {
  /**
   * A proof for one form: `script` for the form's script (GET /api/proof?form=…), `page` for the relay's own
   * confirmation page.
   */
  issue(kind: ProofKind, form: FormKind, now: number): Promise<string>;
  check(post: CheckedPost, now: number): Promise<Verdict>;
}

const LINK = /\b(?:https?:\/\/|www\.)\S+/gi;
const HAS_LINK = /\b(?:https?:\/\/|www\.)\S+/i;

/** The content signs alone, in order of certainty. */
export function contentSigns(body: Record<string, string>): string | undefined {
  if ((body[HONEYPOT_FIELD] ?? "") !== "") return "honeypot filled";
  if (HAS_LINK.test(body.name ?? "")) return "a link in the name";
  const message = body.message ?? "";
  const links = message.match(LINK) ?? [];
  if (links.length > MAX_LINKS) return `${links.length} links in the message`;
  if (links.length > 0 && message.replace(LINK, "").trim() === "") return "a message of links only";
  return undefined;
}

export async function spamGuard(key: string): Promise<SpamGuard> {
  const hmac = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(key),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  const bytes = (text: string) => new TextEncoder().encode(text);
  const sign = async (payload: string) =>
    toBase64url(new Uint8Array(await crypto.subtle.sign("HMAC", hmac, bytes(payload))));
  // crypto.subtle.verify compares in constant time.
  const verify = async (payload: string, mac: string) => {
    const signature = fromBase64url(mac);
    return signature !== undefined && crypto.subtle.verify("HMAC", hmac, signature, bytes(payload));
  };

  return {
    async issue(kind, form, now) {
      // A random part: two visitors given a proof in the same millisecond get two proofs, each good for one
      // lead.
      const payload = `${now}.${kind}.${form}.${toHex(crypto.getRandomValues(new Uint8Array(8)))}`;
      return `${payload}.${await sign(payload)}`;
    },
    async check({ form, fields, body, scriptless }, now) {
      const signs = contentSigns(body);
      if (signs) return { kind: "spam", reason: signs };
      const proof = fields.proof;
      if (typeof proof !== "string" || proof === "")
        return { kind: "unproven", reason: "no proof the form was loaded" };
      // issued.kind.form.nonce.signature. A proof of an older shape (without its form) is refused as
      // unsigned: it had a day to live.
      const parts = proof.split(".");
      const [issued, kind, signedFor, nonce, mac] = parts;
      const shape =
        parts.length === 5 &&
        /^\d+$/.test(issued) &&
        (kind === "script" || kind === "page") &&
        (signedFor === "quote" || signedFor === "contact") &&
        /^[0-9a-f]{16}$/.test(nonce);
      if (!shape || !(await verify(parts.slice(0, -1).join("."), mac)))
        return { kind: "unproven", reason: "a proof the relay did not sign" };
      if (signedFor !== form) return { kind: "unproven", reason: `a proof for the ${signedFor} form` };
      // The confirmation page's proof has the shorter time trap, for a person pressing Send on that page; a
      // script never needs it.
      if (kind === "page" && !scriptless)
        return { kind: "spam", reason: "a confirmation page's proof sent by a script" };
      const age = now - Number(issued);
      if (age > MAX_PROOF_AGE_MS) return { kind: "unproven", reason: "a stale proof" };
      if (age < MIN_PROOF_AGE_MS[kind])
        return {
          kind: "early",
          reason: `sent ${Math.max(0, age)} ms after the form was ${kind === "script" ? "opened" : "shown again"}`,
        };
      return { kind: "person", signature: mac };
    },
  };
}

/**
 * A 32-byte MAC from its one base64url spelling, the one toBase64url writes. The last of its 43
 * characters carries 4 bits of the MAC and 2 spare bits that atob ignores, so 4 spellings decode
 * to the same bytes: each spelling but the relay's own is refused, so no proof has a second name.
 */
function fromBase64url(text: string | undefined): Uint8Array<ArrayBuffer> | undefined {
  if (text === undefined || !/^[\w-]{43}$/.test(text)) return undefined;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=");
  const mac = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return toBase64url(mac) === text ? mac : undefined;
}

/**
 * The spam check the settings ask for: signed with SPAM_KEY, else with a key made once and kept in the lead
 * store; none with SPAM_CHECKS=off.
 */
export async function spamGuardFor(
  config: Pick<RelayConfig, "SPAM_CHECKS" | "SPAM_KEY">,
  store: LeadStore,
): Promise<SpamGuard | undefined> {
  if (config.SPAM_CHECKS !== "on") return undefined;
  return spamGuard(config.SPAM_KEY ?? (await store.settings.kept("spam-key", newSpamKey)));
}

/** 32 random bytes as hex: the signing key a relay keeps in its store when SPAM_KEY is not set. */
function newSpamKey(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}
