import { sha256Hex } from '../state/digest.js';
import { Refusal, RefusalReason } from '../http/refusal.js';
import type { ResolvedProxy } from '../resolve-options.js';

/**
 * Every write a visitor can make (bookings, and with a manage token moves and cancellations) counts
 * against one limit per address; reads of a booking through its manage link against one of their own.
 */
export async function rateLimit(proxy: ResolvedProxy, request: Request, kind: 'write' | 'manage-read' = 'write'): Promise<void> {
  const limit = kind === 'write' ? proxy.postRateLimit : proxy.manageReadRateLimit;
  if (!limit) return;
  const { max, windowSeconds } = limit;
  const waitSeconds = await proxy.state.hit(
    `${kind === 'write' ? 'rate' : 'rate-read'}:${await sha256Hex(proxy.clientAddress(request))}`,
    max,
    windowSeconds,
  );
  if (waitSeconds > 0) {
    throw new Refusal(429, 'RATE_LIMITED', 'Too many requests from this address; try again later.', RefusalReason.rateLimited, undefined, {
      'Retry-After': String(waitSeconds),
    });
  }
}
