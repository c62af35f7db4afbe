/**
 * The bodies the two forms post, checked by the relay. The islands send
 * exactly these fields (names from fields.ts); browsers check `required` and
 * `type=email` before sending, and this is the same check on the server.
 */
import { z } from "zod";
import { HONEYPOT_FIELD, LIMITS, SERVICE_OPTIONS } from "./fields.ts";

const optional = (max: number) => z.string().max(max).optional().default("");
const required = (max: number) =>
  z.string().max(max).refine((s) => s.trim() !== "", { error: "required" });
// The same rule as a browser's type=email, so anything a browser lets through is accepted.
const email = z
  .string()
  .trim()
  .max(LIMITS.email)
  .pipe(z.email({ pattern: z.regexes.html5Email }));

const honeypot = { [HONEYPOT_FIELD]: z.string().max(1_000).optional().default("") };

// z.object drops unknown keys, so extra fields a client adds are ignored.
export const QuoteBody = z.object({
  name: required(LIMITS.name),
  email,
  phone: optional(LIMITS.phone),
  address: optional(LIMITS.address),
  message: optional(LIMITS.message),
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
  message: required(LIMITS.message),
  ...honeypot,
});
export type ContactBody = z.infer<typeof ContactBody>;

export const BODIES = { quote: QuoteBody, contact: ContactBody } as const;
