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
export { errorCodeForStatus } from './error-codes.js';
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
export * from './time/calendar-date.js';
export {
  UnknownTimeZoneError,
  assertTimeZone,
  instantToWallClock,
  isTimeZone,
  localTimeZone,
  startOfDayInstant,
  wallClockToInstant,
} from './time/zone.js';
export type { WallClock } from './time/zone.js';
export * from './types.js';
export * from './form-types.js';
export { AnswerProblem, answerProblem, formFor } from './form-rules.js';
export type { FormTarget } from './form-rules.js';
