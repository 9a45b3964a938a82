/**
 * The source catalog. Every other language is typed against it (`Messages`), so
 * a missing or misshapen key fails the type check. Plural forms are objects
 * keyed by `Intl.PluralRules` categories; `other` is always required.
 */
import type { PluralForms } from '../plural.js';
import type { IntakeMessages } from './intake-en.js';

export const en = {
  /** Text direction of the language. */
  dir: 'ltr' as 'ltr' | 'rtl',
  /** Order of the name fields: family name first in Japanese and Chinese. */
  nameOrder: 'given-family' as 'given-family' | 'family-given',

  loading: 'Loading…',
  slowAnswer: 'This is taking longer than usual. Still trying…',
  steps: {
    location: 'Choose a location',
    service: 'Choose a service',
    staff: 'Choose who',
    resource: 'Choose what to book',
    time: 'Choose a time',
    details: 'Your details',
    done: 'Booking confirmed',
  },
  progressLabel: 'Booking steps',
  stepNames: {
    location: 'Location',
    service: 'Service',
    staff: 'Staff',
    resource: 'What',
    time: 'Time',
    details: 'Details',
    done: 'Done',
  },
  back: 'Back',
  close: 'Close',
  continue: 'Continue',

  anyone: 'Anyone available',
  anyoneDescription: 'The first free team member',
  free: 'Free',
  quantity: 'How many',
  unitsAvailable: { one: '# available at a time', other: '# available at a time' } as PluralForms,
  noChoices: 'Nothing can be booked online here at the moment.',
  otherResources: 'Other',

  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  unavailableDay: (day: string) => `${day}, no free times`,
  firstBookableDay: (day: string) => `${day} is the first day you can book.`,
  lastBookableDay: (day: string) => `${day} is the last day you can book.`,
  noTimesThisMonth: 'No free times this month.',
  noTimesAtAll: 'There are no free times to book at the moment.',
  noTimesOnDay: 'No free times on this day.',
  /** The chosen day is empty, and so is every other day of its month: the next free time follows. */
  noTimesOnDayNorMonth: 'No free times on this day or any other day this month.',
  nextAvailable: (when: string) => `Next available: ${when}`,
  timesAvailable: { one: '# time available on {day}', other: '# times available on {day}' } as PluralForms,
  chooseDay: 'Choose a day to see its times.',
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
  timesLabel: (day: string) => `Times on ${day}`,
  timesShownIn: (zone: string) => `Times are shown in ${zone}.`,
  showInZone: (zone: string) => `Show in ${zone}`,
  yourTime: 'your time',
  /** A remark beside what it is about, "Eastern Time (your time)": Chinese and Japanese use full-width brackets, without a space. */
  aside: (text: string) => ` (${text})`,
  /** From one time to another, `9:00 AM – 9:30 AM`: Japanese writes `21:00～21:30`. */
  range: (from: string, to: string) => `${from} – ${to}`,

  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  notes: 'Notes for your appointment',
  optional: 'optional',
  /** `{policy}` becomes a link whose text is `privacyPolicy`. */
  consent: 'I agree to the {policy}.',
  privacyPolicy: 'privacy policy',
  required: 'Please fill in this field.',
  invalidEmail: 'Please enter an email address like name@example.com.',
  invalidPhone: 'Please enter a phone number, digits and +\u00a0(\u00a0)\u00a0- only.',
  tooLong: (max: number) => `Please use at most ${max} characters.`,
  consentRequired: 'Please accept the privacy policy to book.',
  checkField: 'Please check this field.',
  fixErrors: { one: 'Please correct # field.', other: 'Please correct # fields.' } as PluralForms,
  book: 'Book',
  booking: 'Booking…',

  confirmed: 'Your booking is confirmed.',
  pending: 'Your booking request was received and awaits confirmation.',
  reference: 'Reference',
  what: 'What',
  withWhom: 'With',
  when: 'When',
  addToCalendar: 'Add to calendar',
  downloadIcs: 'Download .ics file',
  googleCalendar: 'Google Calendar',
  opensInNewTab: 'opens in a new tab',
  bookAnother: 'Book another appointment',

  slotTaken: 'Sorry, that time was just taken. Please choose another one.',

  // #24: the time held for the visitor while they type (docs/proxy.md, "Held times").

  holdNote: 'We’re holding this time for you while you fill in your details.',
  bookingFailed: 'We could not confirm your booking. Your details are kept: please try again. It will not be booked twice.',
  tryAgain: 'Try again',
  offline: 'The booking service cannot be reached. Please check your connection and try again.',
  rateLimited: 'Too many attempts. Please wait a moment and try again.',
  unavailable: 'Online booking is not available right now.',
  loadFailed: 'Something went wrong while loading. Please try again.',
  bookingConfirmedAnnouncement: 'Booking confirmed.',

  // Manage a booking: reschedule or cancel through the link (#13).
  manageLink: 'Reschedule or cancel',

  // #14: several locations, intake questions, consecutive durations.
  nearestFirst: 'Nearest first',
  locationRefused: 'Position unavailable.',
  showOnMap: 'Show on a map',
  howLong: 'How long?',
  // #31: what arrived after "Loading…", and which field a message is about.
  formLoaded: 'The form has loaded.',
  fieldProblem: (field: string, problem: string) => `${field}: ${problem}`,
};

/**
 * A language's messages. `intake`, the intake questions' words, is English's own file
 * (intake-en.ts, with the questions' chunk); every other language has it here.
 */
export type Messages = typeof en & { intake?: IntakeMessages };
