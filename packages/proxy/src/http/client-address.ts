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
