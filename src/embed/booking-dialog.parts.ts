/** The parts of `<booking-dialog>` (documented on the element). */
export const BOOKING_DIALOG_PARTS = ['dialog', 'close'] as const;
