/** The visitor chose the item `value` (inner event: `<bw-choice-list>` to its parent, `<bw-location-step>` to the widget). */
export class ChoiceSelectEvent extends Event {
  constructor(readonly value: string) {
    super('bw-choice-select', { bubbles: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-choice-select': ChoiceSelectEvent;
  }
}
