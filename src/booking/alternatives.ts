/**
 * The free times offered when the one the visitor chose was just taken (#24): the
 * nearest of the same display-zone day first, then the following days in order, never
 * the taken one, at most three; and the state of that offer as a reducer. Pure: the
 * booking chunk's AlternativesController owns the state, reads the slots (the day's
 * from the slot store, the next days' from `nextSlots`) and hands them in, so all of it
 * is tested as data (test/node/booking-alternatives.test.ts). It lives beside the flow
 * rather than in it so that the script-tag bundle, which holds the flow, carries none of it.
 */
import { type CalendarDate, addDays } from 'booking-widget-shared/calendar-date';
import { instantToWallClock, startOfDayInstant } from 'booking-widget-shared/zone';

/** As many as a visitor can compare at a glance, each one key press from booking. */
export const MAX_ALTERNATIVES = 3;

export interface AlternativesInput {
  /** The start just taken (epoch ms). */
  taken: number;
  /** Free starts read for the taken time's day: any that fall on another display day are left out. */
  sameDay: readonly (Date | number)[];
  /** Free starts of the following days (`nextSlots`): any on the taken time's display day or before are left out. */
  later: readonly (Date | number)[];
  /** The zone the visitor sees times in: "the same day" is a day there. */
  displayTimeZone: string;
  /** Nothing sooner is bookable (now + minimum notice). */
  earliest: number;
  /** Nothing from this instant on is bookable (the merchant's `maxDaysAhead`); `Infinity` without a limit. */
  before: number;
}

/**
 * Up to three free starts, in time order: the ones of the taken time's display day that
 * are nearest to it (a later one first when two are as near), then the next days' earliest.
 */
export function pickAlternatives({ taken, sameDay, later, displayTimeZone, earliest, before }: AlternativesInput): number[] {
  const day = instantToWallClock(taken, displayTimeZone).date;
  const dayEnds = startOfDayInstant(addDays(day, 1), displayTimeZone).getTime();
  const dayStarts = startOfDayInstant(day, displayTimeZone).getTime();
  const usable = (starts: readonly (Date | number)[]) =>
    [...new Set(starts.map(Number))].filter((start) => start !== taken && start >= earliest && start < before);
  const nearest = usable(sameDay)
    .filter((start) => start >= dayStarts && start < dayEnds)
    .sort((a, b) => Math.abs(a - taken) - Math.abs(b - taken) || b - a);
  const following = usable(later)
    .filter((start) => start >= dayEnds)
    .sort((a, b) => a - b);
  return [...nearest, ...following].slice(0, MAX_ALTERNATIVES).sort((a, b) => a - b);
}

/** The display-zone day of `start`: an alternative on another day than the taken one is labelled with its day. */
export function displayDayOf(start: number, displayTimeZone: string): CalendarDate {
  return instantToWallClock(start, displayTimeZone).date;
}

/** A time just taken and the times offered instead (`alternatives` undefined while they are looked for). */
export interface Taken {
  readonly start: number;
  readonly alternatives?: readonly number[] | undefined;
}

export type TakenAction =
  /** The flow's chosen time `start` was just taken (a 409 at Book, or to the hold). */
  | { type: 'taken'; start: number }
  /** The times found for `start`: an answer for another time taken since is not this one's. */
  | { type: 'found'; start: number; alternatives: readonly number[] }
  /** The visitor chose a time or left the step: nothing is offered any more. */
  | { type: 'over' };

/** The AlternativesController's state, which only it changes: `undefined` when nothing was taken. */
export function reduceTaken(taken: Taken | undefined, action: TakenAction): Taken | undefined {
  switch (action.type) {
    case 'taken':
      return { start: action.start };
    case 'found':
      return taken?.start === action.start ? { start: action.start, alternatives: action.alternatives } : taken;
    case 'over':
      return undefined;
  }
}
