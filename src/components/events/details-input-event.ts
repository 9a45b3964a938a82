import type { DetailsField, VisitorDetails } from '../../booking/visitor-details.js';

/**
 * The visitor changed one field of their details (inner event: `<bw-details-form>` to the widget).
 * It carries the change, not the whole form: the parent merges it into what it holds, so changes
 * that come faster than it renders (autofill fills several fields at once) all count.
 */
export class DetailsInputEvent<F extends DetailsField = DetailsField> extends Event {
  constructor(
    readonly field: F,
    readonly value: VisitorDetails[F],
  ) {
    super('bw-details-input', { bubbles: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-details-input': DetailsInputEvent;
  }
}
