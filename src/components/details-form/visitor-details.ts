/**
 * What the visitor types, its rules, and the mapping from the service's `field`
 * paths back to the form. Pure: the form element only renders what this decides.
 */
import type { Messages } from '../../i18n/catalogs/en.js';
import type { FieldRequirement } from '../booking-widget/settings.js';

export interface VisitorDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  notes: string;
  consent: boolean;
}

export type DetailsField = keyof VisitorDetails;
export type DetailsErrors = Partial<Record<DetailsField, string>>;

export interface DetailsRules {
  phone: FieldRequirement;
  notes: FieldRequirement;
  consentRequired: boolean;
}

export const EMPTY_DETAILS: VisitorDetails = { firstName: '', lastName: '', email: '', phone: '', notes: '', consent: false };

export const MAX_LENGTH: Record<'firstName' | 'lastName' | 'email' | 'phone' | 'notes', number> = {
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

/** The form field a service `field` path points at (`emailAddresses[0].email` → `email`), if any. */
export function detailsFieldOf(servicePath: string | undefined): DetailsField | undefined {
  if (!servicePath) return undefined;
  if (/^firstName$/.test(servicePath)) return 'firstName';
  if (/^lastName$/.test(servicePath)) return 'lastName';
  if (/^emailAddresses\b/.test(servicePath)) return 'email';
  if (/^phoneNumbers\b/.test(servicePath)) return 'phone';
  if (/^notes$/.test(servicePath)) return 'notes';
  return undefined;
}
