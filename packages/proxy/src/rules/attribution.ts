/**
 * Where a booking came from (service contract §15). The body's shape has let through
 * only the attribution keys, as strings; here their sizes and forms are held to §15 by the
 * rule the widget keeps to as well (the landing page without its query and fragment, where a
 * link's personal data would sit; no control or direction characters). Nothing here is ever
 * returned: the answer loses `extendedProperties.private` on the way out (§8).
 */
import { attributionProblem } from 'booking-widget-shared/attribution';
import type { AppointmentInput } from 'booking-widget-shared/types';
import { invalidParameter, RefusalReason } from '../http/refusal.js';

const AT = 'extendedProperties.private.attribution';

export function checkAttribution(properties: AppointmentInput['extendedProperties']): void {
  const attribution = properties?.private?.attribution;
  if (attribution === undefined) return;
  const problem = attributionProblem(attribution, AT);
  if (problem) throw invalidParameter(RefusalReason.invalidBody, problem.field, problem.message);
}
