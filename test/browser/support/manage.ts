/** Manage mode in browser tests: a booking made through the proxy as the widget makes it, and a widget opened on it. */
import { fixture, html } from '@open-wc/testing';
import { nothing } from 'lit';
import '../../../src/index.js';
import type { BookingWidget } from '../../../src/index.js';
import { wallClockToInstant } from 'booking-widget-shared/zone';
import type { Appointment } from 'booking-widget-shared/types';
import type { Services } from './services.js';
import { TEST_NOW } from './now.js';

export const SALON = '/api/2.1/scheduling/companies/demo-salon';

/**
 * Free starts of Maya's men's cut from two days after "now" over the next two weeks, as the
 * proxy answers them (`yyyy-MM-ddTHH:mm:ss`, salon time): far enough ahead that no test's
 * booking has started or is inside a short notice, whatever the pinned today.
 */
export async function freeStarts(services: Services): Promise<string[]> {
  const after = Date.parse(services.now) + 2 * 86_400_000;
  return (await allFreeStarts(services)).filter(
    (start) => wallClockToInstant(start.slice(0, 10), start.slice(11, 19), 'US/Eastern')!.getTime() >= after,
  );
}

async function allFreeStarts(services: Services): Promise<string[]> {
  const from = services.now.slice(0, 10);
  const to = new Date(Date.parse(services.now) + 16 * 86_400_000).toISOString().slice(0, 10);
  const answer = await fetch(
    `${services.apiBase}/api/2.0/scheduling/companies/demo-salon/widget/freeSlots?startDate=${from}&endDate=${to}&serviceId=2002&staffId=3001`,
  );
  const { items } = (await answer.json()) as { items: { slots: string[] }[] };
  return items.flatMap((item) => item.slots);
}

const plus30 = (start: string) => {
  const end = new Date(Date.parse(`${start}Z`) + 30 * 60_000).toISOString().slice(0, 19);
  return end;
};

/** Books Maya's men's cut at `start` through the proxy, as the widget does; answers the appointment with its manage token. */
export async function bookThroughProxy(services: Services, start: string): Promise<Appointment & { manageToken: string }> {
  const post = async (path: string, body: unknown) => {
    const answer = await fetch(`${services.apiBase}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
    return answer.json();
  };
  const client = await post('/api/2.0/clients', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    emailAddresses: [{ email: 'ada@example.com', primary: true }],
  });
  return post(`${SALON}/appointments`, {
    client: { id: client.id },
    service: { id: '2002' },
    staff: { id: '3001' },
    start: { dateTime: start },
    end: { dateTime: plus30(start) },
  });
}

export const linkValue = (appointment: { id: string; manageToken: string }) => `${appointment.id}:${appointment.manageToken}`;

export interface ManageMount {
  apiBase: string;
  token?: string;
  locale?: string;
  theme?: 'light' | 'dark';
  fetch?: typeof fetch;
  accessToken?: string;
  /** The page's clock, when a test needs it to differ from the proxy's (default: the run's pinned instant, as the services). */
  now?: string;
}

export function mountManage(options: ManageMount): Promise<BookingWidget> {
  return fixture<BookingWidget>(
    html`<booking-widget
      company-id="demo-salon"
      api-base=${options.apiBase}
      booking-token=${options.token ?? nothing}
      locale=${options.locale ?? 'en-US'}
      theme=${options.theme ?? 'light'}
      .fetch=${options.fetch}
      .accessToken=${options.accessToken}
      now=${options.now ?? TEST_NOW}
    ></booking-widget>`,
  );
}

/** The merchant changes the salon's self-service rules from the dashboard. */
export async function setSelfServiceRules(services: Services, rules: Record<string, unknown>): Promise<void> {
  const company = await services.inspect<{ extendedProperties: { public: { bookingWidget: object } } }>(SALON);
  const publicProperties = company.extendedProperties.public;
  const answer = await services.put(SALON, {
    extendedProperties: {
      ...company.extendedProperties,
      public: { ...publicProperties, bookingWidget: { ...publicProperties.bookingWidget, ...rules } },
    },
  });
  if (answer.status !== 200) throw new Error(`company: ${answer.status}`);
}

/**
 * A booking just inside the reschedule notice on the proxy's clock, opened on a page whose
 * clock is ten minutes behind: the page still offers the move, and the proxy refuses it.
 * The notice is set before the proxy first reads the company (it keeps what it read).
 */
export async function mountBehindProxyNotice(services: Services, options: Omit<ManageMount, 'apiBase' | 'token' | 'now'> = {}) {
  const proxyNow = Date.parse(services.now);
  const [start] = await freeStarts(services);
  const startMs = wallClockToInstant(start!.slice(0, 10), start!.slice(11), 'US/Eastern')!.getTime();
  await setSelfServiceRules(services, { rescheduleNoticeMinutes: Math.ceil((startMs - proxyNow) / 60_000) + 5 });
  const appointment = await bookThroughProxy(services, start!);
  const now = new Date(proxyNow - 10 * 60_000).toISOString();
  const widget = await mountManage({ ...options, apiBase: services.apiBase, token: linkValue(appointment), now });
  return { widget, appointment, start: start! };
}
