/**
 * The time step: the calendar and the times of the subject chosen, and Continue.
 * Rendering only; `<bw-time-step>` arrives as a lazy chunk and shows the
 * `fallback` its parent puts inside it until then.
 */
import { type TemplateResult, html, nothing } from 'lit';
import type { Clock } from '../../api/time/clock.js';
import type { CalendarDate } from 'booking-widget-shared/calendar-date';
import { localTimeZone } from 'booking-widget-shared/zone';
import type { SlotStore } from '../../booking/slot-store.js';
import type { SlotsErrorEvent } from '../events/slots-error-event.js';
import type { ZoneChangeEvent } from '../events/zone-change-event.js';
import { exportParts } from '../shared/parts.js';
import { TIME_STEP_PARTS } from '../time-step/time-step.parts.js';
import type { StepContext } from './choice-steps.js';

export interface TimeStepContext extends StepContext {
  store: SlotStore | undefined;
  clock: Clock;
  /** Epoch ms before which no time is offered. */
  earliest: number;
  /** The last bookable company-zone day, from `maxDaysAhead`. */
  lastDay: CalendarDate | undefined;
  displayZone: string;
  /** What a lazy element shows until its chunk has defined it. */
  fallback: TemplateResult;
  onZone(event: ZoneChangeEvent): void;
  onSlotsError(event: SlotsErrorEvent): void;
}

export function renderTimeStep(context: TimeStepContext) {
  const { state, localizer, store, dispatch } = context;
  if (!store) return nothing;
  const { selection } = state;
  const onChange = (event: Event) => {
    const step = event.target as HTMLElement & { day: CalendarDate | undefined; value: number | undefined };
    dispatch({ type: 'time', day: step.day, slot: step.value });
  };
  return html`
    ${state.slotTaken ? html`<p class="notice" part="notice" role="alert">${localizer.messages.slotTaken}</p>` : nothing}
    <bw-time-step
      exportparts=${exportParts(TIME_STEP_PARTS)}
      .localizer=${localizer}
      .clock=${context.clock}
      .store=${store}
      .earliest=${context.earliest}
      .lastDay=${context.lastDay}
      .day=${selection.day}
      .value=${selection.slot}
      companyTimeZone=${state.catalog.company.timeZone}
      displayTimeZone=${context.displayZone}
      visitorTimeZone=${localTimeZone()}
      @change=${onChange}
      @zone-change=${context.onZone}
      @slots-error=${context.onSlotsError}
      >${context.fallback}</bw-time-step
    >
    <div>
      <button
        type="button"
        class="button"
        part="continue"
        ?hidden=${selection.slot === undefined}
        @click=${() => dispatch({ type: 'next' })}
      >
        ${localizer.messages.continue}
      </button>
    </div>
  `;
}
