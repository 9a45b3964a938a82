/** The parts of `<bw-slot-picker>`, state tokens included (documented on the element). */
export const SLOT_PICKER_PARTS = ['period', 'slot', 'selected', 'next-available'] as const;
