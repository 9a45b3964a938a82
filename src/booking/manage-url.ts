/** The link a visitor keeps to manage their booking (manage-link.ts); loaded with the booking code, not before. */
import type { Appointment } from 'booking-widget-shared/types';
import type { ManageTarget } from './manage-link.js';

/**
 * The visitor's link for `appointment` on the target page; `undefined` when a proxy gave no token
 * (its manage mode is off), since such a link could not work.
 */
export function manageUrlFor(appointment: Appointment, { page, param, direct, location }: ManageTarget): string | undefined {
  if (!appointment.manageToken && !direct) return undefined;
  const url = new URL(page, globalThis.location?.href);
  const token = appointment.manageToken ?? '';
  const value = location ? `${appointment.id}:${token}:${location}` : token ? `${appointment.id}:${token}` : appointment.id;
  // In the fragment: never sent to the merchant's server or analytics (manage-link.ts). A query value of an older link would only confuse.
  url.searchParams.delete(param);
  url.hash = `${param}=${encodeURIComponent(value).replaceAll('%3A', ':')}`;
  return url.href;
}
