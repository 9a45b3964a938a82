/**
 * The location step, before any company (several locations, none chosen yet) and as the
 * flow's first step: what the LocationController holds, shown by `<bw-location-step>`,
 * which comes with the steps' chunk and shows `fallback` until then.
 */
import { type TemplateResult, html } from 'lit';
import type { Localizer } from '../../i18n/localizer.js';
import type { LocationController } from './location-controller.js';

export function renderLocationStep(locations: LocationController, localizer: Localizer, now: number, fallback: TemplateResult) {
  return html`<bw-location-step
    .localizer=${localizer}
    .locations=${locations.list}
    .sorting=${locations.sorting}
    .origin=${locations.origin}
    .value=${locations.chosen}
    .now=${now}
    @bw-choice-select=${locations.choose}
    @bw-locate=${locations.locate}
    @bw-retry=${locations.retry}
    >${fallback}</bw-location-step
  >`;
}
