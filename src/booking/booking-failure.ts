/**
 * What a failed booking means for the visitor: another time, a field to correct,
 * or a retry. Loads with the booking code, after the first times are on screen.
 */
import { SchedulingError } from '../api/errors.js';
import type { Messages } from '../i18n/catalogs/en.js';
import type { Problem } from './problems.js';
import { type DetailsField, detailsFieldOf } from './visitor-details.js';

/** True when the slot was taken between showing it and booking it. */
export function isSlotTaken(error: unknown): boolean {
  return (
    error instanceof SchedulingError &&
    error.status === 409 &&
    (error.errorCode === 'DATE_NOT_AVAILABLE' || error.errorCode === 'STAFF_NOT_AVAILABLE')
  );
}

/** What a failed booking means for the flow. */
export type BookingFailure =
  /** Someone took the time first: back to that day's refreshed times. */
  | { kind: 'slot-taken'; message: string }
  /** The service refused one field the visitor typed: show it there. */
  | { kind: 'field'; field: DetailsField; message: string }
  /** The service refused the answer to one intake question (`form.<id>`, service contract §11): show it there. */
  | { kind: 'answer'; id: string; message: string }
  /** Anything else: a message above the button, which retries with the same keys. */
  | { kind: 'other'; message: string };

export function bookingFailure(error: unknown, problem: Problem, messages: Messages): BookingFailure {
  if (isSlotTaken(error)) return { kind: 'slot-taken', message: messages.slotTaken };
  const refused = error instanceof SchedulingError && error.status === 400 ? error.field : undefined;
  if (refused?.startsWith('form.')) return { kind: 'answer', id: refused.slice(5), message: messages.checkField };
  const field = detailsFieldOf(refused);
  if (field) {
    const message = field === 'email' ? messages.invalidEmail : field === 'phone' ? messages.invalidPhone : messages.checkField;
    return { kind: 'field', field, message };
  }
  return { kind: 'other', message: problem.retryable ? messages.bookingFailed : problem.visitorMessage };
}
