/**
 * Loading free times failed (inner event: `<bw-time-step>` to the widget). The step
 * shows it with a retry; the widget tells the page (`bw-error`, phase `slots`).
 */
export class SlotsErrorEvent extends Event {
  constructor(readonly error: unknown) {
    super('slots-error', { bubbles: true });
  }
}
