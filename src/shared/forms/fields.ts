/**
 * The two forms' limits and hidden fields, in one place for the islands
 * (browser) and the relay (server); the fields as controls are in
 * form-fields.ts. The services they offer are the site's
 * (content/services.yaml). No zod here: the islands import this file, and the
 * browser needs only the names and limits, not a validator.
 */

/** Longest value the relay accepts per field; the inputs carry the same maxLength. */
export const LIMITS = {
  name: 200,
  // RFC 5321 caps a mailbox at 254 characters.
  email: 254,
  phone: 200,
  address: 300,
  // Long enough for any real message; the relay splits it across Telegram notices.
  message: 10_000,
} as const;

/**
 * The hidden field that people never see or fill, and form-filling bots do.
 * A plausible name, so bots think it matters.
 */
export const HONEYPOT_FIELD = "website";
/** The longest honeypot value the relay reads (a bot's, to be kept as spam). */
export const HONEYPOT_MAX = 1_000;

/**
 * A service as the forms offer it and the relay names it: what the form posts, and the name the
 * visitor and the owner read (content/services.yaml's formValue and name).
 */
export interface ServiceChoice {
  value: string;
  label: string;
}

/**
 * A posted service's name: the site's name for it, or the value as it came for one the site no longer
 * offers (an old lead of a retired service still says what was asked for).
 */
export const serviceName = (services: readonly ServiceChoice[], value: string): string =>
  services.find((s) => s.value === value)?.label ?? value;

export type FormKind = "quote" | "contact";
