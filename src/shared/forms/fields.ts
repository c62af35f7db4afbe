/**
 * The two forms' limits, service options and hidden fields, in one place for
 * the islands (browser) and the relay (server); the fields as controls are in
 * form-fields.ts. No zod here: the islands import this file, and the browser
 * needs only the names and limits, not a validator.
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

/** The contact form's Service Type options, value → label: the six services, each named "… Brisbane". */
export const SERVICE_OPTIONS = [
  { value: "bond-cleaning", label: "Bond Cleaning Brisbane" },
  { value: "spring-cleaning", label: "Spring Cleaning Brisbane" },
  { value: "office-cleaning", label: "Office Cleaning Brisbane" },
  { value: "oven-bbq-cleaning", label: "Oven & BBQ Cleaning Brisbane" },
  { value: "house-cleaning", label: "House Cleaning Brisbane" },
  { value: "carpet-cleaning", label: "Carpet Cleaning Brisbane" },
] as const;

export const serviceLabel = (value: string): string | undefined =>
  SERVICE_OPTIONS.find((s) => s.value === value)?.label;

export type FormKind = "quote" | "contact";
