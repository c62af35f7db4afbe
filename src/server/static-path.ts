/**
 * The file a URL path names in a built dist/, and the path the hosts' rules know it by; or
 * undefined. Only what the build put there for visitors is ever found: the path is decoded and
 * its "." and ".." segments resolved first, then a segment beginning with "_" or "."
 * (dist/_headers, dist/.nojekyll, however spelled) is refused, and every other segment must be an
 * entry of its folder by exactly that name: a case-insensitive file system cannot find
 * `/ABOUT-US/` or `/_HEADERS` where Linux would not, nor a Windows one `index.html.`; a symbolic
 * link is not followed. Never leaves root.
 */
import { readdirSync, type Dirent } from "node:fs";
import path from "node:path";

export function resolvePath(root: string, pathname: string): { file: string; rulePath: string } | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return undefined;
  const segments = visitorSegments(decoded);
  if (!segments) return undefined;
  let dir = root;
  for (const [i, segment] of segments.entries()) {
    const entry = entryIn(dir, segment);
    const last = i === segments.length - 1;
    if (entry?.isFile() && last && !decoded.endsWith("/"))
      return { file: path.join(dir, segment), rulePath: `/${segments.join("/")}` };
    if (!entry?.isDirectory()) return undefined;
    dir = path.join(dir, segment);
  }
  // A folder's page answers for /about-us as for /about-us/, where the hosts' rules name it.
  if (!entryIn(dir, "index.html")?.isFile()) return undefined;
  return { file: path.join(dir, "index.html"), rulePath: segments.length ? `/${segments.join("/")}/` : "/" };
}

/**
 * A decoded path's segments with "." and ".." resolved; undefined if it climbs above root or names what is
 * not for visitors.
 */
function visitorSegments(decoded: string): string[] | undefined {
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
  return segments;
}

/**
 * The entry of `dir` named exactly `name` (the names as the folder lists them, whatever the file system's
 * case rules).
 */
function entryIn(dir: string, name: string): Dirent | undefined {
  try {
    return readdirSync(dir, { withFileTypes: true }).find((entry) => entry.name === name);
  } catch {
    return undefined;
  }
}
