/**
 * Email addresses as the relay hands them to the provider: a bare address
 * (`hello@mail.example.com.au`) or a display name and an address
 * (`Sunny Side Cleaning Co. <hello@mail.example.com.au>`), the two forms
 * Resend takes in `from`, `to` and `reply_to`
 * (https://resend.com/docs/api-reference/emails/send-email: "To include a
 * friendly name, pass the sender as `Name <email@example.com>`"; and its 422
 * "Invalid `to` field. The email address needs to follow the
 * `email@example.com` or `Name <email@example.com>` format",
 * https://github.com/resend/resend-node/issues/286).
 *
 * Nothing that could end a header line gets through: a name or address with a
 * line break or any other control character is refused, never cleaned, so a
 * visitor cannot add a Bcc: or a second To: of their own.
 */
import * as z from "zod/mini";

export interface Mailbox {
  /** The display name, if any: one line, no quotes or angle brackets. */
  name?: string;
  address: string;
}

/**
 * The address rule: zod's email pattern (letters, digits and `_'+-.` before the @, no leading,
 * trailing or doubled dot; a dotted domain ending in at least two letters). Stricter than the
 * HTML5 rule the form uses (which takes `a@b`): Resend publishes no grammar of its own, and an
 * address a mail server would bounce is better refused here, where the reason can be said.
 * 254 characters at the most (RFC 5321's path limit less its angle brackets). zod/mini, as every
 * file the Worker bundles (decision 0062).
 */
const ADDRESS = z.email({ pattern: z.regexes.email }).check(z.maxLength(254));

/** C0 and C1 controls, DEL, and the line and paragraph separators: nothing a header may hold. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/**
 * What a display name must not hold: a control, or a quote, backslash or angle bracket that would change
 * where the address is read.
 */
// eslint-disable-next-line no-control-regex
const NAME_REFUSED = /[\u0000-\u001F\u007F-\u009F\u2028\u2029"\\<>]/;
/** RFC 5322 specials: a name holding any of them is sent quoted. */
const SPECIALS = /[()<>[\]:;@\\,."]/;

export const isAddress = (text: string): boolean => !CONTROLS.test(text) && ADDRESS.safeParse(text).success;

/**
 * `text` read as a mailbox, or why it is not one. Takes `address`, `Name <address>` and
 * `"Name" <address>` (the quotes are dropped; a name may not hold a quote itself).
 */
export function parseMailbox(text: string): { ok: true; mailbox: Mailbox } | { ok: false; problem: string } {
  if (CONTROLS.test(text)) return { ok: false, problem: "holds a line break or another control character" };
  const trimmed = text.trim();
  const named = /^(.*?)\s*<([^<>]*)>$/.exec(trimmed);
  const address = named ? named[2].trim() : trimmed;
  if (!isAddress(address))
    return {
      ok: false,
      problem:
        "is not an email address such as hello@mail.example.com.au or Name <hello@mail.example.com.au>",
    };
  if (!named || named[1] === "") return { ok: true, mailbox: { address } };
  const quoted = /^"(.*)"$/.exec(named[1]);
  const name = (quoted ? quoted[1] : named[1]).trim();
  if (name === "" || NAME_REFUSED.test(name))
    return {
      ok: false,
      problem: "has a display name that is empty or holds a quote, a backslash or an angle bracket",
    };
  return { ok: true, mailbox: { name, address } };
}

/**
 * A mailbox as a header writes it: the name quoted when it holds a special character (RFC 5322, 3.2.3 and
 * 3.4).
 */
export function formatMailbox({ name, address }: Mailbox): string {
  if (name === undefined) return address;
  if (NAME_REFUSED.test(name))
    throw new Error(
      "formatMailbox: a display name must not hold a control, a quote, a backslash or an angle bracket",
    );
  return `${SPECIALS.test(name) ? `"${name}"` : name} <${address}>`;
}

/** The part after the @, lowercased: what the provider checks against its verified domains. */
export const domainOf = (address: string): string =>
  address.slice(address.lastIndexOf("@") + 1).toLowerCase();

/**
 * Providers that ignore dots before the @ (Gmail's help, "Dots don't matter in Gmail addresses"), under the
 * one domain they deliver for.
 */
const DOTS_IGNORED: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * Domains whose subdomain addressing delivers `anything@user.DOMAIN` to `user@DOMAIN`: Fastmail's
 * ("instead of username+whateveryoulike@domain.tld, you can use an address of the form
 * whateveryoulike@username.domain.tld", Fastmail help, "Plus addressing and subdomain addressing",
 * https://www.fastmail.help/hc/en-us/articles/360060591053; for fastmail.fm, "email sent to
 * anything@joecitizen.fastmail.fm will be transformed to joecitizen+anything@fastmail.fm",
 * https://fastmail.com/blog/two-address-resolving-additions). The same works on a personal domain
 * hosted at Fastmail, which the per-domain limit bounds instead (decision 0072).
 */
const SUBDOMAIN_ADDRESSED = ["fastmail.com", "fastmail.fm"];

/**
 * The inbox an address reaches, as the one-confirmation-a-day limit compares addresses: lowercased,
 * the subaddress after a + dropped (RFC 5233; Gmail, Outlook.com, iCloud and Fastmail deliver
 * ann+anything@ to ann@), dots dropped where the provider ignores them, and a Fastmail subdomain
 * address (anything@ann.fastmail.com) read as the inbox it reaches (ann@fastmail.com). Compared as
 * typed, one inbox took a confirmation per spelling, and a script could send the business's
 * emails to someone at the hourly ceiling. Only compared, never sent to: two people sharing a key
 * (ann+x@ and ann+y@ on a provider without subaddresses) are each still answered by the owner.
 */
export function mailboxKey(address: string): string {
  const at = address.lastIndexOf("@");
  let domain = address.slice(at + 1).toLowerCase();
  let local = address.slice(0, at).toLowerCase().split("+")[0];
  const fastmail = SUBDOMAIN_ADDRESSED.find((d) => domain.endsWith(`.${d}`));
  const user = fastmail && domain.slice(0, -fastmail.length - 1);
  if (fastmail && user && !user.includes(".")) [local, domain] = [user, fastmail];
  if (DOTS_IGNORED[domain]) local = local.replaceAll(".", "");
  return `${local}@${DOTS_IGNORED[domain] ?? domain}`;
}

/**
 * Domains anyone can sign up at, where every address is a person's own: nobody receives a whole
 * such domain's mail (no catch-all), so many confirmations a day to one of them are many people,
 * and the per-domain limit would only turn real visitors away; the per-inbox limit still holds
 * there. The largest providers Australians use, and those mailboxKey folds.
 */
const OPEN_DOMAINS = new Set([
  "gmail.com",
  "outlook.com",
  "outlook.com.au",
  "hotmail.com",
  "hotmail.com.au",
  "live.com",
  "live.com.au",
  "msn.com",
  "yahoo.com",
  "yahoo.com.au",
  "icloud.com",
  "me.com",
  "mac.com",
  "bigpond.com",
  "bigpond.net.au",
  "optusnet.com.au",
  "iinet.net.au",
  "tpg.com.au",
  "internode.on.net",
  "fastmail.com",
  "fastmail.fm",
  "proton.me",
  "protonmail.com",
  "aol.com",
]);

/**
 * The domain the per-domain limit counts a confirmation against (the inbox's domain, after
 * mailboxKey's folding), or undefined when it counts against none: a domain anyone can sign up
 * at, or one of `own` (the owner's and the sending address's), whose mail is the business's.
 */
export function limitedDomain(mailbox: string, own: readonly string[]): string | undefined {
  const domain = domainOf(mailbox);
  return OPEN_DOMAINS.has(domain) || own.includes(domain) ? undefined : domain;
}
