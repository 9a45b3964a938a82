/** Small builders that keep the seed files declarative. */
import { WEEK_DAYS, type Picture, type WeekDay, type WorkingHoursDay } from 'booking-widget-shared/types';
import { addDays, weekDayIndex, type CalendarDate } from 'booking-widget-shared/calendar-date';
import { instantToWallClock, wallClockToInstant } from 'booking-widget-shared/zone';
import {
  emptyCollections,
  type AppointmentRow,
  type ClientRow,
  type CompanyCollections,
  type CompanyRecord,
  type CompanyRow,
} from '../store/rows.js';
import { SANDBOX_ACCOUNT } from '../credentials.js';

export const WEEKDAYS: WeekDay[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
export const EVERY_DAY: WeekDay[] = [...WEEK_DAYS];

/** The same periods on each of `days`. */
export function hours(days: WeekDay[], ...periods: [start: string, end: string][]): WorkingHoursDay[] {
  return days.map((day) => ({ day, hours: periods.map(([start, end]) => ({ start, end })) }));
}

/** A round badge with initials, inline: the seed needs no network. */
export function badge(initials: string, color: string): Picture {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${color}"/>` +
    `<text x="32" y="40" font-family="sans-serif" font-size="22" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return { url: `data:image/svg+xml,${encodeURIComponent(svg)}`, mimeType: 'image/svg+xml' };
}

/** Days relative to the sandbox's now, in one company's zone. */
export class SeedCalendar {
  readonly today: CalendarDate;

  constructor(
    nowMs: number,
    readonly timeZone: string,
  ) {
    this.today = instantToWallClock(nowMs, timeZone).date;
  }

  /** `today + days`. */
  day(days: number): CalendarDate {
    return addDays(this.today, days);
  }

  /** The `n`th day after today (1 = the first) that falls on one of `weekDays`. */
  next(weekDays: WeekDay[], n = 1): CalendarDate {
    let day = this.today;
    for (let found = 0; found < n;) {
      day = addDays(day, 1);
      if (weekDays.includes(WEEK_DAYS[weekDayIndex(day)]!)) found++;
    }
    return day;
  }

  /** A vacation `{startDate, endDate}` as `yyyy/mm/dd`. */
  vacation(fromDays: number, toDays: number): { startDate: string; endDate: string } {
    return { startDate: this.day(fromDays).replaceAll('-', '/'), endDate: this.day(toDays).replaceAll('-', '/') };
  }

  instant(day: CalendarDate, time: string): number {
    return wallClockToInstant(day, time, this.timeZone)!.getTime();
  }
}

type SeedCollections = {
  [K in keyof CompanyCollections]?: CompanyCollections[K] extends Map<string, infer Row> ? Row[] : never;
};

export function companyRow(record: CompanyRecord, collections: SeedCollections): CompanyRow {
  const row: CompanyRow = { accountId: SANDBOX_ACCOUNT, deleted: false, record, ...emptyCollections() };
  for (const [name, rows] of Object.entries(collections)) {
    const map = row[name as keyof CompanyCollections] as Map<string, { id: string }>;
    for (const item of rows) map.set(item.id, item);
  }
  return row;
}

export interface SeedBooking {
  id: string;
  reference: string;
  client: ClientRow;
  day: CalendarDate;
  time: string;
  serviceId?: string;
  staffId?: string;
  resourceId?: string;
  resourceCount?: number;
  iterationCount?: number;
  notes?: string;
}

/** An appointment in a seeded company, its names and length taken from the company's records. */
export function addBooking(company: CompanyRow, calendar: SeedCalendar, booking: SeedBooking): void {
  const service = booking.serviceId ? company.services.get(booking.serviceId)! : undefined;
  const resource = booking.resourceId ? company.resources.get(booking.resourceId)! : undefined;
  const staff = booking.staffId ? company.staff.get(booking.staffId)! : undefined;
  const iterationCount = booking.iterationCount ?? 1;
  const startMs = calendar.instant(booking.day, booking.time);
  const row: AppointmentRow = {
    id: booking.id,
    reference: booking.reference,
    status: 'accepted',
    ...(service ? { service: { id: service.id, name: service.name } } : { resource: { id: resource!.id, name: resource!.name } }),
    ...(staff && { staff: { id: staff.id, firstName: staff.firstName, lastName: staff.lastName } }),
    client: { id: booking.client.id, firstName: booking.client.firstName, lastName: booking.client.lastName },
    startMs,
    endMs: startMs + (service ?? resource)!.duration * iterationCount * 60_000,
    bufferMinutes: service?.bufferDuration ?? 0,
    notes: booking.notes,
    resourceCount: booking.resourceCount ?? 1,
    iterationCount,
  };
  company.appointments.set(row.id, row);
}
