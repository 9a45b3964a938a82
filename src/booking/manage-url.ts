/** The link a visitor keeps to manage their booking (manage-link.ts); loaded with the booking code, not before. */
import type { Appointment } from 'booking-widget-shared/types';
import type { ManageTarget } from './manage-link.js';

/**
 * The visitor's link for `appointment` on the target page; `undefined` when a proxy gave no token
 * (its manage mode is off), since such a link could not work.
 */
export function manageUrlFor(appointment: Appointment, { page, param, direct }: ManageTarget): string | undefined {
  if (!appointment.manageToken && !direct) return undefined;
  const url = new URL(page, globalThis.location?.href);
  url.searchParams.set(param, appointment.manageToken ? `${appointment.id}:${appointment.manageToken}` : appointment.id);
  url.hash = '';
  return url.href;
}
