/**
 * The visitor chose a time, `slot` in epoch ms (inner event: `<bw-slot-picker>` to its parent,
 * `<bw-time-step>` to its host). The widget tells the page with the public `bw-slot-select`.
 */
export class SlotChooseEvent extends Event {
  constructor(readonly slot: number) {
    super('bw-slot-choose', { bubbles: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-slot-choose': SlotChooseEvent;
  }
}
