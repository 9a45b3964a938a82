/**
 * Drives <booking-widget> the way a visitor does, by role and visible name, so
 * the tests read as the steps of a booking.
 */
import { fixture, html } from '@open-wc/testing';
import { nothing } from 'lit';
import '../../../src/index.js';
import type { BookingWidget, SlotSelectEvent } from '../../../src/index.js';
import { type Messages, en } from '../../../src/i18n/catalogs/en.js';
import { allElements, findByRole, getByRole, nameOf, queryAllByRole, resolvedColour, type, waitFor } from './dom.js';
import { TEST_NOW } from './now.js';

export interface MountOptions {
  apiBase: string;
  companyId?: string;
  serviceId?: string;
  staffId?: string;
  resourceId?: string;
  displayTimeZone?: string;
  /** `null` leaves the attribute out, so the company, the page and the browser decide. */
  locale?: string | null;
  accessToken?: string;
  fetch?: typeof fetch;
  /** The widget's clock. Default: this run's TEST_NOW, the sandbox's default too. */
  now?: string;
  /** `analytics` (`datalayer`, `gtag`), with the visitor's consent granted. Default: none. */
  analytics?: string;
}

export async function mountWidget(options: MountOptions): Promise<BookingWidget> {
  const element = await fixture<BookingWidget>(
    html`<booking-widget
      company-id=${options.companyId ?? 'demo-salon'}
      api-base=${options.apiBase}
      service-id=${options.serviceId ?? ''}
      staff-id=${options.staffId ?? ''}
      resource-id=${options.resourceId ?? ''}
      display-time-zone=${options.displayTimeZone ?? 'company'}
      locale=${options.locale === null ? nothing : (options.locale ?? 'en-US')}
      .accessToken=${options.accessToken}
      .fetch=${options.fetch}
      now=${options.now ?? TEST_NOW}
      analytics=${options.analytics ?? nothing}
      analytics-consent=${options.analytics ? 'granted' : nothing}
    ></booking-widget>`,
  );
  return element;
}

export const heading = (widget: Element, name: string | RegExp) => findByRole(widget, 'heading', name);

/** The choice buttons of the current step (services, staff, resources). */
export const choices = (widget: Element) => queryAllByRole(widget, 'button').filter((b) => b.getAttribute('part') === 'choice');

/** The titles of the choices shown, once the step's list is there (it may arrive a moment after its heading). */
export const choiceTitles = async (widget: Element) =>
  (await waitFor(() => (choices(widget).length ? choices(widget) : undefined), 'the choices')).map(
    (c) => c.querySelector('.title')!.textContent,
  );

export async function choose(widget: Element, name: string | RegExp) {
  const matches = (choice: HTMLElement) => (typeof name === 'string' ? nameOf(choice).includes(name) : name.test(nameOf(choice)));
  const button = await waitFor(() => choices(widget).find(matches), `choice ${String(name)}`);
  button.click();
}

/** The time buttons of the chosen day, once shown. */
export const timeButtons = (widget: Element) =>
  queryAllByRole(widget, 'button').filter((b) => /\bslot\b/.test(b.getAttribute('part') ?? ''));

export const timeLabels = (widget: Element) => timeButtons(widget).map((b) => b.textContent!.trim());

export const waitForTimes = (widget: Element) => waitFor(() => timeButtons(widget).length > 0 && timeButtons(widget), 'free times');

/** What the widget's live regions of that politeness say now (the month heading's own region aside). */
export const announced = (widget: Element, politeness: 'polite' | 'assertive') =>
  allElements(widget)
    .filter((element) => element.getAttribute('aria-live') === politeness && !element.closest('[part="month-heading"]'))
    .map((region) => region.textContent?.trim())
    .filter(Boolean)
    .join(' | ');

/** Every day button of the month shown, in the grid's order. */
export const dayButtons = (widget: Element) => queryAllByRole(widget, 'button').filter((b) => /\bday\b/.test(b.getAttribute('part') ?? ''));

/** The day buttons that have free times. */
export const availableDays = (widget: Element) =>
  queryAllByRole(widget, 'button').filter(
    (b) => /\bday\b/.test(b.getAttribute('part') ?? '') && b.getAttribute('aria-disabled') !== 'true',
  );

export const selectedDay = (widget: Element) =>
  queryAllByRole(widget, 'button').find((b) => /\bday\b/.test(b.getAttribute('part') ?? '') && b.getAttribute('aria-pressed') === 'true');

export const monthHeading = (widget: Element) => queryAllByRole(widget, 'heading').find((h) => h.getAttribute('part') === 'month-heading');

/**
 * The time buttons of the first day, from the one shown on, with at least `count` times: a run's
 * "today" may open on a day with only a time or two left, as a visitor late in the day sees it.
 */
export async function timesOfADayWith(widget: Element, count: number): Promise<HTMLElement[]> {
  for (let days = 0; days < 62; days++) {
    const times = await waitForTimes(widget);
    if (times.length >= count) return times;
    const shown = selectedDay(widget)!;
    let day = availableDays(widget).find((other) => other.compareDocumentPosition(shown) & Node.DOCUMENT_POSITION_PRECEDING);
    // After a month's last bookable day, the next days are next month's.
    if (!day) {
      const month = monthHeading(widget)!.textContent!.trim();
      getByRole(widget, 'button', 'Next month').click();
      await waitFor(() => monthHeading(widget)!.textContent!.trim() !== month && availableDays(widget).length, 'the next month');
      day = availableDays(widget)[0]!;
    }
    const label = day.getAttribute('aria-label');
    day.click();
    await waitFor(() => selectedDay(widget)?.getAttribute('aria-label') === label, `${label}, chosen`);
  }
  throw new Error(`No day with ${count} free times in two months`);
}

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Picks a free time of the day shown (the first by default), then continues to the details. */
export async function pickTime(widget: Element, index = 0, messages: Messages = en): Promise<string> {
  const times = await waitForTimes(widget);
  const time = times[index]!;
  const label = time.textContent!.trim();
  time.click();
  (await findByRole(widget, 'button', messages.continue)).click();
  await heading(widget, messages.steps.details);
  // The form arrives as a lazy chunk: wait for its first field.
  await waitFor(() => queryAllByRole(widget, 'textbox', startsWith(messages.firstName)).length, 'the details form');
  return label;
}

export interface Details {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
}

export const ADA: Details = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+1 617 555 0100' };

export function fillDetails(widget: Element, details: Details = ADA, consent = true, messages: Messages = en) {
  type(getByRole(widget, 'textbox', startsWith(messages.firstName)), details.firstName);
  type(getByRole(widget, 'textbox', startsWith(messages.lastName)), details.lastName);
  type(getByRole(widget, 'textbox', startsWith(messages.email)), details.email);
  const phone = queryAllByRole(widget, 'textbox', startsWith(messages.phone))[0];
  if (phone && details.phone) type(phone, details.phone);
  const checkbox = queryAllByRole(widget, 'checkbox')[0] as HTMLInputElement | undefined;
  if (checkbox && consent && !checkbox.checked) checkbox.click();
}

export const bookButton = (widget: Element, messages: Messages = en) =>
  getByRole(widget, 'button', new RegExp(`^(${messages.book}|${messages.booking})$`));

/** Resolves with the next event of that type from the widget. */
export function nextEvent<K extends keyof GlobalEventHandlersEventMap>(
  target: EventTarget,
  type: K,
): Promise<GlobalEventHandlersEventMap[K]> {
  return new Promise((resolve) =>
    target.addEventListener(type, (event) => resolve(event as GlobalEventHandlersEventMap[K]), { once: true }),
  );
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

/**
 * A men's cut with Maya Chen, the first time chosen: the details step open (`now`: the widget's clock, else the
 * runner's `TEST_NOW`). Answers the widget, the time's label and its selection event.
 */
export async function toDetails(apiBase: string, fetchImpl?: typeof fetch, now?: string) {
  const widget = await mountWidget({ apiBase, fetch: fetchImpl, ...(now && { now }) });
  await choose(widget, "Men's cut");
  await choose(widget, 'Maya Chen');
  await heading(widget, 'Choose a time');
  const selected = nextEvent(widget, 'bw-slot-select');
  const time = await pickTime(widget);
  return { widget, time, slot: (await selected) as SlotSelectEvent };
}

/**
 * A `fetch` whose first booking reaches the service and books, and whose answer is then lost (the
 * connection dropped): the page sees a network error and retries. `dropped()`: whether that happened.
 */
export function dropsFirstBookingAnswer(): { fetch: typeof fetch; dropped(): boolean } {
  let dropped = false;
  return {
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (!dropped && init?.method === 'POST' && String(input).endsWith('/appointments')) {
        dropped = true;
        throw new TypeError('network connection lost');
      }
      return response;
    },
    dropped: () => dropped,
  };
}

/** The salon's men's cut with Maya Chen, up to its time step. */
export async function toTimes(apiBase: string, now?: string): Promise<BookingWidget> {
  const widget = await mountWidget({ apiBase, now });
  await choose(widget, "Men's cut");
  await choose(widget, 'Maya Chen');
  await heading(widget, 'Choose a time');
  return widget;
}

/** Everything the widget's polite live region says from now on, however soon the next message replaces it. */
export function recordPolite(widget: Element): string[] {
  const heard: string[] = [];
  const region = allElements(widget).find((e) => e.getAttribute('aria-live') === 'polite' && !e.closest('[part="month-heading"]'))!;
  new MutationObserver(() => region.textContent && heard.push(region.textContent)).observe(region, {
    childList: true,
    characterData: true,
    subtree: true,
  });
  return heard;
}

/** The page's EventSources, to know when a live channel is open (a change made before it would reach no one). */
export function recordEventSources(): { open: () => boolean; restore: () => void } {
  const sources: EventSource[] = [];
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      sources.push(this);
    }
  };
  return { open: () => sources.some((source) => source.readyState === Native.OPEN), restore: () => (window.EventSource = Native) };
}

/** The widget's danger colour (`--_danger`, as its theme resolves it), as computed styles give colours. */
export const dangerColour = (widget: Element): string =>
  resolvedColour(getComputedStyle(widget.shadowRoot!.querySelector('.root')!).getPropertyValue('--_danger').trim());

/**
 * Resolves once the analytics listen to `widget`: their chunk, which follows the first times at an idle moment,
 * adds its `bw-booked` listener as it connects. Call it before the chunk can arrive.
 */
export function analyticsListening(widget: HTMLElement): Promise<void> {
  return new Promise<void>((resolve) => {
    const add = widget.addEventListener;
    widget.addEventListener = function (this: HTMLElement, type: string, ...rest: [EventListenerOrEventListenerObject | null, unknown?]) {
      if (type === 'bw-booked') resolve();
      return add.call(this, type, ...(rest as [EventListenerOrEventListenerObject]));
    } as typeof widget.addEventListener;
  });
}
