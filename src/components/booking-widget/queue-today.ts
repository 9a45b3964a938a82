/** Whether a company with an open walk-in line has any free time today (the first step's default offer, service contract §16). */
import { instantToWallClock } from 'booking-widget-shared/zone';
import type { SchedulingClient } from '../../api/client.js';
import type { SlotSubject } from '../../api/subject.js';
import type { Catalog } from '../../booking/catalog.js';

/** At most this many of the first screen's services or resources are asked about: one `nextSlots` each. */
const MOST_SUBJECTS = 6;

/** Whether anything the first screen offers has a free time today, in the company's zone. */
export async function freeToday(api: SchedulingClient, catalog: Catalog, companyId: string, now: number): Promise<boolean> {
  const today = instantToWallClock(now, catalog.company.timeZone).date;
  const subjects: SlotSubject[] = [
    ...catalog.services.map((service): SlotSubject => ({ kind: 'service', serviceId: service.id })),
    ...catalog.resources.map((resource): SlotSubject => ({ kind: 'resource', resourceId: resource.id })),
  ].slice(0, MOST_SUBJECTS);
  const firsts = await Promise.all(
    subjects.map((subject) =>
      api
        .getNextSlots(companyId, { ...subject, startDate: today, number: 1 })
        .then((answer) => answer.items.some((day) => day.day === today && day.slots.length > 0))
        // A failed read says nothing about today: the offer stays as for a day with times.
        .catch(() => true),
    ),
  );
  return firsts.some(Boolean);
}
