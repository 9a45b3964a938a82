/**
 * Where a booking came from (service contract §15). The body's shape has let through
 * only the attribution keys, as strings; here their sizes and forms are held to §15,
 * and the landing page to what the widget sends: no query and no fragment, where a
 * link's personal data (a prefilled e-mail, a token) would sit. Nothing here is ever
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
  const { landingPage } = attribution;
  if (landingPage !== undefined && /[?#]/.test(landingPage)) {
    throw invalidParameter(
      RefusalReason.invalidBody,
      `${AT}.landingPage`,
      `${AT}.landingPage must be a URL without its query or fragment.`,
    );
  }
}
