import type { AppointmentInput, Service, Staff } from 'booking-widget-shared/types';
import type { BookingLimits } from './booking-settings.js';
import type { CatalogCache } from '../upstream/catalog.js';
import { forbidden, invalidParameter, Refusal, RefusalReason } from '../http/refusal.js';

/** The modes the widget knows (service contract §6); a company in any other offers nothing online. */
const SERVICE_MODES = ['service', 'service-staff', 'staff-service', 'quickStart'];

/** "Not offered" sounds the same for an id that does not exist and one kept off the widget. */
const notOffered = (field: string, what: string): Refusal => {
  const refusal = forbidden(RefusalReason.notBookable, `This ${what} cannot be booked online.`);
  return new Refusal(refusal.status, refusal.errorCode, refusal.message, refusal.reason, field);
};

const invalid = (field: string, message: string): Refusal => invalidParameter(RefusalReason.invalidBody, field, message);

const minutesOf = (duration: unknown): number | undefined => (typeof duration === 'number' && duration > 0 ? duration : undefined);

/** Ids are strings by the contract; a service that sends numbers is read the same way. */
const idOf = (record: { id: unknown }): string => String(record.id);

/**
 * A booking's length as the catalog gives it (ms): its service's duration, or its resource's times its iterations (§13);
 * `undefined` when the catalog no longer has it. What tells an end in the hour repeated when clocks go back from the
 * same reading an hour earlier (booking-widget-shared/wire-time).
 */
export async function bookedLength(
  record: Record<string, unknown>,
  mode: string,
  companyId: string,
  catalog: CatalogCache,
): Promise<number | undefined> {
  const resource = mode === 'resource';
  const booked = record[resource ? 'resource' : 'service'] as { id?: unknown } | undefined;
  if (booked?.id == null) return undefined;
  const item = (await catalog.list(companyId, resource ? 'resources' : 'services')).find((entry) => idOf(entry) === String(booked.id));
  const minutes = minutesOf(item?.duration);
  const iterations = resource && typeof record.iterationCount === 'number' ? record.iterationCount : 1;
  return minutes && minutes * iterations * 60_000;
}

/**
 * Who can perform `service` among the staff shown online: the same rule as the
 * widget's `staffForService` (src/components/booking-widget/catalog.ts), so the
 * proxy accepts exactly the choices the widget offers.
 */
export function performers(service: Service, visible: readonly Staff[]): Staff[] {
  const named = new Set(service.staff?.map(idOf));
  if (named.size) return visible.filter((s) => named.has(idOf(s)));
  const byStaffList = visible.filter((s) => s.services?.some((offered) => idOf(offered) === idOf(service)));
  return byStaffList.length ? byStaffList : [...visible];
}

type Subject = Pick<Partial<AppointmentInput>, 'service' | 'resource' | 'staff' | 'resourceCount' | 'iterationCount'>;

/**
 * Checks what an appointment books against what the widget may offer (contract
 * §4, §6, §13): a service bookable online, a staff member shown online who
 * performs it, or a resource, in the company's mode, for as many durations as
 * the merchant allows, and at least one unit, of a resource no more than it has
 * (a count below one would hold or book nothing and still stand in others' way).
 * Returns the appointment's length in minutes.
 */
export async function checkSubject(
  body: Subject,
  mode: unknown,
  companyId: string,
  catalog: CatalogCache,
  limits: BookingLimits,
): Promise<number> {
  const iterations = body.iterationCount ?? 1;
  const units = body.resourceCount ?? 1;
  if (units < 1) throw invalid('resourceCount', 'resourceCount must be at least 1.');
  const staffId = body.staff?.id;
  const namesStaff = staffId !== undefined && staffId !== '0';

  if (mode === 'resource') {
    if (body.service) throw notOffered('service.id', 'service');
    if (!body.resource) throw invalid('resource', 'resource is required.');
    if (namesStaff) throw invalid('staff', 'A resource booking has no staff member.');
    if (iterations < 1 || iterations > limits.maxIterations)
      throw invalid('iterationCount', 'iterationCount is more than this company allows online.');
    const resource = (await catalog.list(companyId, 'resources')).find((r) => idOf(r) === body.resource!.id);
    const minutes = minutesOf(resource?.duration);
    if (!resource || resource.availability === 'backoffice' || !minutes) throw notOffered('resource.id', 'resource');
    if (typeof resource.count === 'number' && units > resource.count)
      throw invalid('resourceCount', 'resourceCount is more than this resource has.');
    return minutes * iterations;
  }

  if (!SERVICE_MODES.includes(mode as string)) throw forbidden(RefusalReason.notBookable, 'This company cannot be booked online.');
  if (body.resource) throw notOffered('resource.id', 'resource');
  if (!body.service) throw invalid('service', 'service is required.');
  if (iterations !== 1) throw invalid('iterationCount', 'A service is booked for one duration.');
  const [services, staff] = await Promise.all([catalog.list(companyId, 'services'), namesStaff ? catalog.list(companyId, 'staff') : []]);
  const service = services.find((s) => idOf(s) === body.service!.id);
  const minutes = minutesOf(service?.duration);
  if (!service || service.availability === 'backoffice' || !minutes) throw notOffered('service.id', 'service');
  if (namesStaff) {
    const visible = staff.filter((member) => member.availableForWidget !== false);
    if (!performers(service, visible).some((member) => idOf(member) === staffId)) throw notOffered('staff.id', 'staff member');
  }
  return minutes;
}
