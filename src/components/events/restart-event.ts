/** The visitor wants to book another appointment (inner event: `<bw-confirmation>` to the widget). */
export class RestartEvent extends Event {
  constructor() {
    super('restart', { bubbles: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    restart: RestartEvent;
  }
}
