/** Why a held time was given back. */
export const SlotReleaseReason = {
  /** The visitor went back to choose another time, or another subject. */
  back: 'back',
  /** The page was left, or the widget removed or put out of sight (a popup closed). */
  left: 'left',
  /** The time was booked: the proxy released it with the booking. */
  booked: 'booked',
} as const;
export type SlotReleaseReason = (typeof SlotReleaseReason)[keyof typeof SlotReleaseReason];

export interface SlotReleasedEventDetail {
  /** ISO 8601 instant (UTC) of the start that was held. */
  start: string;
  reason: SlotReleaseReason;
}

/** The time held for the visitor was given back. */
export class SlotReleasedEvent extends CustomEvent<SlotReleasedEventDetail> {
  constructor(
    detail: SlotReleasedEventDetail,
    /**
     * Resolves once the proxy has the time back and offers it again (its answer to the release came, or the
     * release failed and the hold lapses on its own); at once when the booking used the time.
     */
    readonly settled: Promise<void> = Promise.resolve(),
  ) {
    super('bw-slot-released', { bubbles: true, composed: true, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-slot-released': SlotReleasedEvent;
  }
}
