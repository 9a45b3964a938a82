/** The visitor answered the intake question `id` (inner event: `<bw-intake-questions>` to the widget). */
export class AnswerEvent extends Event {
  constructor(
    readonly id: string,
    readonly value: string,
  ) {
    super('bw-answer', { bubbles: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-answer': AnswerEvent;
  }
}
