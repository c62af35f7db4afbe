/**
 * The bodies the two forms post, checked by the relay. The islands send
 * exactly these fields (names from fields.ts); browsers check `required` and
 * `type=email` before sending, and this is the same check on the server.
 */
import { z } from "zod";
import { HONEYPOT_FIELD, HONEYPOT_MAX, LIMITS, SERVICE_OPTIONS } from "./fields.ts";

/** Bidirectional controls, which could make a line read backwards in the owner's chat. */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/g;
/** Characters that show nothing: a value made only of these (and spaces) is empty. */
const INVISIBLE = /[\s\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF\u202A-\u202E\u2066-\u2069]/g;

/**
 * A one-line field (name, email, phone, address) stays one line in the
 * notice: line breaks become spaces, so no one can forge an "Email:" line,
 * and bidirectional controls are removed.
 */
const oneLine = (s: string) => s.replace(/[\r\n\u0085\u2028\u2029\v\f]+/g, " ").replace(BIDI, "");
const visible = (s: string) => s.replace(INVISIBLE, "") !== "";

const optional = (max: number) => z.string().max(max).transform(oneLine).optional().default("");
const required = (max: number) =>
  z
    .string()
    .max(max)
    .transform(oneLine)
    .refine(visible, { error: "required" });
/** The message: as typed, line breaks and all. */
const optionalText = (max: number) => z.string().max(max).optional().default("");
const requiredText = (max: number) => z.string().max(max).refine(visible, { error: "required" });
// The same rule as a browser's type=email, so anything a browser lets through is accepted.
// Its pattern already refuses line breaks and controls.
const email = z
  .string()
  .trim()
  .max(LIMITS.email)
  .pipe(z.email({ pattern: z.regexes.html5Email }));

const honeypot = { [HONEYPOT_FIELD]: z.string().max(HONEYPOT_MAX).optional().default("") };

// z.object drops unknown keys, so extra fields a client adds are ignored.
export const QuoteBody = z.object({
  name: required(LIMITS.name),
  email,
  phone: optional(LIMITS.phone),
  address: optional(LIMITS.address),
  message: optionalText(LIMITS.message),
  ...honeypot,
});
export type QuoteBody = z.infer<typeof QuoteBody>;

const serviceValues = SERVICE_OPTIONS.map((s) => s.value) as [string, ...string[]];
export const ContactBody = z.object({
  name: required(LIMITS.name),
  email,
  phone: optional(LIMITS.phone),
  // "" is the "Select a service" option.
  service: z.union([z.literal(""), z.enum(serviceValues)]).optional().default(""),
  message: requiredText(LIMITS.message),
  ...honeypot,
});
export type ContactBody = z.infer<typeof ContactBody>;

export const BODIES = { quote: QuoteBody, contact: ContactBody } as const;
