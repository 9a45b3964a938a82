/** The visitor asked for the nearest locations first (inner event: `<bw-location-step>` to the widget, which asks for their position). */
export class LocateEvent extends Event {
  constructor() {
    super('bw-locate', { bubbles: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-locate': LocateEvent;
  }
}
