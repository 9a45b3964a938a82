import { DAY_PICKER_PARTS } from '../day-picker/day-picker.parts.js';
import { SLOT_PICKER_PARTS } from '../slot-picker/slot-picker.parts.js';

/** The parts of `<bw-time-step>`: its own and those it forwards from the calendar and the times. */
export const TIME_STEP_OWN_PARTS = ['zone', 'next-available'] as const;
export const TIME_STEP_PARTS = [...TIME_STEP_OWN_PARTS, ...DAY_PICKER_PARTS, ...SLOT_PICKER_PARTS] as const;
