/**
 * The time step: the calendar and the times of the subject chosen, and Continue.
 * Rendering only: a TimeController holds what `<bw-time-step>` shows and takes its
 * intents. The element comes with the steps' chunk and shows `fallback` until then.
 */
import { type TemplateResult, html, nothing } from 'lit';
import type { SlotChooseEvent } from '../events/slot-choose-event.js';
import type { TimeController } from './time-controller.js';
import { exportParts } from '../shared/parts.js';
import { TIME_STEP_PARTS } from '../time-step/time-step.parts.js';
import type { StepContext } from './choice-steps.js';

export interface TimeStepContext extends StepContext {
  times: TimeController | undefined;
  /** What a lazy element shows until its chunk has defined it. */
  fallback: TemplateResult;
}

/**
 * A time tapped on a phone: Continue, below a long list of times, comes into view once it shows (the least scroll
 * that shows it; none when it is in view). A time chosen with the keyboard leaves the page where it is.
 */
function showContinue(step: Element): void {
  requestAnimationFrame(() => (step.getRootNode() as ParentNode).querySelector('[part="continue"]')?.scrollIntoView({ block: 'nearest' }));
}

export function renderTimeStep({ state, localizer, dispatch, times, fallback }: TimeStepContext) {
  const view = times?.view;
  if (!view) return nothing;
  return html`
    ${state.slotTaken ? html`<p class="notice" part="notice" role="alert">${localizer.messages.slotTaken}</p>` : nothing}
    <bw-time-step
      exportparts=${exportParts(TIME_STEP_PARTS)}
      .localizer=${localizer}
      .times=${view}
      @bw-day-focus=${times}
      @bw-day-select=${times}
      @month-change=${times}
      @bw-slot-choose=${(event: SlotChooseEvent) => {
        times.handleEvent(event);
        if (event.tapped) showContinue(event.target as Element);
      }}
      @next-available=${times}
      @zone-change=${times}
      @bw-retry=${times}
      >${fallback}</bw-time-step
    >
    <div>
      <button
        type="button"
        class="button"
        part="continue"
        ?hidden=${state.selection.slot === undefined}
        @click=${() => dispatch({ type: 'next' })}
      >
        ${localizer.messages.continue}
      </button>
    </div>
  `;
}
