/**
 * Asks `<booking-widget>` to say something to screen-reader users through its
 * single live region: politely for results, assertively for errors.
 */
export class AnnounceEvent extends Event {
  constructor(
    readonly message: string,
    readonly politeness: 'polite' | 'assertive' = 'polite',
  ) {
    super('announce', { bubbles: true });
  }
}
