/**
 * Asks `<booking-widget>` to say something to screen-reader users through its
 * single live region: politely for results, assertively for errors. It crosses
 * the inner elements' shadow roots (composed) and stops at the widget, which
 * handles it; it never reaches the page.
 */
export class AnnounceEvent extends Event {
  constructor(
    readonly message: string,
    readonly politeness: 'polite' | 'assertive' = 'polite',
  ) {
    super('announce', { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    announce: AnnounceEvent;
  }
}
