import type { QueueIntent } from '../../booking/queue-flow.js';

/**
 * What the visitor asks of a walk-in line (inner event: `<bw-queue>` to the widget, whose
 * QueueController acts on it): type, join, leave (after asking), back, retry.
 */
export class QueueIntentEvent extends Event {
  constructor(readonly intent: QueueIntent) {
    super('queue-intent', { bubbles: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'queue-intent': QueueIntentEvent;
  }
}
