/**
 * Manage mode's messages (reschedule, cancel), in a catalog of their own: only a page
 * opened from a visitor's manage link loads them, with manage mode's chunk, so the
 * script-tag bundle carries none. The confirmation's link text stays in the main catalog.
 */
export const manageEn = {
  yourBooking: 'Your booking',
  reschedule: 'Reschedule',
  cancelBooking: 'Cancel booking',
  chooseNewTime: 'Choose a new time',
  confirmNewTime: 'Confirm the new time',
  currentTime: 'Current time',
  /** The time being moved, above the new times: `time` as the locale writes it. */
  currentTimeIs: (time: string) => `Current time: ${time}`,
  newTime: 'New time',
  moveBooking: 'Move booking',
  cancelQuestion: 'Cancel this booking?',
  confirmCancel: 'Yes, cancel it',
  keepBooking: 'Keep booking',
  saving: 'Saving…',
  moved: 'Your booking has been moved.',
  cancelled: 'Your booking has been cancelled.',
  bookingPast: 'This booking is in the past and can no longer be changed online.',
  rescheduleNotice: (notice: string) => `Bookings can be moved online up to ${notice} before they start.`,
  cancelNotice: (notice: string) => `Bookings can be cancelled online up to ${notice} before they start.`,
  rescheduleOff: 'This booking cannot be moved online.',
  cancelOff: 'This booking cannot be cancelled online.',
  contactUs: 'To change it, please contact us:',
  linkInvalid: 'This link is not valid or has expired.',
  bookingGone: 'This booking no longer exists.',
  changeFailed: 'Your booking could not be changed. Please try again.',
  notChanged: 'Your booking could not be changed.',
  tooLate: 'It is now too late to change this booking online.',
  waitToRetry: (wait: string) => `Too many requests from this connection. Please wait ${wait}, then try again.`,
};

export type ManageMessages = typeof manageEn;
