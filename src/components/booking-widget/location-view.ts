/**
 * The location step, before any company (several locations, none chosen yet) and as the
 * flow's first step: what the LocationController holds, shown by `<bw-location-step>`.
 * A chunk of its own with the element (issue 28: a one-location widget, the plain booking,
 * never fetches it), asked for by a widget with several locations at the moment it asks for
 * the steps' chunk (lazy-parts.ts); the host shows the step once it is in.
 */
import { type TemplateResult, html } from 'lit';
// What the step shares with the steps' chunk (a location's address, the choice list's parts) stays there: that chunk is
// imported, not copied or split into a third file, and as both are asked for at once, importing it costs no round trip.
import './step-views.js';
import '../location-step/location-step.js';
import { type Location, LocationSorting } from '../../booking/location-list.js';
import type { Position } from '../../booking/distance.js';
import type { Localizer } from '../../i18n/localizer.js';
import type { ChoiceSelectEvent } from '../events/choice-select-event.js';

/** What the step reads of the widget's LocationController, which loads this chunk (its type here would make an import cycle). */
interface LocationController {
  readonly list: readonly Location[] | null | undefined;
  readonly sorting: LocationSorting;
  readonly origin: Position | undefined;
  /** The location shown: the visitor's choice or a link's; '' while none is. */
  readonly locationId: string;
  choose(event: ChoiceSelectEvent): void;
  retry(): void;
  sort(sorting: LocationSorting, origin?: Position): void;
}

/** "Nearest first": asks for the visitor's position now, never before they press it. */
function locate(locations: LocationController): void {
  const geolocation = globalThis.navigator?.geolocation;
  if (!geolocation) return locations.sort(LocationSorting.Refused);
  locations.sort(LocationSorting.Locating);
  geolocation.getCurrentPosition(
    ({ coords }) => locations.sort(LocationSorting.Sorted, { lat: coords.latitude, lng: coords.longitude }),
    // Refused, unavailable or too slow: the list stays as it was.
    () => locations.sort(LocationSorting.Refused),
    { timeout: 15_000, maximumAge: 600_000 },
  );
}

export function renderLocationStep(locations: LocationController, localizer: Localizer, now: number, fallback: TemplateResult) {
  return html`<bw-location-step
    .localizer=${localizer}
    .locations=${locations.list}
    .sorting=${locations.sorting}
    .origin=${locations.origin}
    .value=${locations.locationId || undefined}
    .now=${now}
    @bw-choice-select=${locations.choose}
    @bw-locate=${() => locate(locations)}
    @bw-retry=${locations.retry}
    >${fallback}</bw-location-step
  >`;
}
