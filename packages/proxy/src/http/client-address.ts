/**
 * The client address as recorded in `X-Forwarded-For` by `trustedHops` reverse
 * proxies of the merchant's own (1: one nginx or load balancer in front). Each
 * proxy appends the address it saw, so the trustworthy entry is counted from the
 * right; everything to its left was written by the client and may be invented.
 * `undefined` when the header has fewer entries than that, i.e. when the request
 * did not come through those proxies: use the socket's address then.
 *
 * @example
 * clientAddress: (request) => forwardedClientAddress(request, 1) ?? 'unknown'
 */
export function forwardedClientAddress(request: Request, trustedHops: number): string | undefined {
  const entries = (request.headers.get('X-Forwarded-For') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (trustedHops < 1 || entries.length < trustedHops) return undefined;
  return entries[entries.length - trustedHops];
}

/**
 * The unit a limit counts: an IPv4 address, or an IPv6 address's /64. One IPv6
 * subscriber usually holds a whole /64 and can pick any address in it, so counting
 * whole addresses would give one machine 2^64 separate budgets. IPv4-mapped IPv6
 * (`::ffff:192.0.2.1`, as Node reports IPv4 on a dual-stack socket) counts as the
 * IPv4 address. Anything else (`unknown`, a name) is counted as it is.
 */
export function addressGroup(address: string): string {
  const plain = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(plain);
  if (mapped) return mapped[1]!;
  if (!plain.includes(':')) return plain;
  const [head = '', tail] = plain.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  // An embedded IPv4 tail (`::1.2.3.4`) is two groups; it never reaches the first four.
  const tailLength = tailGroups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailLength)).fill('0'), ...tailGroups];
  if (groups.length < 4 || groups.slice(0, 4).some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return plain;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
