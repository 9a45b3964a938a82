/** The visitor asked for the next free time after an empty day (inner event: `<bw-slot-picker>` to `<bw-time-step>`). */
export class NextAvailableEvent extends Event {
  constructor() {
    super('next-available', { bubbles: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'next-available': NextAvailableEvent;
  }
}
