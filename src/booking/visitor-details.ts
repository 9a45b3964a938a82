/**
 * What the visitor types, and the mapping from the service's `field` paths back
 * to the form. The rules that check it are in validate-details.ts, which loads
 * with the form, after the first free time is on screen.
 */
import type { FieldRequirement } from 'booking-widget-shared/widget-settings';

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

/** Values to start the details form with (the widget's `prefill`); the visitor can change them. */
export interface BookingPrefill {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  notes?: string;
}

/** The prefilled values, for the fields the visitor has not typed in yet. */
export function withPrefill(details: VisitorDetails, prefill: BookingPrefill): VisitorDetails {
  const merged = { ...details };
  for (const field of ['firstName', 'lastName', 'email', 'phone', 'notes'] as const) {
    const value: unknown = prefill[field];
    if (typeof value === 'string' && !merged[field]) merged[field] = value;
  }
  return merged;
}
