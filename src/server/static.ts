/**
 * Serves a built dist/ as a web-standard fetch handler: `/about-us` and
 * `/about-us/` alike, compressed text, 404.html with status 404 for anything
 * unknown, and the headers the build wrote to dist/_headers. Static hosts do
 * the same; this is what tests and `npm run serve` use. Only the pages and
 * assets are served: never _headers, .nojekyll or anything else whose name
 * starts with "_" or ".", at any spelling of its path (static-path.ts).
 * Why this is not sirv or Hono's serveStatic: decision 0059.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { headersFor, parseHeadersFile, type HeaderRule } from "./headers-file.ts";
import { encodingFor, loadFile, unchanged } from "./static-file.ts";
import { resolvePath } from "./static-path.ts";

export function staticHandler(root: string): (request: Request) => Response {
  const headerRules = headersFileOf(root);
  return (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
    }
    const { pathname } = new URL(request.url);
    const found = resolvePath(root, pathname);
    const entry = loadFile(found?.file ?? path.join(root, "404.html"));
    const headers = new Headers({ "Content-Type": entry.type, Vary: "Accept-Encoding" });
    // A miss answers with the 404 page's own headers, never those of the path asked for: a year's
    // `immutable` from /assets/* would keep a browser from ever fetching an asset that arrives later.
    for (const [name, value] of headersFor(headerRules(), found?.rulePath ?? "/404.html"))
      headers.append(name, value);
    if (!headers.has("Cache-Control"))
      headers.set("Cache-Control", entry.type.startsWith("text/html") ? "no-cache" : "public, max-age=3600");
    if (found) {
      headers.set("ETag", entry.etag);
      if (unchanged(entry, request.headers.get("if-none-match")))
        return new Response(null, { status: 304, headers });
    }
    const { body, encoding } = encodingFor(entry, request.headers.get("accept-encoding") ?? "");
    if (encoding) headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(body.length));
    return new Response(request.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), {
      status: found ? 200 : 404,
      headers,
    });
  };
}

/** dist/_headers' rules, read again whenever a build has rewritten it. */
function headersFileOf(root: string): () => HeaderRule[] {
  let rules: { mtimeMs: number; list: HeaderRule[] } | undefined;
  return () => {
    const file = path.join(root, "_headers");
    const mtimeMs = existsSync(file) ? statSync(file).mtimeMs : -1;
    if (rules?.mtimeMs !== mtimeMs)
      rules = { mtimeMs, list: mtimeMs < 0 ? [] : parseHeadersFile(readFileSync(file, "utf8")) };
    return rules.list;
  };
}
