/** The rules a visitor's details must meet, each with the message that says how to fix it. */
import type { Messages } from '../i18n/catalogs/en.js';
import type { DetailsErrors, DetailsRules, VisitorDetails } from './visitor-details.js';

const MAX_LENGTH: Record<'firstName' | 'lastName' | 'email' | 'phone' | 'notes', number> = {
  firstName: 127,
  lastName: 127,
  email: 254,
  phone: 40,
  notes: 1000,
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;
const PHONE = /^\+?[\d\s().-]+$/;

export function validateDetails(details: VisitorDetails, rules: DetailsRules, messages: Messages): DetailsErrors {
  const errors: DetailsErrors = {};
  const text = (field: keyof typeof MAX_LENGTH, required: boolean, check?: (value: string) => string | undefined) => {
    const value = details[field].trim();
    if (!value) {
      if (required) errors[field] = messages.required;
      return;
    }
    if (value.length > MAX_LENGTH[field]) errors[field] = messages.tooLong(MAX_LENGTH[field]);
    else {
      const problem = check?.(value);
      if (problem) errors[field] = problem;
    }
  };
  text('firstName', true);
  text('lastName', true);
  text('email', true, (value) => (EMAIL.test(value) ? undefined : messages.invalidEmail));
  if (rules.phone !== 'hidden') {
    text('phone', rules.phone === 'required', (value) =>
      PHONE.test(value) && value.replace(/\D/g, '').length >= 5 ? undefined : messages.invalidPhone,
    );
  }
  if (rules.notes !== 'hidden') text('notes', rules.notes === 'required');
  if (rules.consentRequired && !details.consent) errors.consent = messages.consentRequired;
  return errors;
}
