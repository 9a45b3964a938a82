/**
 * `<booking-widget>`: the element, its events and the types a page uses with it.
 * Importing this module defines the element (a second copy on the same page is
 * ignored, not an error). `index.ts` adds the ways to embed it.
 */
export { BookingWidget } from './components/booking-widget/booking-widget.js';
export type { BookingPrefill, Theme } from './components/booking-widget/booking-widget.js';
export { Step } from './booking/steps.js';
export type { WidgetSettings, FieldRequirement } from 'booking-widget-shared/widget-settings';
export * from './components/events/index.js';
export { SchedulingError } from './api/errors.js';
export type * from 'booking-widget-shared/types';
