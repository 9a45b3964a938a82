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
  type CancelledEvent,
  type QueueCalledEvent,
  type QueueJoinedEvent,
  type QueueLeftEvent,
  type QueueUpdatedEvent,
  type RescheduledEvent,
  type SlotGoneEvent,
  type SlotHeldEvent,
  type SlotReleasedEvent,
  type SlotSelectEvent,
  type StepChangeEvent,
  BookingButton as BookingButtonElement,
  BookingWidget as BookingWidgetElement,
} from '../index.js';

/** Every event the widget sends a page (the button forwards the same): test/e2e/react.test.ts checks it against the manifest. */
const events = {
  onBwReady: 'bw-ready' as EventName<BookingReadyEvent>,
  onBwStepChange: 'bw-step-change' as EventName<StepChangeEvent>,
  onBwSlotSelect: 'bw-slot-select' as EventName<SlotSelectEvent>,
  onBwSlotHeld: 'bw-slot-held' as EventName<SlotHeldEvent>,
  onBwSlotReleased: 'bw-slot-released' as EventName<SlotReleasedEvent>,
  onBwSlotGone: 'bw-slot-gone' as EventName<SlotGoneEvent>,
  onBwBooked: 'bw-booked' as EventName<BookedEvent>,
  onBwRescheduled: 'bw-rescheduled' as EventName<RescheduledEvent>,
  onBwCancelled: 'bw-cancelled' as EventName<CancelledEvent>,
  onBwQueueJoined: 'bw-queue-joined' as EventName<QueueJoinedEvent>,
  onBwQueueUpdated: 'bw-queue-updated' as EventName<QueueUpdatedEvent>,
  onBwQueueCalled: 'bw-queue-called' as EventName<QueueCalledEvent>,
  onBwQueueLeft: 'bw-queue-left' as EventName<QueueLeftEvent>,
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
