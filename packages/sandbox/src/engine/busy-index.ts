import type { AppointmentRow, CompanyRow } from '../store/rows.js';

/** The time an appointment holds its staff member or resource units. */
export interface Booking {
  id: string;
  startMs: number;
  /** The end plus the service's buffer. */
  busyUntilMs: number;
  /** Resource units held (1 for a staff member). */
  units: number;
}

const DAY_MS = 86_400_000;
const bucketOf = (ms: number): number => Math.floor(ms / DAY_MS);

/** What an appointment holds: its staff member, or its resource. */
export function bookingKey(appointment: AppointmentRow): string | undefined {
  if (appointment.resource) return `resource:${appointment.resource.id}`;
  return appointment.staff ? `staff:${appointment.staff.id}` : undefined;
}

export function bookingOf(appointment: AppointmentRow): Booking {
  return {
    id: appointment.id,
    startMs: appointment.startMs,
    busyUntilMs: appointment.endMs + appointment.bufferMinutes * 60_000,
    units: appointment.resourceCount ?? 1,
  };
}

/**
 * Bookings by staff member or resource, and by UTC day, so that the engine reads
 * only the few bookings of the day it computes, however many a company holds.
 * UTC days keep the index independent of the company's zone, which may change.
 */
export class BusyIndex {
  private readonly _buckets = new Map<string, Map<number, Booking[]>>();

  constructor(appointments: Iterable<AppointmentRow> = []) {
    for (const appointment of appointments) this.add(appointment);
  }

  add(appointment: AppointmentRow): void {
    const key = bookingKey(appointment);
    if (!key) return;
    const booking = bookingOf(appointment);
    let days = this._buckets.get(key);
    if (!days) this._buckets.set(key, (days = new Map()));
    for (let day = bucketOf(booking.startMs); day <= bucketOf(booking.busyUntilMs - 1); day++) {
      const bucket = days.get(day);
      if (bucket) bucket.push(booking);
      else days.set(day, [booking]);
    }
  }

  remove(appointment: AppointmentRow): void {
    const key = bookingKey(appointment);
    const days = key ? this._buckets.get(key) : undefined;
    if (!days) return;
    for (const [day, bucket] of days) {
      const kept = bucket.filter((booking) => booking.id !== appointment.id);
      if (kept.length) days.set(day, kept);
      else days.delete(day);
    }
  }

  /** The bookings of `key` that overlap `[fromMs, toMs)`, each once. */
  overlapping(key: string, fromMs: number, toMs: number): Booking[] {
    const days = this._buckets.get(key);
    if (!days) return [];
    const found = new Set<Booking>();
    for (let day = bucketOf(fromMs); day <= bucketOf(toMs - 1); day++) {
      for (const booking of days.get(day) ?? []) {
        if (booking.startMs < toMs && booking.busyUntilMs > fromMs) found.add(booking);
      }
    }
    return [...found];
  }
}

const indexes = new WeakMap<CompanyRow, BusyIndex>();

/**
 * Who and what is booked when in `company`, for the availability engine: built from
 * its appointments on first use, then kept in step by the writes that add and
 * remove bookings. Kept beside the rows rather than in the store, so that the store
 * knows nothing of the engine.
 */
export function busyIndexOf(company: CompanyRow): BusyIndex {
  let index = indexes.get(company);
  if (!index) indexes.set(company, (index = new BusyIndex(company.appointments.values())));
  return index;
}
