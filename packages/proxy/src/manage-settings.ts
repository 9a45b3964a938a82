import type { Company } from '../../../src/api/types.js';

/**
 * The merchant's self-service rules (contract §10): read as the widget reads them,
 * a value of the wrong type ignored, so page and proxy agree.
 */
export interface SelfServiceRules {
  allowReschedule: boolean;
  allowCancel: boolean;
  /** No reschedule this close to the appointment's start. */
  rescheduleNoticeMinutes: number;
  /** No cancel this close to the appointment's start. */
  cancelNoticeMinutes: number;
}

const wholeOr = (value: unknown, fallback: number): number => (Number.isInteger(value) && (value as number) >= 0 ? (value as number) : fallback);

export function selfServiceRules(company: Company): SelfServiceRules {
  const raw: unknown = company.extendedProperties?.public?.bookingWidget;
  const settings = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  return {
    allowReschedule: settings.allowReschedule !== false,
    allowCancel: settings.allowCancel !== false,
    rescheduleNoticeMinutes: wholeOr(settings.rescheduleNoticeMinutes, 0),
    cancelNoticeMinutes: wholeOr(settings.cancelNoticeMinutes, 0),
  };
}
