/** Reads an appointment body (service contract §7) into what the booking step needs, every field checked. */
import type { AppointmentFormAnswer, DateTimeInZone, ExtendedProperties } from 'booking-widget-shared/types';
import { isCalendarDate } from 'booking-widget-shared/calendar-date';
import { formatWallClock, instantToWallClock, normalizeTime, wallClockToInstant, type WallClock } from 'booking-widget-shared/zone';
import type { SlotTarget } from '../engine/availability.js';
import { targetOf, unitMinutes } from '../engine/targets.js';
import { invalid } from '../http/api-error.js';
import type { AppointmentRow, ClientRow, CompanyRow, ResourceRow, ServiceRow, StaffRow } from '../store/rows.js';
import type { CompanyScope } from '../store/scope.js';
import { LIMITS, readExtendedProperties, readKnownId, readTimeZone } from '../validate/fields.js';
import type { Reader } from '../validate/reader.js';

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)$/;

export interface AppointmentInput {
  client: ClientRow;
  service?: ServiceRow;
  resource?: ResourceRow;
  /** Named in the body; absent (or `"0"`) leaves the choice to the engine. */
  staff?: StaffRow;
  target: SlotTarget;
  resourceCount: number;
  iterationCount: number;
  startMs: number;
  endMs: number;
  notes?: string;
  form?: AppointmentFormAnswer[];
  /** Kept as sent, for partner reads (service contract §15: where the booking came from). */
  extendedProperties?: ExtendedProperties;
}

interface ReadWallClock extends WallClock {
  timeZone: string;
  /** The path of its `dateTime`, for errors. */
  field: string;
}

/** `{ dateTime: "yyyy-MM-ddTHH:mm[:ss]", timeZone? }`, the zone defaulting to the company's. */
function readDateTime(body: Reader, key: 'start' | 'end', companyZone: string): ReadWallClock {
  const value = body.object(key, { required: true })!;
  const field = value.field('dateTime');
  const dateTime = value.string('dateTime', { required: true, pattern: DATE_TIME, format: '"yyyy-MM-ddTHH:mm:ss" without offset' })!;
  const [, date, time] = DATE_TIME.exec(dateTime) as unknown as [string, string, string];
  const isTime = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(time);
  if (!isCalendarDate(date) || !isTime) throw invalid(field, `"${field}" is not a real date and time: "${dateTime}".`);
  return { date, time: normalizeTime(time), timeZone: readTimeZone(value) ?? companyZone, field };
}

/** Answers to intake questions (service contract §11), as an appointment or a queue registration carries them. */
export function readForm(body: Reader): AppointmentFormAnswer[] | undefined {
  return body.objects('form', { max: 50 })?.map((answer) => ({
    id: answer.string('id', { required: true, max: LIMITS.externalId })!,
    title: answer.string('title', { required: true, max: LIMITS.externalId })!,
    value: answer.string('value', { max: LIMITS.notes }) ?? '',
  }));
}

/** The start instant, and the end, which must be `start + duration × iterationCount` of elapsed time. */
function readTimes(body: Reader, company: CompanyRow, lengthMs: number, rule: string): { startMs: number; endMs: number } {
  const zone = company.record.timeZone;
  const start = readDateTime(body, 'start', zone);
  const startMs = wallClockToInstant(start.date, start.time, start.timeZone)?.getTime();
  if (startMs === undefined) {
    throw invalid(start.field, `${start.date}T${start.time} does not exist in ${start.timeZone} (a daylight-saving change skips it).`);
  }
  // Compared as wall clocks, so that an end in a repeated hour is read as the right one of the two.
  const end = readDateTime(body, 'end', zone);
  const expected = instantToWallClock(startMs + lengthMs, end.timeZone);
  if (expected.date !== end.date || expected.time !== end.time) {
    throw invalid(end.field, `"end" must be ${rule}: ${formatWallClock(expected)} in ${end.timeZone}.`);
  }
  return { startMs, endMs: startMs + lengthMs };
}

export function readAppointment(body: Reader, scope: CompanyScope): AppointmentInput {
  const { company } = scope;
  const clients = scope.store.clientsOf(scope.accountId);
  const client = clients.get(readKnownId(body.object('client', { required: true })!, clients))!;

  const serviceRef = body.object('service');
  const resourceRef = body.object('resource');
  if (serviceRef && resourceRef) throw invalid('resource', 'Book a service or a resource, not both.');
  if (!serviceRef && !resourceRef) throw invalid('service', '"service" (service modes) or "resource" (resource mode) is required.');
  const service = serviceRef && company.services.get(readKnownId(serviceRef, company.services));
  const resource = resourceRef && company.resources.get(readKnownId(resourceRef, company.resources));
  const staffRef = body.object('staff');
  let staff: StaffRow | undefined;
  if (staffRef && staffRef.string('id', { required: true }) !== '0') {
    if (resource) throw invalid('staff', 'A resource booking has no staff member.');
    staff = company.staff.get(readKnownId(staffRef, company.staff));
  }
  const resourceCount = body.integer('resourceCount', { min: 1, max: 10_000 }) ?? 1;
  const iterationCount = body.integer('iterationCount', { min: 1, max: 1440 }) ?? 1;
  const target = targetOf(company, { service, resource, staff, resourceCount, iterationCount }, 'staff.id');
  const unit = unitMinutes(target);
  const times = readTimes(body, company, unit * iterationCount * 60_000, `start + ${unit} min × ${iterationCount}`);

  return {
    client,
    service,
    resource,
    staff,
    target,
    resourceCount,
    iterationCount,
    ...times,
    notes: body.string('notes', { max: LIMITS.notes }),
    form: readForm(body),
    extendedProperties: readExtendedProperties(body),
  };
}

export const dateTimeIn = (ms: number, timeZone: string): DateTimeInZone => ({
  dateTime: formatWallClock(instantToWallClock(ms, timeZone)),
  timeZone,
});

/** The stored appointment as an update's defaults: what the body leaves out stays. */
export function inputOf(row: AppointmentRow, company: CompanyRow): Record<string, unknown> {
  const { timeZone } = company.record;
  const { startMs, endMs, bufferMinutes: _buffer, id: _id, reference: _reference, status: _status, ...rest } = row;
  return { ...rest, start: dateTimeIn(startMs, timeZone), end: dateTimeIn(endMs, timeZone) };
}
