export interface SlotHeldEventDetail {
  /** ISO 8601 instant (UTC) of the held start. */
  start: string;
  /** ISO 8601 instant the hold lapses at unless renewed: the widget renews it while the details step is open. */
  expiresAt: string;
}

/** The booking proxy holds the chosen time for the visitor (docs/proxy.md, "Held times"); fired again on each renewal. */
export class SlotHeldEvent extends CustomEvent<SlotHeldEventDetail> {
  constructor(detail: SlotHeldEventDetail) {
    super('bw-slot-held', { bubbles: true, composed: true, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-slot-held': SlotHeldEvent;
  }
}
