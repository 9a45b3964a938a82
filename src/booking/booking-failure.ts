/**
 * What a failed booking means for the visitor: another time, a field to correct,
 * or a retry. Loads with the booking code, after the first times are on screen.
 */
import { SchedulingError, TransportErrorCode } from '../api/errors.js';
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
  /** The service refused one field the visitor typed: show it there; `announcement` names the field. */
  | { kind: 'field'; field: DetailsField; message: string; announcement: string }
  /** The service refused the answer to one intake question (`form.<id>`, service contract §11): show it there, and name it. */
  | { kind: 'answer'; id: string; message: string; announcement: string }
  /** Anything else: a message above the button, which retries with the same keys. */
  | { kind: 'other'; message: string };

/**
 * `titleOf` gives a question's title as the visitor read it: a refused answer is announced
 * with it ("Which side?: Please check this field."). Manage mode, without questions, needs none.
 */
export function bookingFailure(
  error: unknown,
  problem: Problem,
  messages: Messages,
  titleOf: (id: string) => string | undefined = () => undefined,
): BookingFailure {
  if (isSlotTaken(error)) return { kind: 'slot-taken', message: messages.slotTaken };
  const refused = error instanceof SchedulingError && error.status === 400 ? error.field : undefined;
  if (refused?.startsWith('form.')) {
    const id = refused.slice(5);
    const message = messages.checkField;
    const title = titleOf(id);
    return { kind: 'answer', id, message, announcement: title ? messages.fieldProblem(title, message) : message };
  }
  const field = detailsFieldOf(refused);
  if (field) {
    const message = field === 'email' ? messages.invalidEmail : field === 'phone' ? messages.invalidPhone : messages.checkField;
    const name = field === 'consent' ? messages.privacyPolicy : messages[field];
    return { kind: 'field', field, message, announcement: messages.fieldProblem(name, message) };
  }
  // A lost connection, or too many attempts, is said as such (check the connection; wait a moment), as it is while
  // loading; any other failure the same button retries, with the same keys, could not be confirmed.
  const said = error instanceof SchedulingError && (error.errorCode === TransportErrorCode.Network || error.status === 429);
  return { kind: 'other', message: said || !problem.retryable ? problem.visitorMessage : messages.bookingFailed };
}
