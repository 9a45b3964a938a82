/**
 * The new time: `<bw-time-step>` (defined by the steps' chunk, which every widget requests as it
 * connects: lazy-parts.ts) showing what manage mode's time controller holds. The step's intents
 * bubble only to this element's shadow root; they go straight to that controller.
 */
import { html, nothing } from 'lit';
import { exportParts } from '../shared/parts.js';
import { TIME_STEP_PARTS } from '../time-step/time-step.parts.js';
import type { ManageView } from './manage.view.js';

export function renderNewTime({ localizer, times, timeIntents }: ManageView) {
  if (!times || !timeIntents) return nothing;
  return html`<bw-time-step
    exportparts=${exportParts(TIME_STEP_PARTS)}
    .localizer=${localizer}
    .times=${times}
    @bw-day-focus=${timeIntents}
    @bw-day-select=${timeIntents}
    @month-change=${timeIntents}
    @bw-slot-choose=${timeIntents}
    @next-available=${timeIntents}
    @zone-change=${timeIntents}
    @bw-retry=${timeIntents}
  ></bw-time-step>`;
}
