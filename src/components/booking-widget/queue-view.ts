/**
 * A walk-in line (service contract §16): rendering only. `<bw-queue>` in place of the
 * steps, or the first step's offer to join instead of booking; both arrive with the
 * line's chunk, after the first screen.
 */
import { type TemplateResult, html, nothing } from 'lit';
import type { QueueController } from './queue-controller.js';

export function renderQueue(queue: QueueController, fallback: TemplateResult): TemplateResult {
  const view = queue.view;
  return view ? html`<bw-queue .view=${view} @queue-intent=${queue.onIntent}></bw-queue>` : fallback;
}

/**
 * The first step's "Join the walk-in line", which turns the widget into the line: while the line
 * is open, always with `queue="offer"`, else once nothing the first screen offers is free today.
 */
export function renderQueueOffer(queue: QueueController, always: boolean, join: () => void): TemplateResult | typeof nothing {
  const view = queue.view;
  if (!view || !queue.joinable || !(always || queue.freeToday === false)) return nothing;
  return html`<p class="queue-offer">
    ${queue.freeToday === false ? html`${view.messages.noTimeToday} ` : nothing}
    <button
      type="button"
      class="button secondary"
      @click=${() => {
        queue.enter();
        join();
      }}
    >
      ${view.messages.joinLine}
    </button>
  </p>`;
}
