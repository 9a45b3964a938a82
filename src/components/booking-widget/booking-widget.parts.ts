import { CHOICE_LIST_PARTS } from '../choice-list/choice-list.parts.js';
import { COMPANY_HEADER_PARTS } from '../company-header/company-header.parts.js';
import { CONFIRMATION_PARTS } from '../confirmation/confirmation.parts.js';
import { DETAILS_FORM_PARTS } from '../details-form/details-form.parts.js';
import { MANAGE_PARTS } from '../manage/manage.parts.js';
import { TIME_STEP_PARTS } from '../time-step/time-step.parts.js';

/** The parts `<booking-widget>` renders in its own shadow root (documented on the element). */
export const BOOKING_WIDGET_OWN_PARTS = [
  'base',
  'header',
  'progress',
  'step',
  'step-heading',
  'back',
  'continue',
  'notice',
  'problem',
  'summary',
] as const;

/** Every part a page can style on `<booking-widget>`: its own and those its elements export through it. */
export const BOOKING_WIDGET_PARTS = [
  ...new Set([
    ...BOOKING_WIDGET_OWN_PARTS,
    ...COMPANY_HEADER_PARTS,
    ...CHOICE_LIST_PARTS,
    ...TIME_STEP_PARTS,
    ...DETAILS_FORM_PARTS,
    ...CONFIRMATION_PARTS,
    ...MANAGE_PARTS,
  ]),
];
