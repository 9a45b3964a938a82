import type { Registration } from 'booking-widget-shared/queue-types';

export interface QueueEventDetail {
  /** The visitor's place as the service last said it: `status`, `rank`, `numberOfPeopleAhead`, `waitingTime`. */
  registration: Registration;
}

export interface QueueJoinedEventDetail extends QueueEventDetail {
  /** The link that reopens this place (`queue-param` on the current page), when the proxy gave a token for it. */
  placeUrl?: string | undefined;
}

/** The visitor joined a walk-in line (service contract §16). */
export class QueueJoinedEvent extends CustomEvent<QueueJoinedEventDetail> {
  constructor(detail: QueueJoinedEventDetail) {
    super('bw-queue-joined', { bubbles: true, composed: true, detail });
  }
}

/** The visitor's place changed: people ahead, the estimated wait, or the status. */
export class QueueUpdatedEvent extends CustomEvent<QueueEventDetail> {
  constructor(detail: QueueEventDetail) {
    super('bw-queue-updated', { bubbles: true, composed: true, detail });
  }
}

/** Staff called the visitor: their status became `ingoing`. */
export class QueueCalledEvent extends CustomEvent<QueueEventDetail> {
  constructor(detail: QueueEventDetail) {
    super('bw-queue-called', { bubbles: true, composed: true, detail });
  }
}

/** The visitor left the line. */
export class QueueLeftEvent extends CustomEvent<QueueEventDetail> {
  constructor(detail: QueueEventDetail) {
    super('bw-queue-left', { bubbles: true, composed: true, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-queue-joined': QueueJoinedEvent;
    'bw-queue-updated': QueueUpdatedEvent;
    'bw-queue-called': QueueCalledEvent;
    'bw-queue-left': QueueLeftEvent;
  }
}
