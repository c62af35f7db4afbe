import { toHex } from "../hex.ts";

/**
 * The random id a form's script sends with each submission, so the relay
 * stores a repeat (a double click, a retry after a lost answer) only once.
 * crypto.randomUUID exists only on https and localhost pages; elsewhere the
 * same version-4 UUID is made from getRandomValues.
 */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = toHex(b);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
