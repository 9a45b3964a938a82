/**
 * Builds a busy company through the public API, for benchmarks and load tests:
 * by default 20 staff members and 2,000 appointments over 31 days.
 */
import { WEEK_DAYS } from 'booking-widget-shared/types';
import { addDays, type CalendarDate } from 'booking-widget-shared/calendar-date';
import { SANDBOX_CREDENTIALS } from './credentials.js';
import { clockOf } from './engine/day-clock.js';

export interface LargeCompanyOptions {
  /**
   * The first day that gets appointments, in the company's zone; it must be after
   * the sandbox's now (bookings in the past are refused).
   * @example '2026-03-05'
   */
  startDate: CalendarDate;
  /** @example 20 */
  staffCount?: number;
  /** @example 2000 */
  appointmentCount?: number;
  /** Days the appointments spread over. @example 31 */
  days?: number;
  /** @example 'Europe/Paris' */
  timeZone?: string;
}

export interface LargeCompany {
  companyId: string;
  serviceId: string;
  staffIds: string[];
  startDate: CalendarDate;
  /** The last day with appointments. */
  endDate: CalendarDate;
}

const OPEN = { start: 8, end: 20 };

/**
 * Every staff member works 08:00–20:00 every day and performs one 30-minute
 * service; slots start every 15 minutes. Appointment `i` goes to day `i % days`, then
 * to the next staff member, then to the next of twelve hours spread over the day.
 *
 * @example
 * const sandbox = createSandbox({ now: '2026-03-04T15:00:00Z' });
 * const { companyId, serviceId } = await buildLargeCompany(sandbox, { startDate: '2026-03-05' });
 */
export async function buildLargeCompany(
  handler: (request: Request) => Promise<Response>,
  { startDate, staffCount = 20, appointmentCount = 2000, days = 31, timeZone = 'Europe/Paris' }: LargeCompanyOptions,
): Promise<LargeCompany> {
  const hoursPerDay = OPEN.end - OPEN.start;
  if (appointmentCount > staffCount * days * hoursPerDay) {
    throw new RangeError(`${appointmentCount} appointments do not fit in ${staffCount} staff × ${days} days × ${hoursPerDay} hours.`);
  }
  const call = async (method: string, path: string, body: unknown): Promise<{ id: string }> => {
    const response = await handler(
      new Request(`http://sandbox.local${path}`, {
        method,
        headers: { apiKey: SANDBOX_CREDENTIALS.apiKey, token: SANDBOX_CREDENTIALS.token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { id: string };
  };

  const workingHours = WEEK_DAYS.map((day) => ({ day, hours: [{ start: clockOf(OPEN.start * 60), end: clockOf(OPEN.end * 60) }] }));
  const company = await call('POST', '/api/2.1/scheduling/companies', {
    name: `Large company (${staffCount} staff, ${appointmentCount} appointments)`,
    timeZone,
    scheduledItems: 'service-staff',
    workingHours,
    slotInterval: 15,
  });
  const base = `/api/2.1/scheduling/companies/${company.id}`;
  const service = await call('POST', `${base}/services`, { name: 'Consultation', duration: 30 });
  const staffIds: string[] = [];
  for (let n = 0; n < staffCount; n++) {
    const member = await call('POST', `${base}/staff`, { firstName: 'Staff', lastName: `#${n + 1}`, services: [{ id: service.id }] });
    staffIds.push(member.id);
  }
  const client = await call('POST', '/api/2.0/clients', { firstName: 'Load', lastName: 'Test' });

  for (let i = 0; i < appointmentCount; i++) {
    const day = addDays(startDate, i % days);
    const staffId = staffIds[Math.floor(i / days) % staffCount]!;
    // 5 and 12 share no factor, so successive rounds take every hour once before repeating.
    const round = Math.floor(i / (days * staffCount));
    const minute = (OPEN.start + ((round * 5) % hoursPerDay)) * 60;
    await call('POST', `${base}/appointments`, {
      client: { id: client.id },
      service: { id: service.id },
      staff: { id: staffId },
      start: { dateTime: `${day}T${clockOf(minute)}:00` },
      end: { dateTime: `${day}T${clockOf(minute + 30)}:00` },
    });
  }
  return { companyId: company.id, serviceId: service.id, staffIds, startDate, endDate: addDays(startDate, days - 1) };
}
