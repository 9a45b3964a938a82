/** Catalogs of plain data for the booking core's unit tests: one per company mode. */
import type { Appointment, ScheduledItems } from 'booking-widget-shared/types';
import { type Catalog, listsOf } from '../../src/booking/catalog.js';
import { readSettings } from 'booking-widget-shared/widget-settings';

export function catalogOf(mode: ScheduledItems, publicSettings: Record<string, unknown> = {}): Catalog {
  const company = {
    id: '1',
    name: 'Test company',
    timeZone: 'America/New_York',
    scheduledItems: mode,
    extendedProperties: { public: { bookingWidget: publicSettings } },
  };
  const resource = mode === 'resource';
  return {
    company,
    mode,
    settings: readSettings(company, () => {}),
    services: resource
      ? []
      : [
          { id: 's1', name: 'Cut', duration: 30, staff: [{ id: 'm1' }, { id: 'anyone' }] },
          { id: 's2', name: 'Colour', duration: 90, staff: [{ id: 'm2' }] },
        ],
    staff: resource
      ? []
      : [
          { id: 'm1', firstName: 'Maya', lastName: 'Chen', services: [{ id: 's1', name: 'Cut' }] },
          { id: 'm2', firstName: 'Jordan', lastName: 'Brooks', services: [{ id: 's2', name: 'Colour' }] },
          // A real staff id that reads like the "anyone" choice: it must never be taken for it.
          { id: 'anyone', firstName: 'Any', lastName: 'One', services: [{ id: 's1', name: 'Cut' }] },
        ],
    resources: resource
      ? [
          { id: 'r1', name: 'Court', duration: 60, count: 3 },
          { id: 'r2', name: 'Room', duration: 45, count: 1 },
        ]
      : [],
    resourceGroups: [],
    loaded: new Set(listsOf(mode)),
  };
}

/** A visitor's booking at {@link catalogOf}'s company: a cut with Maya on Friday 6 March 2026, 11:00–11:30 company time. */
export const BOOKED_CUT = {
  id: 'a1',
  reference: 'R-1',
  status: 'accepted',
  company: { id: '1' },
  service: { id: 's1', name: 'Cut' },
  staff: { id: 'm1', firstName: 'Maya' },
  client: { id: 'c1' },
  start: { dateTime: '2026-03-06T11:00:00' },
  end: { dateTime: '2026-03-06T11:30:00' },
} as Appointment;
