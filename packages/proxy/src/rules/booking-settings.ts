import type { Company } from 'booking-widget-shared/types';
import { readSettings } from 'booking-widget-shared/widget-settings';

/**
 * The widget settings (service contract §10) that limit what a visitor may book. They are
 * read by the widget's own reader (`readSettings`): a value of the wrong type is
 * ignored there, so it is ignored here too, and the proxy never refuses what the
 * widget offers.
 */
export interface BookingLimits {
  /** Slots starting sooner than this are not offered. */
  minNoticeMinutes: number;
  /** The last bookable day, counted from today in the company's zone; `undefined`: no limit. */
  maxDaysAhead: number | undefined;
  /** Consecutive durations a visitor may book in resource mode (§13). */
  maxIterations: number;
}

export function bookingLimits(company: Company): BookingLimits {
  // The page warns of a bad value; the proxy only leaves it out, as the page does.
  const settings = readSettings(company, () => {});
  return {
    minNoticeMinutes: settings.minNoticeMinutes ?? 0,
    maxDaysAhead: settings.maxDaysAhead,
    maxIterations: settings.maxIterations ?? 1,
  };
}
