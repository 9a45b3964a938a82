/** The parts of `<bw-day-picker>`, state tokens included (documented on the element). */
export const DAY_PICKER_PARTS = ['month-heading', 'previous', 'next', 'day', 'available', 'selected', 'today'] as const;
