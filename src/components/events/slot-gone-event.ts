export interface SlotGoneEventDetail {
  /** ISO 8601 instant (UTC) of the chosen start that is no longer free. */
  start: string;
  /**
   * ISO 8601 instants (UTC) of the free times the widget offers instead, in time order: the
   * nearest of the same day first, then the next days; at most three, empty when none is free.
   */
  alternatives: string[];
}

/** The time the visitor chose was taken by someone else before they could book it; the widget offers the nearest free times. */
export class SlotGoneEvent extends CustomEvent<SlotGoneEventDetail> {
  constructor(detail: SlotGoneEventDetail) {
    super('bw-slot-gone', { bubbles: true, composed: true, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-slot-gone': SlotGoneEvent;
  }
}
