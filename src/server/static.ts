/**
 * Serves a built dist/ as a web-standard fetch handler: `/about-us` and
 * `/about-us/` alike, compressed text, 404.html with status 404 for anything
 * unknown, and the headers the build wrote to dist/_headers. Static hosts do
 * the same; this is what tests and `npm run serve` use.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { headersFor, parseHeadersFile, type HeaderRule } from "./headers-file.ts";

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
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg\+xml)/;

interface Cached {
  body: Uint8Array;
  br?: Uint8Array;
  gzip?: Uint8Array;
  type: string;
}

export function staticHandler(root: string): (request: Request) => Response {
  const cache = new Map<string, Cached>();

  function load(file: string): Cached {
    let entry = cache.get(file);
    if (!entry) {
      const body = readFileSync(file);
      const type = TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
      entry = { body, type };
      if (COMPRESSIBLE.test(type) && body.length > 512) {
        entry.br = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
        entry.gzip = gzipSync(body, { level: 9 });
      }
      cache.set(file, entry);
    }
    return entry;
  }

  /** The file a URL path names, or undefined. Never leaves root. */
  function resolve(pathname: string): string | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    // Hosts read _headers and never serve it.
    if (decoded.includes("\0") || decoded === "/_headers") return undefined;
    const full = path.resolve(root, "." + path.posix.normalize(decoded));
    if (full !== root && !full.startsWith(root + path.sep)) return undefined;
    for (const candidate of [full, path.join(full, "index.html")]) {
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    return undefined;
  }

  let rules: { mtimeMs: number; list: HeaderRule[] } | undefined;
  /** dist/_headers, read again whenever a build has rewritten it. */
  function headerRules(): HeaderRule[] {
    const file = path.join(root, "_headers");
    const mtimeMs = existsSync(file) ? statSync(file).mtimeMs : -1;
    if (rules?.mtimeMs !== mtimeMs) rules = { mtimeMs, list: mtimeMs < 0 ? [] : parseHeadersFile(readFileSync(file, "utf8")) };
    return rules.list;
  }

  return (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
    }
    const { pathname } = new URL(request.url);
    const file = resolve(pathname);
    const status = file ? 200 : 404;
    const entry = load(file ?? path.join(root, "404.html"));
    const headers = new Headers({ "Content-Type": entry.type, Vary: "Accept-Encoding" });
    // A folder's page answers for /about-us as for /about-us/, where the hosts' rules name it.
    const rulePath = file?.endsWith(`${path.sep}index.html`) && !pathname.endsWith("/") && !pathname.endsWith(".html") ? `${pathname}/` : pathname;
    for (const [name, value] of headersFor(headerRules(), rulePath)) headers.append(name, value);
    if (!headers.has("Cache-Control")) headers.set("Cache-Control", entry.type.startsWith("text/html") ? "no-cache" : "public, max-age=3600");
    const accepts = request.headers.get("accept-encoding") ?? "";
    let body = entry.body;
    if (entry.br && /\bbr\b/.test(accepts)) {
      body = entry.br;
      headers.set("Content-Encoding", "br");
    } else if (entry.gzip && /\bgzip\b/.test(accepts)) {
      body = entry.gzip;
      headers.set("Content-Encoding", "gzip");
    }
    headers.set("Content-Length", String(body.length));
    return new Response(request.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), { status, headers });
  };
}
