export { createSchedulingClient } from './client.js';
export type {
  CallOptions,
  CompanyOptions,
  FreeSlotsQuery,
  NextSlotsQuery,
  SchedulingClient,
  SchedulingClientOptions,
  WriteOptions,
} from './client.js';
export { subjectKey, subjectQuery } from './subject.js';
export type { SlotSubject } from './subject.js';
export { errorCodeForStatus } from 'booking-widget-shared/error-codes';
export type { AccessTokenSource, PartnerCredentials } from './credentials.js';
export { SchedulingError, TransportErrorCode } from './errors.js';
export { DEFAULT_RETRY_POLICY } from './retry.js';
export type { RetryPolicy } from './retry.js';
export { clearSharedReads } from './shared-reads.js';
export { BookingAttempt, appointmentInput } from './booking.js';
export { createManageClient } from './manage.js';
export type { ManageCallOptions, ManageClient, NewTimes } from './manage.js';
export type { BookingRequest } from './booking.js';
export { newIdempotencyKey } from './idempotency-key.js';
export { appointmentTimes, companyDatesCovering, groupByDay, slotInstants, toDateTimeInZone } from './slots.js';
export * from 'booking-widget-shared/calendar-date';
export {
  UnknownTimeZoneError,
  assertTimeZone,
  instantToWallClock,
  isTimeZone,
  localTimeZone,
  startOfDayInstant,
  wallClockToInstant,
} from 'booking-widget-shared/zone';
export type { WallClock } from 'booking-widget-shared/zone';
export * from 'booking-widget-shared/types';
export * from 'booking-widget-shared/form-types';
export { AnswerProblem, answerProblem } from 'booking-widget-shared/answer-rules';
export { formFor } from 'booking-widget-shared/form-rules';
export type { FormTarget } from 'booking-widget-shared/form-rules';
