/** The visitor chose how many of the resource's durations to book (inner event: `<bw-duration-choice>` to the widget). */
export class DurationSelectEvent extends Event {
  constructor(readonly iterations: number) {
    super('bw-duration-select', { bubbles: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-duration-select': DurationSelectEvent;
  }
}
