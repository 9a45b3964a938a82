/**
 * React components for `<booking-widget>` and `<booking-button>`: props set the
 * elements' properties, and each `bw-*` event has a typed callback
 * (`onBwBooked={(event) => event.detail.appointment}`).
 *
 * @example
 * import { BookingWidget } from 'booking-widget/react';
 * <BookingWidget companyId="demo-salon" apiBase="/booking-api" onBwBooked={(e) => track(e.detail.appointment)} />
 */
import { type EventName, createComponent } from '@lit/react';
import * as React from 'react';
import {
  type BookedEvent,
  type BookingErrorEvent,
  type BookingReadyEvent,
  type SlotSelectEvent,
  type StepChangeEvent,
  BookingButton as BookingButtonElement,
  BookingWidget as BookingWidgetElement,
} from '../index.js';

const events = {
  onBwReady: 'bw-ready' as EventName<BookingReadyEvent>,
  onBwStepChange: 'bw-step-change' as EventName<StepChangeEvent>,
  onBwSlotSelect: 'bw-slot-select' as EventName<SlotSelectEvent>,
  onBwBooked: 'bw-booked' as EventName<BookedEvent>,
  onBwError: 'bw-error' as EventName<BookingErrorEvent>,
};

/** `<booking-widget>`, inline where it stands. */
export const BookingWidget = createComponent({
  react: React,
  tagName: 'booking-widget',
  elementClass: BookingWidgetElement,
  events,
  displayName: 'BookingWidget',
});

/** `<booking-button>`: a button that opens the widget in a modal dialog. */
export const BookingButton = createComponent({
  react: React,
  tagName: 'booking-button',
  elementClass: BookingButtonElement,
  events,
  displayName: 'BookingButton',
});
