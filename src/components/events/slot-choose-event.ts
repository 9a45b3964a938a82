/**
 * The visitor chose a time, `slot` in epoch ms (inner event: `<bw-slot-picker>` to its parent,
 * `<bw-time-step>` to its host). The widget tells the page with the public `bw-slot-select`.
 */
export class SlotChooseEvent extends Event {
  constructor(
    readonly slot: number,
    /** Chosen with a pointer (a tap, a click), not a key: the host may bring what comes next into view. */
    readonly tapped = false,
  ) {
    super('bw-slot-choose', { bubbles: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-slot-choose': SlotChooseEvent;
  }
}
