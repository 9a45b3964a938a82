/** The visitor asked to load again what could not be loaded (inner event: `<bw-time-step>`, `<bw-location-step>` to the widget). */
export class RetryEvent extends Event {
  constructor() {
    super('bw-retry', { bubbles: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-retry': RetryEvent;
  }
}
