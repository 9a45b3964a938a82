import { addressGroup } from '../http/client-address.js';
import { Refusal, RefusalReason } from '../http/refusal.js';
import type { ResolvedProxy } from '../resolve-options.js';
import type { PostRateLimit } from '../options.js';

const limited = (message: string, waitSeconds: number): Refusal =>
  new Refusal(429, 'RATE_LIMITED', message, RefusalReason.rateLimited, undefined, { 'Retry-After': String(waitSeconds) });

/**
 * The name a visitor's address is counted under in the shared state: their address, or their IPv6 /64 (client-address.ts),
 * as an HMAC with the signing key. A plain digest of an IPv4 address is read back by trying all 2^32 of them; this one
 * only with the key, which every instance sharing the state holds anyway.
 */
export const addressKey = (proxy: ResolvedProxy, address: string): Promise<string> =>
  proxy.signer.digest(`address\n${addressGroup(address)}`);

const visitorKey = (proxy: ResolvedProxy, request: Request) => addressKey(proxy, proxy.clientAddress(request));

async function hit(proxy: ResolvedProxy, key: string, limit: PostRateLimit): Promise<number> {
  return proxy.state.hit(key, limit.max, limit.windowSeconds);
}

/**
 * Every write a visitor can make (bookings, and with a manage token moves and cancellations) counts
 * against one limit per address (an IPv6 address as its /64); reads of a booking through its manage
 * link against one of their own.
 */
export async function rateLimit(proxy: ResolvedProxy, request: Request, kind: 'write' | 'manage-read' = 'write'): Promise<void> {
  const limit = kind === 'write' ? proxy.postRateLimit : proxy.manageReadRateLimit;
  if (!limit) return;
  const waitSeconds = await hit(proxy, `${kind === 'write' ? 'rate' : 'rate-read'}:${await visitorKey(proxy, request)}`, limit);
  if (waitSeconds > 0) throw limited('Too many requests from this address; try again later.', waitSeconds);
}

/**
 * A read (the company, its lists, free slots) counted against the read budget of
 * the visitor's address, kept apart from the POST limit; and, for a `costly` one
 * (free slots), a place among those that address may have in flight. Answers the function that gives the place
 * back. Reads do not need the shared state: when it cannot be reached, the budget
 * is not counted rather than the page refused.
 */
export async function readBudget(proxy: ResolvedProxy, request: Request, costly: boolean): Promise<() => void> {
  if (!proxy.addressKnown) return () => {};
  const key = await visitorKey(proxy, request);
  if (proxy.readRateLimit) {
    const waitSeconds = await hit(proxy, `read:${key}`, proxy.readRateLimit).catch(() => 0);
    if (waitSeconds > 0) throw limited('Too many requests from this address; try again later.', waitSeconds);
  }
  // Free slots are what the service computes: the lists are cheap, and cached by browsers and CDNs.
  if (!costly) return () => {};
  return proxy.readsInFlight.take(key) ?? throwBusy();
}

const throwBusy = (): never => {
  throw limited('Too many requests from this address at once; try again in a moment.', 1);
};
