import type { Company } from 'booking-widget-shared/types';

/**
 * The widget settings (contract §10) that limit what a visitor may book. They are
 * read as the widget reads them (`src/components/booking-widget/settings.ts`): a
 * value of the wrong type is ignored there, so it is ignored here too, and the
 * proxy never refuses what the widget offers.
 */
export interface BookingLimits {
  /** Slots starting sooner than this are not offered. */
  minNoticeMinutes: number;
  /** The last bookable day, counted from today in the company's zone; `undefined`: no limit. */
  maxDaysAhead: number | undefined;
  /** Consecutive durations a visitor may book in resource mode (§13). */
  maxIterations: number;
}

const isWholeNumber = (value: unknown, min: number): value is number => Number.isInteger(value) && (value as number) >= min;

export function bookingLimits(company: Company): BookingLimits {
  const raw: unknown = company.extendedProperties?.public?.bookingWidget;
  const settings = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  return {
    minNoticeMinutes: isWholeNumber(settings.minNoticeMinutes, 0) ? settings.minNoticeMinutes : 0,
    maxDaysAhead: isWholeNumber(settings.maxDaysAhead, 0) ? settings.maxDaysAhead : undefined,
    maxIterations: isWholeNumber(settings.maxIterations, 1) ? settings.maxIterations : 1,
  };
}
