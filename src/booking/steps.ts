/**
 * The steps of a booking for each company mode (service contract §6), minus what the
 * merchant preselected with attributes. Pure, so every mode is easy to test.
 */
import type { ScheduledItems } from 'booking-widget-shared/types';

export const Step = {
  /** Which of several locations (service contract §12): first, when the widget is given several companies. */
  Location: 'location',
  Service: 'service',
  Staff: 'staff',
  Resource: 'resource',
  Time: 'time',
  Details: 'details',
  Done: 'done',
} as const;
export type Step = (typeof Step)[keyof typeof Step];

export interface Preselection {
  service: boolean;
  staff: boolean;
  /** A preselected resource still needs its step when more than one unit can be booked. */
  resource: boolean;
  resourceNeedsQuantity?: boolean;
  /** The widget was given several locations: the flow starts with choosing one. */
  locations?: boolean;
}

const CHOICES_BY_MODE: Record<ScheduledItems, Step[]> = {
  service: [Step.Service],
  quickStart: [Step.Service],
  'service-staff': [Step.Service, Step.Staff],
  'staff-service': [Step.Staff, Step.Service],
  resource: [Step.Resource],
};

export function isScheduledItems(value: unknown): value is ScheduledItems {
  return typeof value === 'string' && Object.hasOwn(CHOICES_BY_MODE, value);
}

export function stepsFor(mode: ScheduledItems, preselected: Preselection): Step[] {
  const choices = CHOICES_BY_MODE[mode].filter((step) => {
    if (step === Step.Service) return !preselected.service;
    if (step === Step.Staff) return !preselected.staff;
    return !preselected.resource || Boolean(preselected.resourceNeedsQuantity);
  });
  return [...(preselected.locations ? [Step.Location] : []), ...choices, Step.Time, Step.Details, Step.Done];
}
