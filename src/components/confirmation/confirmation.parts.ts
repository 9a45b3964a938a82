/** The parts of `<bw-confirmation>` (documented on the element). */
export const CONFIRMATION_PARTS = ['reference', 'calendar-link', 'manage-link'] as const;
