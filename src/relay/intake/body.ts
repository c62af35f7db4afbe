/**
 * Reading a form post's body, up to a limit derived from the fields' own
 * limits: every valid form fits, whatever script it is written in, and
 * nothing much larger is read.
 */
import { HONEYPOT_MAX, LIMITS } from "../../shared/forms/fields.ts";

/**
 * The worst case per character is urlencoded UTF-8: a character of the Basic
 * Multilingual Plane outside ASCII (Chinese, say) is 3 bytes, each written
 * %XX, so 9 bytes for one UTF-16 code unit (what the limits count; an emoji is
 * two units and 12 bytes). JSON escapes are at most 6 bytes a unit. 4 KB more
 * covers field names, the service, the submission id and the proof.
 */
export const MAX_BODY_BYTES = 9 * (Object.values(LIMITS).reduce((a, b) => a + b, 0) + HONEYPOT_MAX) + 4_096;

/** The body as text, or undefined once it passes the limit (read no further). */
export async function readBody(request: Request): Promise<string | undefined> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) return undefined;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return undefined;
    }
    parts.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.byteLength;
  }
  return new TextDecoder().decode(all);
}
