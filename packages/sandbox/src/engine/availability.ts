/**
 * The availability engine: the free slots of one company day, computed from
 * working hours, vacations and bookings (nothing about slots is stored).
 *
 * Candidate starts step through each open period in wall-clock minutes, so no
 * slot is offered at a time the clock skips, nor twice when an hour repeats
 * (a repeated reading means its first instant); whether a slot fits is then
 * checked in instants, so a slot across a daylight-saving change has its real length.
 */
import { WEEK_DAYS } from 'booking-widget-shared/types';
import { weekDayIndex, type CalendarDate } from 'booking-widget-shared/calendar-date';
import type { CompanyRow, ResourceRow, ServiceRow, StaffRow } from '../store/rows.js';
import type { Booking, BusyIndex } from './busy-index.js';
import { dayClock, type DayClock } from './day-clock.js';
import { WHOLE_DAY, hoursOn, intersect, onVacation, type MinutePeriod } from './periods.js';

const MINUTE_MS = 60_000;

/** What is being booked: a service (by one of these staff members, in this order of preference) or resource units. */
export type SlotTarget =
  { kind: 'service'; service: ServiceRow; staff: StaffRow[] } | { kind: 'resource'; resource: ResourceRow; units: number };

export interface SlotSearch {
  company: CompanyRow;
  target: SlotTarget;
  /** Consecutive durations booked at once. */
  iterationCount: number;
  busy: BusyIndex;
  /** Slots that start earlier (now + the company's minimum notice) are left out. */
  earliestMs: number;
  /** An appointment being moved does not stand in its own way. */
  ignoreAppointmentId?: string;
  /** Treat every staff member and unit as free: tells "nobody is free" from "not a slot at all". */
  ignoreBookings?: boolean;
}

export interface FreeSlot {
  startMs: number;
  /** Wall-clock minutes after the company day's midnight. */
  minute: number;
  /** Service modes: the staff members free then, in order of preference. */
  staffIds: string[];
}

interface Candidate {
  startMs: number;
  minute: number;
}

/** The free slots of `day` (a day in the company's zone), by start. */
export function freeSlotsOn(search: SlotSearch, day: CalendarDate): FreeSlot[] {
  const company = search.company.record;
  if (onVacation(company.vacations, day)) return [];
  const weekDay = WEEK_DAYS[weekDayIndex(day)]!;
  const companyHours = hoursOn(company.workingHours, weekDay) ?? WHOLE_DAY;
  const clock = dayClock(day, company.timeZone);
  const { target } = search;

  if (target.kind === 'resource') {
    const { resource, units } = target;
    const periods = intersect(companyHours, hoursOn(resource.workingHours, weekDay) ?? companyHours);
    const lengthMs = resource.duration * search.iterationCount * MINUTE_MS;
    const interval = company.slotInterval ?? resource.duration;
    const found = candidates(clock, periods, interval, lengthMs, search.earliestMs);
    const bookings = bookingsDuring(search, `resource:${resource.id}`, found, lengthMs);
    return found
      .filter((slot) => peakUnits(bookings, slot.startMs, slot.startMs + lengthMs) + units <= resource.count)
      .map((slot) => ({ ...slot, staffIds: [] }));
  }

  const { service } = target;
  const lengthMs = (service.duration * search.iterationCount + (service.bufferDuration ?? 0)) * MINUTE_MS;
  const interval = company.slotInterval ?? service.duration;
  const slots = new Map<number, FreeSlot>();
  for (const staff of target.staff) {
    if (onVacation(staff.vacations, day)) continue;
    const periods = intersect(companyHours, hoursOn(staff.workingHours, weekDay) ?? companyHours);
    const found = candidates(clock, periods, interval, lengthMs, search.earliestMs);
    const bookings = bookingsDuring(search, `staff:${staff.id}`, found, lengthMs);
    for (const candidate of found) {
      const end = candidate.startMs + lengthMs;
      if (bookings.some((booking) => booking.startMs < end && booking.busyUntilMs > candidate.startMs)) continue;
      const slot = slots.get(candidate.minute);
      if (slot) slot.staffIds.push(staff.id);
      else slots.set(candidate.minute, { ...candidate, staffIds: [staff.id] });
    }
  }
  return [...slots.values()].sort((a, b) => a.startMs - b.startMs);
}

/** Starts every `interval` minutes from each period's start, for slots that fit whole inside it. */
function candidates(clock: DayClock, periods: MinutePeriod[], interval: number, lengthMs: number, earliestMs: number): Candidate[] {
  const found: Candidate[] = [];
  for (const period of periods) {
    const periodEnd = clock.boundary(period.end);
    for (let minute = period.start; minute < period.end; minute += interval) {
      const startMs = clock.instantAt(minute);
      if (startMs === null) continue;
      if (startMs + lengthMs > periodEnd) break;
      if (startMs >= earliestMs) found.push({ startMs, minute });
    }
  }
  return found;
}

function bookingsDuring(search: SlotSearch, key: string, found: Candidate[], lengthMs: number): Booking[] {
  if (search.ignoreBookings || found.length === 0) return [];
  const bookings = search.busy.overlapping(key, found[0]!.startMs, found[found.length - 1]!.startMs + lengthMs);
  return bookings.filter((booking) => booking.id !== search.ignoreAppointmentId);
}

/** The most units held at any one moment of `[fromMs, toMs)`. */
function peakUnits(bookings: Booking[], fromMs: number, toMs: number): number {
  const changes: [number, number][] = [];
  for (const booking of bookings) {
    if (booking.startMs >= toMs || booking.busyUntilMs <= fromMs) continue;
    changes.push([Math.max(booking.startMs, fromMs), booking.units], [booking.busyUntilMs, -booking.units]);
  }
  // At equal times, releases come first: back-to-back bookings do not overlap.
  changes.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let held = 0;
  let peak = 0;
  for (const [, delta] of changes) peak = Math.max(peak, (held += delta));
  return peak;
}
