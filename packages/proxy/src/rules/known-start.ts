import type { ResolvedProxy } from '../resolve-options.js';

/**
 * When each appointment this proxy booked or moved starts, kept in its state (memory,
 * Redis, Durable Objects) until its manage token expires: a change inside the notice
 * window is then refused without asking the service. The service stays the authority:
 * a time not known here (booked through another proxy, or the record expired) is read
 * from it, and every change that is not refused still reads the appointment first.
 * The state failing only costs that read, never a refusal or a booking.
 */
const keyOf = (companyId: string, appointmentId: string) => `appointment-start:${companyId}:${appointmentId}`;

export async function rememberStart(
  proxy: ResolvedProxy,
  companyId: string,
  appointmentId: string,
  startMs: number,
  untilMs: number,
): Promise<void> {
  await proxy.state.set(keyOf(companyId, appointmentId), String(startMs), Math.max(untilMs - proxy.now(), 60_000)).catch(() => {});
}

export async function knownStart(proxy: ResolvedProxy, companyId: string, appointmentId: string): Promise<number | undefined> {
  const value = await proxy.state.get(keyOf(companyId, appointmentId)).catch(() => undefined);
  const startMs = value === undefined ? NaN : Number(value);
  return Number.isFinite(startMs) ? startMs : undefined;
}

export async function forgetStart(proxy: ResolvedProxy, companyId: string, appointmentId: string): Promise<void> {
  await proxy.state.delete(keyOf(companyId, appointmentId)).catch(() => {});
}
