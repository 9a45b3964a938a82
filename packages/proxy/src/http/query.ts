import { daysBetween, isCalendarDate } from 'booking-widget-shared/calendar-date';
import { MAX_FREE_SLOT_DAYS } from 'booking-widget-shared/types';
import { invalidParameter, RefusalReason } from './refusal.js';

/**
 * The query string to forward: only the parameters the route lists, each at most
 * once. Anything else is refused rather than dropped, so that a developer sees at
 * once why a parameter has no effect, and so that credentials (`apiKey`, `token`,
 * `access_token`) or parameters of other operations can never ride along. The name
 * the visitor chose is in `field`, never in the message: a message is a fixed sentence.
 */
export function forwardedQuery(params: URLSearchParams, allowed: readonly string[]): string {
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (!allowed.includes(name)) {
      throw invalidParameter(
        RefusalReason.queryNotAllowed,
        name,
        'This query parameter (field) is not accepted by the booking proxy here.',
      );
    }
    // Two values could be read differently by the proxy and by the service.
    if (seen.has(name))
      throw invalidParameter(RefusalReason.queryNotAllowed, name, 'This query parameter (field) is given more than once.');
    seen.add(name);
  }
  // Re-serialised, so the service parses what was checked; `fields=a,b` keeps its
  // commas readable, as the service documents them.
  const query = params.toString().replaceAll('%2C', ',');
  return query ? `?${query}` : '';
}

/**
 * A free-slot range no longer than the widget ever asks for (MAX_FREE_SLOT_DAYS,
 * the service's own limit): both ends given, as calendar dates, in order. A longer
 * or open range would cost the service more than any page needs, for nothing.
 */
export function checkSlotRange(params: URLSearchParams): void {
  const startDate = params.get('startDate');
  const endDate = params.get('endDate');
  for (const [field, value] of [
    ['startDate', startDate],
    ['endDate', endDate],
  ] as const) {
    if (!isCalendarDate(value)) throw invalidParameter(RefusalReason.queryNotAllowed, field, 'Give startDate and endDate as YYYY-MM-DD.');
  }
  const days = daysBetween(startDate!, endDate!) + 1;
  if (days < 1 || days > MAX_FREE_SLOT_DAYS) {
    throw invalidParameter(
      RefusalReason.queryNotAllowed,
      'endDate',
      `The range from startDate to endDate must be 1 to ${MAX_FREE_SLOT_DAYS} days long.`,
    );
  }
}
