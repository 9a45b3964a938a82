/**
 * The first instant a time may be offered or booked: the booking window's minimum notice
 * from now and, for a move (`rules` given), also the reschedule notice, since a move may not
 * create a booking that could not be moved again. The one rule for booking, manage mode and
 * the proxy (through manage-rules.ts). A file of its own, so that the script-tag bundle,
 * which needs it for booking, carries none of the self-service rules that manage mode reads.
 */
export function earliestStart(nowMs: number, minNoticeMinutes = 0, rules?: { rescheduleNoticeMinutes: number }): number {
  // A time that starts now has started (manage-rules.ts' `lockedFor`): with no notice, the first
  // bookable instant is the next millisecond, so a booking made can always be managed at once.
  return nowMs + Math.max(1, minNoticeMinutes * 60_000, (rules?.rescheduleNoticeMinutes ?? 0) * 60_000);
}
