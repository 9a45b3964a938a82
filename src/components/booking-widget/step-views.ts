/**
 * The steps' views and the time step's controller: one lazy chunk, asked for with the
 * steps' elements as the widget connects (lazy-parts.ts). The host renders a step once
 * both are in.
 */
export { TimeController } from './time-controller.js';
export { renderResourceStep, renderServiceStep, renderStaffStep } from './choice-steps.js';
export { renderLocationStep } from './location-view.js';
export { renderProgress, renderStep } from './step-shell.js';
export { renderTimeStep } from './time-view.js';
