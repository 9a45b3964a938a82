/**
 * Drives <booking-widget> the way a visitor does, by role and visible name, so
 * the tests read as the steps of a booking.
 */
import { fixture, html } from '@open-wc/testing';
import '../../../src/index.js';
import type { BookingWidget } from '../../../src/index.js';
import { findByRole, getByRole, nameOf, queryAllByRole, type, waitFor } from './dom.js';

export interface MountOptions {
  apiBase: string;
  companyId?: string;
  serviceId?: string;
  staffId?: string;
  resourceId?: string;
  displayTimeZone?: string;
  locale?: string;
  accessToken?: string;
  fetch?: typeof fetch;
}

export async function mountWidget(options: MountOptions): Promise<BookingWidget> {
  const element = await fixture<BookingWidget>(html`<booking-widget
    company-id=${options.companyId ?? 'demo-salon'}
    api-base=${options.apiBase}
    service-id=${options.serviceId ?? ''}
    staff-id=${options.staffId ?? ''}
    resource-id=${options.resourceId ?? ''}
    display-time-zone=${options.displayTimeZone ?? 'company'}
    locale=${options.locale ?? 'en-US'}
    .accessToken=${options.accessToken}
    .fetch=${options.fetch}
  ></booking-widget>`);
  return element;
}

export const heading = (widget: Element, name: string | RegExp) => findByRole(widget, 'heading', name);

/** The choice buttons of the current step (services, staff, resources). */
export const choices = (widget: Element) => queryAllByRole(widget, 'button').filter((b) => b.getAttribute('part') === 'choice');

export async function choose(widget: Element, name: string | RegExp) {
  const matches = (choice: HTMLElement) => (typeof name === 'string' ? nameOf(choice).includes(name) : name.test(nameOf(choice)));
  const button = await waitFor(() => choices(widget).find(matches), 8000, `choice ${String(name)}`);
  button.click();
}

/** The time buttons of the chosen day, once shown. */
export const timeButtons = (widget: Element) => queryAllByRole(widget, 'button').filter((b) => /\bslot\b/.test(b.getAttribute('part') ?? ''));

export const timeLabels = (widget: Element) => timeButtons(widget).map((b) => b.textContent!.trim());

export const waitForTimes = (widget: Element) => waitFor(() => timeButtons(widget).length > 0 && timeButtons(widget), 8000, 'free times');

/** The day buttons that have free times. */
export const availableDays = (widget: Element) =>
  queryAllByRole(widget, 'button').filter((b) => /\bday\b/.test(b.getAttribute('part') ?? '') && b.getAttribute('aria-disabled') !== 'true');

export const selectedDay = (widget: Element) =>
  queryAllByRole(widget, 'button').find((b) => /\bday\b/.test(b.getAttribute('part') ?? '') && b.getAttribute('aria-pressed') === 'true');

export const monthHeading = (widget: Element) => queryAllByRole(widget, 'heading').find((h) => h.getAttribute('part') === 'month-heading');

/** Picks the first free time of the day shown, then continues to the details. */
export async function pickTime(widget: Element, index = 0): Promise<string> {
  const times = await waitForTimes(widget);
  const time = times[index]!;
  const label = time.textContent!.trim();
  time.click();
  (await findByRole(widget, 'button', 'Continue')).click();
  await heading(widget, 'Your details');
  return label;
}

export interface Details {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
}

export const ADA: Details = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+1 617 555 0100' };

export function fillDetails(widget: Element, details: Details = ADA, consent = true) {
  type(getByRole(widget, 'textbox', /^First name/), details.firstName);
  type(getByRole(widget, 'textbox', /^Last name/), details.lastName);
  type(getByRole(widget, 'textbox', /^Email/), details.email);
  const phone = queryAllByRole(widget, 'textbox', /^Phone/)[0];
  if (phone && details.phone) type(phone, details.phone);
  const checkbox = queryAllByRole(widget, 'checkbox')[0] as HTMLInputElement | undefined;
  if (checkbox && consent && !checkbox.checked) checkbox.click();
}

export const bookButton = (widget: Element) => getByRole(widget, 'button', /^(Book|Booking…)$/);

/** Resolves with the next event of that type from the widget. */
export function nextEvent<K extends keyof GlobalEventHandlersEventMap>(target: EventTarget, type: K): Promise<GlobalEventHandlersEventMap[K]> {
  return new Promise((resolve) => target.addEventListener(type, (event) => resolve(event as GlobalEventHandlersEventMap[K]), { once: true }));
}

/** Appointments the sandbox holds for a company. */
export interface SandboxAppointment {
  id: string;
  reference: string;
  client: { id: string; firstName?: string; lastName?: string };
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  staff?: { id: string };
  resource?: { id: string };
  resourceCount?: number;
  notes?: string;
}
