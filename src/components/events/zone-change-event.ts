/** The visitor switched the times between the company's zone and their own (inner event: `<bw-time-step>` to the widget). */
export class ZoneChangeEvent extends Event {
  constructor(readonly timeZone: string) {
    super('zone-change', { bubbles: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'zone-change': ZoneChangeEvent;
  }
}
