/**
 * The new time, from today's `<bw-time-step>` (defined by the steps' chunk, which every widget
 * requests as it connects: lazy-parts.ts): one render function and the handlers it needs, so
 * the step can be swapped for another without touching the rest of `<bw-manage>`.
 */
import { html } from 'lit';
import type { CalendarDate } from 'booking-widget-shared/calendar-date';
import { localTimeZone } from 'booking-widget-shared/zone';
import type { ManageRequest } from '../events/manage-intent-event.js';
import type { SlotsErrorEvent } from '../events/slots-error-event.js';
import type { ZoneChangeEvent } from '../events/zone-change-event.js';
import { exportParts } from '../shared/parts.js';
import { TIME_STEP_PARTS } from '../time-step/time-step.parts.js';
import type { ManageView } from './manage.view.js';

export function renderNewTime(view: ManageView, send: (request: ManageRequest) => void) {
  const { state } = view;
  // The step's events stop at this element's shadow root: each goes on to the widget as a request.
  const onChange = (event: Event) => {
    const step = event.target as HTMLElement & { day: CalendarDate | undefined; value: number | undefined };
    send({ type: 'time', day: step.day, slot: step.value });
  };
  return html`<bw-time-step
    exportparts=${exportParts(TIME_STEP_PARTS)}
    .localizer=${view.localizer}
    .clock=${view.clock}
    .store=${view.store}
    .earliest=${state.earliest}
    .lastDay=${view.lastDay}
    .day=${state.day}
    .value=${state.slot}
    companyTimeZone=${state.companyZone}
    displayTimeZone=${view.displayZone}
    visitorTimeZone=${localTimeZone()}
    @change=${onChange}
    @zone-change=${(event: ZoneChangeEvent) => send({ type: 'zone', timeZone: event.timeZone })}
    @slots-error=${(event: SlotsErrorEvent) => send({ type: 'slots-error', error: event.error })}
  ></bw-time-step>`;
}
