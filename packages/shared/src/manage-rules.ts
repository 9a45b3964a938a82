/**
 * Whether the visitor may still move or cancel their booking themselves: the
 * merchant's rules (service contract §10: `allowReschedule`, `allowCancel`,
 * `rescheduleNoticeMinutes`, `cancelNoticeMinutes`) read as the proxy reads them,
 * so the page never offers what the proxy would refuse.
 */
import type { Company } from './types.js';
import { isRecord } from './is-record.js';
import { earliestStart } from './earliest-start.js';

export interface SelfServiceRules {
  allowReschedule: boolean;
  allowCancel: boolean;
  rescheduleNoticeMinutes: number;
  cancelNoticeMinutes: number;
}

/** Why a change cannot be made online: the booking has started, it is too close, or the merchant does not allow it. */
export const Locked = { Past: 'past', Notice: 'notice', NotAllowed: 'not-allowed' } as const;
export type Locked = (typeof Locked)[keyof typeof Locked];

export function selfServiceRules(company: Company, warn: (message: string) => void = console.warn): SelfServiceRules {
  const raw = company.extendedProperties?.public?.bookingWidget;
  const settings = isRecord(raw) ? raw : {};
  const flag = (key: string) => {
    const value = settings[key];
    if (value === undefined || typeof value === 'boolean') return value !== false;
    warn(`<booking-widget>: bookingWidget.${key} should be true or false; ${JSON.stringify(value)} was ignored.`);
    return true;
  };
  const minutes = (key: string) => {
    const value = settings[key];
    if (value === undefined) return 0;
    if (Number.isInteger(value) && (value as number) >= 0) return value as number;
    warn(`<booking-widget>: bookingWidget.${key} should be a whole number of minutes; ${JSON.stringify(value)} was ignored.`);
    return 0;
  };
  return {
    allowReschedule: flag('allowReschedule'),
    allowCancel: flag('allowCancel'),
    rescheduleNoticeMinutes: minutes('rescheduleNoticeMinutes'),
    cancelNoticeMinutes: minutes('cancelNoticeMinutes'),
  };
}

/** What a visitor may do to their booking themselves. */
export type SelfServiceChange = 'reschedule' | 'cancel';

/** The first instant a booking may be moved to, the booking window's own notice aside: {@link earliestStart}, as the proxy asks it. */
export const earliestNewStart = (nowMs: number, rules: SelfServiceRules): number => earliestStart(nowMs, 0, rules);

/** `undefined` when the change is allowed now; else why not. */
export function lockedFor(change: SelfServiceChange, startMs: number, nowMs: number, rules: SelfServiceRules): Locked | undefined {
  if (startMs <= nowMs) return Locked.Past;
  const allowed = change === 'reschedule' ? rules.allowReschedule : rules.allowCancel;
  if (!allowed) return Locked.NotAllowed;
  const notice = change === 'reschedule' ? rules.rescheduleNoticeMinutes : rules.cancelNoticeMinutes;
  return startMs < nowMs + notice * 60_000 ? Locked.Notice : undefined;
}
