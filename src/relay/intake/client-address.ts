/**
 * Who a submission comes from, for the rate limit. Behind N trusted proxies
 * (TRUST_PROXY=N) the client is the N-th address from the right of
 * X-Forwarded-For: each proxy appends the address it was reached from, so the
 * rightmost N entries were written by our own proxies and anything left of
 * them by whoever sent the request. Without TRUST_PROXY the header is ignored:
 * anyone can write it. An IPv6 client is counted by its /64, the block one
 * household or phone gets, so rotating addresses inside it gains nothing.
 */
export function clientKey(request: Request, connectedFrom: string | undefined, trustProxy: number): string {
  let address = connectedFrom ?? "";
  if (trustProxy > 0) {
    const chain = (request.headers.get("X-Forwarded-For") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    // With fewer entries than proxies the request skipped a proxy: count the leftmost we have.
    address = chain.length === 0 ? address : chain[Math.max(0, chain.length - trustProxy)];
  }
  return rateLimitKey(address) || "unknown";
}

/**
 * An IPv4 address as it is; an IPv6 address as its /64 prefix; an IPv4-mapped IPv6 address as the IPv4 one.
 */
export function rateLimitKey(address: string): string {
  const bare = address.replace(/^\[|\](:\d+)?$/g, "").replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1];
  if (!bare.includes(":")) return bare;
  const groups = expandIPv6(bare);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : bare;
}

function expandIPv6(address: string): string[] | undefined {
  const [head, tail, ...rest] = address.toLowerCase().split("::");
  if (rest.length) return undefined;
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  const groups = [...left, ...Array(missing).fill("0"), ...right];
  return groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))
    ? groups.map((g) => g.replace(/^0+(?=.)/, ""))
    : undefined;
}
