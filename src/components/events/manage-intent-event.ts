import type { ManageIntent } from '../../booking/manage-flow.js';

/**
 * What the visitor asks of their booking in manage mode (inner event: `<bw-manage>` to the
 * widget, whose ManageController acts on it): reschedule, continue, cancel, confirm, back, retry.
 */
export class ManageIntentEvent extends Event {
  constructor(readonly intent: ManageIntent) {
    super('manage-intent', { bubbles: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'manage-intent': ManageIntentEvent;
  }
}
