/**
 * `<booking-widget>` and its parts. Importing this module defines the elements
 * (a second copy on the same page is ignored, not an error).
 */
export { BookingWidget } from './components/booking-widget/booking-widget.js';
export type { BookingPrefill, Theme } from './components/booking-widget/booking-widget.js';
export { Step } from './booking/steps.js';
export type { WidgetSettings, FieldRequirement } from './booking/settings.js';
export * from './components/events/index.js';
export { SchedulingError } from './api/errors.js';
export type * from './api/types.js';
// Every way to embed it: <booking-button>, the popup dialog, CMS placeholders and popup links.
export * from './embed/index.js';
