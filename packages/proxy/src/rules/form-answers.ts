import type { AppointmentFormAnswer } from 'booking-widget-shared/types';
import { invalidParameter, RefusalReason } from '../http/refusal.js';

/**
 * Caps on the answers to intake questions (service contract §11). Their shape (ids and
 * strings only) is checked with the rest of the body; these bound how much a
 * visitor can make the service store, far above what a real form needs.
 */
export const FORM_LIMITS = { answers: 100, id: 255, title: 1000, value: 5000 } as const;

export function checkFormAnswers(form: readonly AppointmentFormAnswer[] | undefined): void {
  if (form === undefined) return;
  if (form.length > FORM_LIMITS.answers) {
    throw invalidParameter(RefusalReason.invalidBody, 'form', `form has more than ${FORM_LIMITS.answers} answers.`);
  }
  for (const [index, answer] of form.entries()) {
    for (const key of ['id', 'title', 'value'] as const) {
      const value = answer[key];
      if (key !== 'value' && (value === undefined || value === '')) {
        throw invalidParameter(RefusalReason.invalidBody, `form[${index}].${key}`, `form[${index}].${key} is required.`);
      }
      if (value !== undefined && value.length > FORM_LIMITS[key]) {
        throw invalidParameter(
          RefusalReason.invalidBody,
          `form[${index}].${key}`,
          `form[${index}].${key} is longer than ${FORM_LIMITS[key]} characters.`,
        );
      }
    }
  }
}
