/**
 * The booking link in a quote email (issue 51, decision 0093): unguessable,
 * signed for one lead and one of its quotes. The token is the lead's id, the
 * quote's number and an HMAC-SHA256 over both, cut to 128 bits, keyed by a
 * secret the relay holds (made once and kept in the lead store, as the spam
 * key is). The signature proves the relay wrote the link; whether it still
 * works (the quote not expired, not superseded by a newer one, the lead not
 * erased) is the store's to say, so nothing in the link has to be trusted
 * but the pair it names.
 *
 * HMAC: RFC 2104, whose section 5 allows a MAC cut to its leftmost bits (not
 * fewer than half the hash's, and not fewer than 80); 128 of SHA-256's 256.
 */
import { BOOKING_PATH } from "../../shared/relay-paths.ts";
import { toBase64url, toHex } from "../../shared/hex.ts";

/** A quote as a link names it: the lead and the quote's number among the lead's (1, 2 …). */
export interface QuoteRef {
  leadId: string;
  seq: number;
}

/** The MAC's length in bytes: 128 bits, 22 characters of base64url. */
const MAC_BYTES = 16;
/** Names what the MAC is for, so a key used for anything else one day cannot make a link. */
const PURPOSE = "booking-link/v1";
/** A lead's id as the relay makes them (leads/id.ts): a UUID, or `form-` and 32 hex digits. */
const LEAD_ID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|form-[0-9a-f]{32})$/;
const TOKEN = /^([0-9a-f-]{36}|form-[0-9a-f]{32})\.([1-9]\d{0,5})\.([\w-]{22})$/;

/** The name the key is kept under in relay_settings. */
export const LINK_KEY_SETTING = "booking-link-key";
/** 32 random bytes as hex: the key a relay makes the first time it signs a link. */
export const newLinkKey = () => toHex(crypto.getRandomValues(new Uint8Array(32)));

export interface LinkSigner {
  /** The token for a quote: `<lead>.<seq>.<mac>`. */
  token(ref: QuoteRef): Promise<string>;
  /** The quote a token names, if the relay signed it; undefined for anything else. */
  read(token: unknown): Promise<QuoteRef | undefined>;
}

export async function linkSigner(key: string): Promise<LinkSigner> {
  const hmac = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(key),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = async ({ leadId, seq }: QuoteRef) =>
    new Uint8Array(
      await crypto.subtle.sign("HMAC", hmac, new TextEncoder().encode(`${PURPOSE}\n${leadId}\n${seq}`)),
    ).slice(0, MAC_BYTES);
  return {
    async token(ref) {
      if (!LEAD_ID.test(ref.leadId) || !Number.isSafeInteger(ref.seq) || ref.seq < 1)
        throw new Error(`no link for lead ${ref.leadId}, quote ${ref.seq}`);
      return `${ref.leadId}.${ref.seq}.${toBase64url(await mac(ref))}`;
    },
    async read(token) {
      const m = typeof token === "string" ? TOKEN.exec(token) : null;
      if (!m || !LEAD_ID.test(m[1])) return undefined;
      const ref = { leadId: m[1], seq: Number(m[2]) };
      // Compared as the one spelling the relay writes, every character looked at: no early exit to time.
      const expected = toBase64url(await mac(ref));
      let differ = 0;
      for (let i = 0; i < expected.length; i++) differ |= expected.charCodeAt(i) ^ m[3].charCodeAt(i);
      return differ === 0 ? ref : undefined;
    },
  };
}

/** The page a token opens, on the relay at `origin` (RELAY_ORIGIN). */
export const bookingUrl = (origin: string, token: string) =>
  `${origin.replace(/\/$/, "")}${BOOKING_PATH}?q=${token}`;
