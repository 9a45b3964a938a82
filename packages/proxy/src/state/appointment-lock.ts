import { Refusal, RefusalReason } from '../http/refusal.js';
import { sha256Hex } from './digest.js';
import type { ProxyState } from './proxy-state.js';

const busy = (): Refusal =>
  new Refusal(
    409,
    'IDEMPOTENCY_CONFLICT',
    'Another change to this booking is still being made; look at the booking again before changing it.',
    RefusalReason.changeInFlight,
    undefined,
    { 'Retry-After': '1' },
  );

/**
 * Runs one change of one appointment (a move or a cancellation through its manage
 * link) while holding a lock on it in the shared state: a second change while the
 * first is in flight is refused 409 instead of being sent too. Without it, twenty
 * simultaneous moves were each answered 200 while only one held. The lock expires
 * after `ttlMs` if its instance dies; it must exceed the time a change may take.
 */
export async function withAppointmentLock<T>(
  state: ProxyState,
  companyId: string,
  appointmentId: string,
  ttlMs: number,
  change: () => Promise<T>,
): Promise<T> {
  const key = `lock:appointment:${await sha256Hex(`${companyId}\n${appointmentId}`)}`;
  const owner = crypto.randomUUID();
  if (!(await state.setIfAbsent(key, owner, ttlMs))) throw busy();
  try {
    return await change();
  } finally {
    // Only our own lock: one that expired and was taken by another change stays.
    await state.delete(key, owner).catch(() => {});
  }
}
