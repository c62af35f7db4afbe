/**
 * Serves a built dist/ as a web-standard fetch handler: `/about-us` and
 * `/about-us/` alike, compressed text, 404.html with status 404 for anything
 * unknown, and the headers the build wrote to dist/_headers. Static hosts do
 * the same; this is what tests and `npm run serve` use. Only the pages and
 * assets are served: never _headers, .nojekyll or anything else whose name
 * starts with "_" or ".", at any spelling of its path (see resolve()).
 */
import { existsSync, readdirSync, readFileSync, statSync, type Dirent } from "node:fs";
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
  /** The file as it was read: a rebuild writes new files (a new dist/, swapped in), so a changed one is read again. */
  version: string;
  body: Uint8Array;
  br?: Uint8Array;
  gzip?: Uint8Array;
  type: string;
}

/**
 * Files as read and compressed, by path, for every handler in the process: a test run starts a
 * handler per test file on the same dist/ (docs/performance.md, "Test time").
 */
const cache = new Map<string, Cached>();

/**
 * Brotli's quality 5, as a host that compresses on request would choose, not its best (11): on the
 * whole of dist/ 11 took 4 s of CPU for a tenth fewer bytes than 5's 60 ms (docs/performance.md,
 * "Test time"), and every test run's servers paid it 3 or 4 times. The byte budgets measure gzip
 * on their own (src/testing/budgets.ts), not what this server sends.
 */
const BROTLI_QUALITY = 5;

export function staticHandler(root: string): (request: Request) => Response {
  function load(file: string): Cached {
    const { ino, size, mtimeMs } = statSync(file);
    const version = `${ino}:${size}:${mtimeMs}`;
    let entry = cache.get(file);
    if (entry?.version !== version) {
      const body = readFileSync(file);
      const type = TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
      entry = { version, body, type };
      if (COMPRESSIBLE.test(type) && body.length > 512) {
        entry.br = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
        entry.gzip = gzipSync(body, { level: 9 });
      }
      cache.set(file, entry);
    }
    return entry;
  }

  /**
   * The file a URL path names, and the path the hosts' rules know it by; or
   * undefined. Only what the build put there for visitors is ever found: the
   * path is decoded and its "." and ".." segments resolved first, then a
   * segment beginning with "_" or "." (dist/_headers, dist/.nojekyll, however
   * spelled) is refused, and every other segment must be an entry of its
   * folder by exactly that name: a case-insensitive file system cannot find
   * `/ABOUT-US/` or `/_HEADERS` where Linux would not, nor a Windows one
   * `index.html.`; a symbolic link is not followed. Never leaves root.
   */
  function resolve(pathname: string): { file: string; rulePath: string } | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    if (decoded.includes("\0") || decoded.includes("\\")) return undefined;
    const segments: string[] = [];
    for (const segment of decoded.split("/")) {
      if (segment === "" || segment === ".") continue;
      if (segment === "..") {
        if (!segments.pop()) return undefined;
        continue;
      }
      // Hosts read _headers and never serve it; nothing else named so is a page or an asset either.
      if (segment.startsWith("_") || segment.startsWith(".")) return undefined;
      segments.push(segment);
    }
    let dir = root;
    for (const [i, segment] of segments.entries()) {
      const entry = entryIn(dir, segment);
      const last = i === segments.length - 1;
      if (entry?.isFile() && last && !decoded.endsWith("/")) return { file: path.join(dir, segment), rulePath: `/${segments.join("/")}` };
      if (!entry?.isDirectory()) return undefined;
      dir = path.join(dir, segment);
    }
    // A folder's page answers for /about-us as for /about-us/, where the hosts' rules name it.
    if (!entryIn(dir, "index.html")?.isFile()) return undefined;
    return { file: path.join(dir, "index.html"), rulePath: segments.length ? `/${segments.join("/")}/` : "/" };
  }

  /** The entry of `dir` named exactly `name` (the names as the folder lists them, whatever the file system's case rules). */
  function entryIn(dir: string, name: string): Dirent | undefined {
    try {
      return readdirSync(dir, { withFileTypes: true }).find((entry) => entry.name === name);
    } catch {
      return undefined;
    }
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
    const found = resolve(pathname);
    const entry = load(found?.file ?? path.join(root, "404.html"));
    const headers = new Headers({ "Content-Type": entry.type, Vary: "Accept-Encoding" });
    // A miss answers with the 404 page's own headers, never those of the path asked for: a year's
    // `immutable` from /assets/* would keep a browser from ever fetching an asset that arrives later.
    for (const [name, value] of headersFor(headerRules(), found?.rulePath ?? "/404.html")) headers.append(name, value);
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
    return new Response(request.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), { status: found ? 200 : 404, headers });
  };
}
