/**
 * A file of a built dist/ as the static handler sends it: its bytes, its type, and for text its
 * Brotli and gzip copies, read and compressed once per process and again only when a build has
 * rewritten it.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  // The image decoders the CMS at /admin/ loads on demand.
  ".wasm": "application/wasm",
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml|wasm)|image\/svg\+xml)/;

export interface StaticFile {
  /**
   * The file as it was read: a rebuild writes new files (a new dist/, swapped in), so a changed one is read
   * again.
   */
  version: string;
  /** A weak validator from the bytes: the same after a rebuild that left the file as it was. */
  etag: string;
  body: Uint8Array;
  br?: Uint8Array;
  gzip?: Uint8Array;
  type: string;
}

/**
 * Files as read and compressed, by path, for every handler in the process: a test run starts a
 * handler per test file on the same dist/ (docs/performance-log.md, "Test time").
 */
const cache = new Map<string, StaticFile>();

/**
 * Brotli's quality 5, as a host that compresses on request would choose, not its best (11): on the
 * whole of dist/ 11 took 4 s of CPU for a tenth fewer bytes than 5's 60 ms (docs/performance-log.md,
 * "Test time"), and every test run's servers paid it 3 or 4 times. The byte budgets measure gzip
 * on their own (src/testing/budgets.ts), not what this server sends.
 */
const BROTLI_QUALITY = 5;

export function loadFile(file: string): StaticFile {
  const { ino, size, mtimeMs } = statSync(file);
  const version = `${ino}:${size}:${mtimeMs}`;
  let entry = cache.get(file);
  if (entry?.version !== version) {
    const body = readFileSync(file);
    const type = TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
    entry = {
      version,
      body,
      type,
      etag: `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`,
    };
    if (COMPRESSIBLE.test(type) && body.length > 512) {
      entry.br = brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
      entry.gzip = gzipSync(body, { level: 9 });
    }
    cache.set(file, entry);
  }
  return entry;
}

/**
 * Whether Accept-Encoding takes `coding` (RFC 9110, 12.5.3): named, or matched by *, with a weight
 * above 0 (q=0 is "not acceptable"); names compared in any case.
 */
function accepts(acceptEncoding: string, coding: string): boolean {
  const weights = new Map<string, number>();
  for (const item of acceptEncoding.split(",")) {
    const [name, ...params] = item.split(";").map((part) => part.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith("q="));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  return (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
}

/**
 * The copy to send for a request's Accept-Encoding, and its Content-Encoding (none for the file as it is).
 */
export function encodingFor(
  entry: StaticFile,
  acceptEncoding: string,
): { body: Uint8Array; encoding?: "br" | "gzip" } {
  if (entry.br && accepts(acceptEncoding, "br")) return { body: entry.br, encoding: "br" };
  if (entry.gzip && accepts(acceptEncoding, "gzip")) return { body: entry.gzip, encoding: "gzip" };
  return { body: entry.body };
}

/**
 * Whether If-None-Match names this file (RFC 9110, 13.1.2: weak comparison, or *): the browser's
 * copy is current, and a 304 saves sending it again. Pages are no-cache, so each visit asks.
 */
export function unchanged(entry: StaticFile, ifNoneMatch: string | null): boolean {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch
    .split(",")
    .some((tag) => tag.trim().replace(/^W\//, "") === entry.etag.replace(/^W\//, ""));
}
