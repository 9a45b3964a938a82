/** Free slots over a range of days, as the widget endpoints answer them (service contract §5). */
import type { SlotDay } from 'booking-widget-shared/types';
import { addDays, eachDay, type CalendarDate } from 'booking-widget-shared/calendar-date';
import { formatWallClock, instantToWallClock } from 'booking-widget-shared/zone';
import { freeSlotsOn, type SlotSearch } from './availability.js';
import { clockOf } from './day-clock.js';

/** How far nextSlots looks from its start day before it gives up. */
export const NEXT_SLOTS_HORIZON_DAYS = 365;

interface DatedSlot {
  /** The day in the requested zone. */
  day: CalendarDate;
  /** `yyyy-MM-ddTHH:mm:ss` in the requested zone. */
  dateTime: string;
}

/**
 * Slots are computed per company day. Asked in another zone, the engine computes
 * two extra company days either side and files each start under its day in that zone:
 * zones lie up to 26 hours apart (Kiritimati, +14, against Pago Pago, -11, is 25), more
 * than one day.
 */
function* datedSlots(search: SlotSearch, from: CalendarDate, to: CalendarDate, timeZone: string): Generator<DatedSlot> {
  const companyZone = search.company.record.timeZone;
  const margin = timeZone === companyZone ? 0 : 2;
  for (let day = addDays(from, -margin); day <= addDays(to, margin); day = addDays(day, 1)) {
    for (const slot of freeSlotsOn(search, day)) {
      if (margin === 0) {
        yield { day, dateTime: `${day}T${clockOf(slot.minute)}:00` };
      } else {
        const wall = instantToWallClock(slot.startMs, timeZone);
        yield { day: wall.date, dateTime: formatWallClock(wall) };
      }
    }
  }
}

/** Every day from `startDate` to `endDate` (in `timeZone`), with its free slots, possibly none. */
export function freeSlotDays(search: SlotSearch, startDate: CalendarDate, endDate: CalendarDate, timeZone: string): SlotDay[] {
  const days = new Map(eachDay(startDate, endDate).map((day): [CalendarDate, string[]] => [day, []]));
  for (const slot of datedSlots(search, startDate, endDate, timeZone)) days.get(slot.day)?.push(slot.dateTime);
  return [...days].map(([day, slots]) => ({ day, slots, timeZone }));
}

/** The first `count` free slots from `startDate` on, grouped by day; days without a slot are left out. */
export function nextSlotDays(search: SlotSearch, startDate: CalendarDate, count: number, timeZone: string): SlotDay[] {
  const items: SlotDay[] = [];
  let found = 0;
  for (const slot of datedSlots(search, startDate, addDays(startDate, NEXT_SLOTS_HORIZON_DAYS), timeZone)) {
    if (slot.day < startDate) continue;
    let item = items[items.length - 1];
    if (item?.day !== slot.day) items.push((item = { day: slot.day, slots: [], timeZone }));
    item.slots.push(slot.dateTime);
    if (++found === count) break;
  }
  return items;
}
