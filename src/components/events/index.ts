export { BookedEvent } from './booked-event.js';
export type { BookedEventDetail } from './booked-event.js';
export { BookingErrorEvent, ErrorPhase } from './error-event.js';
export type { ErrorEventDetail } from './error-event.js';
export { BookingReadyEvent } from './ready-event.js';
export type { ReadyEventDetail } from './ready-event.js';
export { SlotSelectEvent } from './slot-select-event.js';
export type { SlotSelectEventDetail } from './slot-select-event.js';
export { StepChangeEvent } from './step-change-event.js';
export type { StepChangeEventDetail } from './step-change-event.js';
// Types only: the hold events are dispatched by the booking chunk (held times, #24), and their classes stay there.
export type { SlotGoneEvent, SlotGoneEventDetail } from './slot-gone-event.js';
export type { SlotHeldEvent, SlotHeldEventDetail } from './slot-held-event.js';
export type { SlotReleasedEvent, SlotReleasedEventDetail, SlotReleaseReason } from './slot-released-event.js';
// Types only: these two are dispatched by the manage chunk, and the classes stay there (size budget).
export type { CancelledEvent, CancelledEventDetail } from './cancelled-event.js';
export type { RescheduledEvent, RescheduledEventDetail } from './rescheduled-event.js';
// Types only, as manage mode's: the walk-in line's chunk dispatches them.
export type {
  QueueCalledEvent,
  QueueEventDetail,
  QueueJoinedEvent,
  QueueJoinedEventDetail,
  QueueLeftEvent,
  QueueUpdatedEvent,
} from './queue-events.js';
