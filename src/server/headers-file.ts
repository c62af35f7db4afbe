/**
 * The `_headers` file that Netlify and Cloudflare Pages read: a URL pattern on
 * its own line, then its headers indented below it. The build writes it, and
 * the project's server answers with the same headers, so tests see what
 * production sends.
 *
 * Both hosts apply every rule whose pattern matches and join repeated header
 * names with commas, so the rules never set one header twice for one path.
 */
export interface HeaderRule {
  /** A path, where `*` matches anything (including "/") and `:name` one segment. */
  pattern: string;
  headers: [name: string, value: string][];
}

export function formatHeadersFile(rules: HeaderRule[], comment?: string): string {
  const head = comment
    ? comment
        .split("\n")
        .map((l) => `# ${l}`.trimEnd())
        .join("\n") + "\n\n"
    : "";
  return (
    head +
    rules.map((r) => [r.pattern, ...r.headers.map(([n, v]) => `  ${n}: ${v}`)].join("\n")).join("\n\n") +
    "\n"
  );
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const at = line.indexOf(":");
    const rule = rules.at(-1);
    if (!rule || at < 0) throw new Error(`_headers: "${line.trim()}" is not "Name: value" under a path`);
    rule.headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
  }
  return rules;
}

const patternCache = new Map<string, RegExp>();
function toRegExp(pattern: string): RegExp {
  let re = patternCache.get(pattern);
  if (!re) {
    const body = pattern
      .split(/(\*|:[A-Za-z]\w*)/)
      .map((part) =>
        part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("");
    re = new RegExp(`^${body}$`);
    patternCache.set(pattern, re);
  }
  return re;
}

/** The headers every matching rule gives a URL path, in file order. */
export function headersFor(rules: HeaderRule[], pathname: string): [string, string][] {
  return rules.filter((r) => toRegExp(r.pattern).test(pathname)).flatMap((r) => r.headers);
}
