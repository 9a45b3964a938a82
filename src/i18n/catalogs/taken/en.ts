import type { PluralForms } from '../../plural.js';

/**
 * What the details step says when the time chosen was just taken (#24), in a catalog of
 * its own: it loads with the booking code (booking-alternatives.ts), so the script-tag
 * bundle carries none of it. The line without times offered is the main catalog's `slotTaken`.
 */
export const takenEn = {
  /** The line above the times offered, and what screen readers hear: `#` is how many. */
  takenOffer: {
    one: 'Sorry, that time was just taken. This time is still free:',
    other: 'Sorry, that time was just taken. These # times are still free:',
  } as PluralForms,
  /** Back to the time step. */
  /** A time offered instead: choosing it books it at once (`time` as the step shows it). */
  bookAt: (time: string) => `Book ${time}`,
  chooseAnotherTime: 'Choose another time',
};

export type TakenMessages = typeof takenEn;
