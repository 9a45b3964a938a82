import { sha256Hex } from '../state/digest.js';
import { Refusal, RefusalReason } from '../http/refusal.js';
import type { ResolvedProxy } from '../resolve-options.js';

/** Every write a visitor can make (bookings, and with a manage token reads and changes too) counts against one limit per address. */
export async function rateLimit(proxy: ResolvedProxy, request: Request): Promise<void> {
  if (!proxy.postRateLimit) return;
  const { max, windowSeconds } = proxy.postRateLimit;
  const waitSeconds = await proxy.state.hit(`rate:${await sha256Hex(proxy.clientAddress(request))}`, max, windowSeconds);
  if (waitSeconds > 0) {
    throw new Refusal(429, 'RATE_LIMITED', 'Too many bookings from this address; try again later.', RefusalReason.rateLimited, undefined, {
      'Retry-After': String(waitSeconds),
    });
  }
}
