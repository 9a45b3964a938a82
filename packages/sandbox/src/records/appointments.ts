/**
 * Appointments: an insert or a move is checked against the availability engine
 * and written in the same synchronous step, so two requests racing for the last
 * unit of a slot cannot both get it (service contract §7).
 */
import type { Appointment } from 'booking-widget-shared/types';
import { instantToWallClock } from 'booking-widget-shared/zone';
import { freeSlotsOn, type SlotSearch } from '../engine/availability.js';
import { busyIndexOf } from '../engine/busy-index.js';
import { slotSearch } from '../engine/targets.js';
import { ApiError } from '../http/api-error.js';
import type { Collection } from './collection.js';
import { bookingReference } from '../store/ids.js';
import type { AppointmentRow, StaffRow } from '../store/rows.js';
import type { CompanyScope } from '../store/scope.js';
import { checkFormAnswers } from '../validate/form-answers.js';
import { dateTimeIn, inputOf, readAppointment, type AppointmentInput } from './appointment-input.js';

/**
 * Finds the slot at `startMs` and returns the staff member to book (service modes),
 * or answers 409: STAFF_NOT_AVAILABLE when the named staff member is busy at what is
 * otherwise a slot, DATE_NOT_AVAILABLE in every other case.
 */
function claimSlot(search: SlotSearch, startMs: number, named: StaffRow | undefined): string | undefined {
  const day = instantToWallClock(startMs, search.company.record.timeZone).date;
  const slot = freeSlotsOn(search, day).find((free) => free.startMs === startMs);
  if (slot) return slot.staffIds[0];
  const isSlot = freeSlotsOn({ ...search, ignoreBookings: true }, day).some((free) => free.startMs === startMs);
  if (named && isSlot) {
    throw new ApiError(409, 'STAFF_NOT_AVAILABLE', `${named.firstName} ${named.lastName} is not free at that time.`, 'staff.id');
  }
  const reason = isSlot
    ? 'That time is already taken.'
    : 'That time is not a free slot (closed, off the slot grid, in the past or within the minimum notice).';
  throw new ApiError(409, 'DATE_NOT_AVAILABLE', reason, 'start.dateTime');
}

/** An update that leaves the time, what is booked and who does it alone needs no new check (past appointments stay editable). */
function holdsSameTime(previous: AppointmentRow, input: AppointmentInput): boolean {
  return (
    previous.startMs === input.startMs &&
    previous.endMs === input.endMs &&
    previous.service?.id === input.service?.id &&
    previous.resource?.id === input.resource?.id &&
    (!input.staff || previous.staff?.id === input.staff.id) &&
    previous.resourceCount === input.resourceCount
  );
}

export const appointments: Collection<CompanyScope, AppointmentRow> = {
  noun: 'appointment',
  rows: (scope) => scope.company.appointments,

  write(body, scope, previous, id) {
    const { company } = scope;
    const input = readAppointment(previous ? body.withDefaults(inputOf(previous, company)) : body, scope);
    const { service, resource, client } = input;
    // On insert only: an appointment booked before its form changed stays movable.
    if (!previous) checkFormAnswers(scope, { serviceId: service?.id, resourceId: resource?.id }, input.form);
    const staffId =
      previous && holdsSameTime(previous, input)
        ? previous.staff?.id
        : claimSlot(slotSearch(scope, input.target, input.iterationCount, previous?.id), input.startMs, input.staff);
    const staff = staffId === undefined ? undefined : company.staff.get(staffId);

    const row: AppointmentRow = {
      id,
      reference: previous?.reference ?? bookingReference(),
      status: 'accepted',
      ...(service ? { service: { id: service.id, name: service.name } } : { resource: { id: resource!.id, name: resource!.name } }),
      ...(staff && { staff: { id: staff.id, firstName: staff.firstName, lastName: staff.lastName } }),
      client: { id: client.id, firstName: client.firstName, lastName: client.lastName },
      startMs: input.startMs,
      endMs: input.endMs,
      bufferMinutes: service?.bufferDuration ?? 0,
      notes: input.notes,
      resourceCount: input.resourceCount,
      iterationCount: input.iterationCount,
      form: input.form,
      ...(input.extendedProperties && { extendedProperties: input.extendedProperties }),
    };
    return {
      row,
      apply: () => {
        const busy = busyIndexOf(company);
        if (previous) busy.remove(previous);
        busy.add(row);
      },
    };
  },

  toWire({ id, reference, status, startMs, endMs, bufferMinutes: _buffer, ...details }, { company }): Appointment {
    const { timeZone } = company.record;
    return {
      id,
      reference,
      status,
      company: { id: company.record.id, name: company.record.name },
      start: dateTimeIn(startMs, timeZone),
      end: dateTimeIn(endMs, timeZone),
      ...details,
    };
  },

  forget(scope, row) {
    busyIndexOf(scope.company).remove(row);
  },
};
