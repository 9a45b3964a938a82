/** A visitor's place in the salon's walk-in line, as the service answers it: the node and browser suites' one example. */
import type { Registration } from 'booking-widget-shared/queue-types';

/** Second in line, one person ahead, about 10 minutes. */
export const PLACE: Registration = {
  id: 'r1',
  queue: { id: 'q1' },
  client: { id: 'c1' },
  partySize: 1,
  status: 'registered',
  rank: 2,
  numberOfPeopleAhead: 1,
  waitingTime: 10,
  created: { dateTime: '2026-03-04T10:00:00', timeZone: 'America/New_York' },
};
