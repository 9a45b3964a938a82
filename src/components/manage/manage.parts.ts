import { TIME_STEP_PARTS } from '../time-step/time-step.parts.js';

/** The parts of `<bw-manage>`: its own and the time step's, which it forwards. */
export const MANAGE_PARTS = ['manage-action', 'reference', 'notice', 'calendar-link', ...TIME_STEP_PARTS] as const;
