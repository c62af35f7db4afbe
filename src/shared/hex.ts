/**
 * Bytes as base64url without padding (RFC 4648 §5): a signature or secret that travels in a URL or header.
 */
export function toBase64url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Bytes as lowercase hexadecimal, two digits a byte. */
export const toHex = (bytes: Uint8Array): string =>
  [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

/** The first `bytes` bytes of a text's SHA-256, as hex: a short name that is the same for the same text. */
export async function sha256Hex(text: string, bytes: number): Promise<string> {
  return toHex(
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))).slice(0, bytes),
  );
}
