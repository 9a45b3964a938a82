/** The booking the visitor asks for, as the adapter sends it (service contract §7). Loads with the booking code. */
import type { BookingRequest } from '../api/booking.js';
import type { ClientInput } from 'booking-widget-shared/types';
import type { Form } from 'booking-widget-shared/form-types';
import type { Catalog } from './catalog.js';
import { type Answers, formAnswers, formOf, pagesOf } from './intake.js';
import { type Selection, durationOf, subjectOf } from './selection.js';
import type { VisitorDetails } from './visitor-details.js';

function clientInput(details: VisitorDetails, language: string, timeZone: string): ClientInput {
  const input: ClientInput = {
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    emailAddresses: [{ email: details.email.trim(), primary: true }],
    timeZone,
    language,
    marketingConsent: false,
  };
  if (details.phone.trim()) input.phoneNumbers = [{ number: details.phone.trim(), primary: true, mobile: true }];
  if (details.consent) input.explicitConsent = true;
  return input;
}

/** The company's intake forms and the visitor's answers, as the flow holds them. */
export interface Intake {
  forms?: readonly Form[] | null | undefined;
  answers?: Answers | undefined;
}

/** `companyId` is the one the widget was given: a proxy may serve the company under its externalId only. */
export function bookingRequest(
  companyId: string,
  catalog: Catalog,
  selection: Selection,
  details: VisitorDetails,
  language: string,
  visitorTimeZone: string,
  intake: Intake = {},
): BookingRequest | undefined {
  const subject = subjectOf(catalog, selection);
  if (!subject || selection.slot === undefined) return undefined;
  return {
    companyId,
    companyTimeZone: catalog.company.timeZone,
    subject,
    start: new Date(selection.slot),
    durationMinutes: durationOf(catalog, selection),
    client: clientInput(details, language, visitorTimeZone),
    notes: details.notes.trim() || undefined,
    form: formAnswers(pagesOf(formOf(catalog, selection, intake.forms ?? undefined)), intake.answers ?? {}),
  };
}
