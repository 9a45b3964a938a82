/**
 * Large inputs: the built `<bw-slot-picker>` with 200 times and `<bw-day-picker>`
 * with every day of a month available, mounted fresh inside a loaded widget
 * (so the widget's theme applies and its localizer is the real one); and the
 * sandbox's `freeSlots` for 31 days of a company with 20 staff members and
 * 2,000 appointments, in Node.
 */
import type { Browser } from 'playwright';
import { addDays } from 'booking-widget-shared/calendar-date';
import { SANDBOX_CREDENTIALS, buildLargeCompany, createSandbox } from '../packages/sandbox/src/index.js';
import { openProbedPage, painted } from './load.js';

export interface Mounted {
  /** Element created → rendered, styled and laid out (the work). */
  layout: number;
  /** Element created → after the next paint (the work plus waiting for a frame). */
  paint: number;
  /** Buttons rendered: the slots, or the days. */
  buttons: number;
}

export interface RenderScale {
  slotPicker: Mounted[];
  dayPicker: Mounted[];
}

export const SLOT_COUNT = 200;

/** Mounts each element `times` times on the preselected page, once the widget shows times. */
export async function measureRenders(browser: Browser, siteUrl: string, times: number): Promise<RenderScale> {
  const { context, page } = await openProbedPage(browser, `${siteUrl}/preselected.html`, {
    firstSlot: { selector: 'button[part~="slot"]' },
  });
  try {
    await painted(page, 'firstSlot');
    const next = new Date();
    const month = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 1));
    return await page.evaluate(
      async ({ times, slotCount, monthStart }) => {
        const bench = window.__bench;
        const localizer = (bench.queryAll('bw-slot-picker')[0] as unknown as { localizer: unknown }).localizer;
        const host = document.createElement('div');
        bench.queryAll('[part~="base"]')[0]!.prepend(host);
        window.scrollTo(0, 0);

        const start = Date.parse(`${monthStart}T08:00:00Z`);
        const slots = Array.from({ length: slotCount }, (_, index) => new Date(start + index * 5 * 60_000));
        const first = new Date(`${monthStart}T00:00:00Z`);
        const days: string[] = [];
        for (let day = first; day.getUTCMonth() === first.getUTCMonth(); day = new Date(day.getTime() + 86_400_000)) {
          days.push(day.toISOString().slice(0, 10));
        }

        const mount = async (tag: string, properties: Record<string, unknown>) => {
          host.replaceChildren();
          await bench.afterNextPaint();
          const started = performance.now();
          const element = Object.assign(document.createElement(tag), properties) as unknown as HTMLElement & {
            updateComplete: Promise<unknown>;
          };
          host.append(element);
          await element.updateComplete;
          element.shadowRoot!.querySelector('button')?.getBoundingClientRect();
          const layout = performance.now() - started;
          const paint = (await bench.afterNextPaint()) - started;
          const selector = tag === 'bw-slot-picker' ? 'button[part~="slot"]' : 'button[part~="available"]';
          return { layout, paint, buttons: element.shadowRoot!.querySelectorAll(selector).length };
        };

        const result: { slotPicker: Mounted[]; dayPicker: Mounted[] } = { slotPicker: [], dayPicker: [] };
        for (let run = 0; run < times; run++) {
          result.slotPicker.push(await mount('bw-slot-picker', { localizer, slots, timeZone: 'UTC' }));
          result.dayPicker.push(await mount('bw-day-picker', { localizer, month: days[0], available: new Set(days), today: days[0] }));
        }
        host.remove();
        return result;
      },
      { times, slotCount: SLOT_COUNT, monthStart: month.toISOString().slice(0, 10) },
    );
  } finally {
    await context.close();
  }
}

export interface FreeSlotsScale {
  staff: number;
  appointments: number;
  days: number;
  /** Free slots in the answer. */
  slots: number;
  /** The first query of a freshly built company, one per company. */
  cold: number[];
  /** The same query again on the last company. */
  warm: number[];
}

/** A fixed clock and the docs' example dates, so every run computes the same availability. */
const NOW = '2026-03-04T15:00:00Z';
const START = '2026-03-05';
const DAYS = 31;
const STAFF = 20;
const APPOINTMENTS = 2000;

/** Times `freeSlots` (any staff member, 31 days) through the sandbox's handler, JSON included. */
export async function measureFreeSlots(companies: number, warmCalls: number): Promise<FreeSlotsScale> {
  const sandbox = createSandbox({ now: NOW });
  const headers = { apiKey: SANDBOX_CREDENTIALS.apiKey, token: SANDBOX_CREDENTIALS.token };
  const query = async (companyId: string, serviceId: string) => {
    const url = `http://sandbox.local/api/2.0/scheduling/companies/${companyId}/widget/freeSlots?serviceId=${serviceId}&startDate=${START}&endDate=${addDays(START, DAYS - 1)}`;
    const started = performance.now();
    const response = await sandbox(new Request(url, { headers }));
    const body = (await response.json()) as { items?: { slots: string[] }[] };
    const time = performance.now() - started;
    if (!response.ok || !body.items) throw new Error(`freeSlots answered ${response.status}: ${JSON.stringify(body)}`);
    return { time, slots: body.items.reduce((total, day) => total + day.slots.length, 0) };
  };

  const cold: number[] = [];
  let last = { companyId: '', serviceId: '', slots: 0 };
  for (let n = 0; n < companies; n++) {
    const { companyId, serviceId } = await buildLargeCompany(sandbox, {
      startDate: START,
      days: DAYS,
      staffCount: STAFF,
      appointmentCount: APPOINTMENTS,
    });
    const first = await query(companyId, serviceId);
    cold.push(first.time);
    last = { companyId, serviceId, slots: first.slots };
  }
  const warm: number[] = [];
  for (let n = 0; n < warmCalls; n++) warm.push((await query(last.companyId, last.serviceId)).time);
  return { staff: STAFF, appointments: APPOINTMENTS, days: DAYS, slots: last.slots, cold, warm };
}
