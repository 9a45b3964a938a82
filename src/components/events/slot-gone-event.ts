export interface SlotGoneEventDetail {
  /** ISO 8601 instant (UTC) of the chosen start that is no longer free. */
  start: string;
}

/** The time the visitor chose was taken by someone else before they could book it; the widget offers the times left. */
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
