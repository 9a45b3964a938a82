import type { ManageIntent } from '../../booking/manage-flow.js';

/** What `<bw-manage>` sends up: the visitor's intents, and its time step's failure to load free times, which the page hears of. */
export type ManageRequest = ManageIntent | { type: 'slots-error'; error: unknown };

/**
 * What the visitor asks of their booking in manage mode (inner event: `<bw-manage>` to the
 * widget, whose ManageController acts on it): reschedule, a new time, cancel, confirm, back, retry.
 */
export class ManageIntentEvent extends Event {
  constructor(readonly intent: ManageRequest) {
    super('manage-intent', { bubbles: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'manage-intent': ManageIntentEvent;
  }
}
