/**
 * A booking widget's time step as a visitor meets it (by role and accessible name), for the
 * tests of live times (issue 24): the times it offers, waiting for one to leave or come back,
 * and choosing one.
 */
import assert from 'node:assert/strict';
import type { Locator } from 'playwright';
import type { RecordedPage } from './browser.js';

/** A time step's time buttons, as their accessible names read in English: `10:00 AM`. */
export const TIME_NAME = /^\d{1,2}:\d{2}\s[AP]M$/;

/** Polls `check` until it holds; gives up only after a hang guard (30 s unless told), naming what it waited for. */
export async function until(check: () => Promise<boolean>, what: string, guardMs = 30_000): Promise<void> {
  const giveUp = performance.now() + guardMs;
  while (!(await check())) {
    assert.ok(performance.now() < giveUp, `gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * `work`, or a failure that names it once `guardMs` have passed: a step that never ends
 * (a page's crash never reported, a close that waits on a connection) fails as itself,
 * not as the whole file's timeout with no word of where it stopped.
 */
export async function bounded<T>(work: Promise<T>, what: string, guardMs = 30_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`gave up waiting for ${what} after ${guardMs / 1000} s`)), guardMs);
  });
  try {
    return await Promise.race([work, guard]);
  } finally {
    clearTimeout(timer);
  }
}

/** The times a time step offers now, by their buttons' accessible names (`10:00 AM`). */
export async function timesOffered(widget: Locator): Promise<string[]> {
  return (await widget.getByRole('button', { name: TIME_NAME }).allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
}

/** Whether the time step shows its times, `time` among them. */
export async function offers(widget: Locator, time: string): Promise<boolean> {
  const times = await timesOffered(widget);
  return times.length > 0 && times.includes(time);
}

/**
 * Whether the time step shows its times, `time` not among them, or says its day has none left (`time` was
 * its last: near closing time, as a run late in the company's day meets). A loading step is neither.
 */
export async function lacks(widget: Locator, time: string): Promise<boolean> {
  const times = await timesOffered(widget);
  if (times.length) return !times.includes(time);
  return (await widget.getByText(/^No free times on this day/).count()) > 0;
}

/** Resolves once the time step shows times and the page's live stream for `company` is open: a change from now on reaches it. */
export async function timesLive(visitor: RecordedPage, widget: Locator, company: string): Promise<void> {
  await widget.getByRole('button', { name: TIME_NAME }).first().waitFor();
  await until(
    async () => visitor.received.some(({ url }) => new URL(url).pathname.endsWith(`/proxy/companies/${company}/live`)),
    'the live stream open',
  );
}

/** What the widget's `bw-slot-select` says of a chosen time. */
export interface Chosen {
  serviceId: string;
  staffId: string;
  startInCompanyZone: { dateTime: string; timeZone: string };
}

/** Chooses `time` on the widget's time step; resolves with what its `bw-slot-select` said of it. */
export async function choose(widget: Locator, time: string): Promise<Chosen> {
  const selected = widget.evaluate(
    (element) =>
      new Promise<Chosen>((resolve) =>
        element.addEventListener('bw-slot-select', (event) => resolve((event as CustomEvent<Chosen>).detail), { once: true }),
      ),
  );
  await widget.getByRole('button', { name: new RegExp(`^${time.replace(' ', '\\s')}$`) }).click();
  return selected;
}

/** The appointment body of `chosen` lasting `minutes`, as the widget sends it (without its client). */
export function appointmentOf(chosen: Chosen, minutes: number): Record<string, unknown> {
  const { dateTime, timeZone } = chosen.startInCompanyZone;
  // Wall-clock arithmetic in the company's zone: right away from a daylight-saving change, which the tests keep clear of.
  const end = new Date(Date.parse(`${dateTime}Z`) + minutes * 60_000).toISOString().slice(0, 19);
  return {
    service: { id: chosen.serviceId },
    staff: { id: chosen.staffId },
    start: { dateTime, timeZone },
    end: { dateTime: end, timeZone },
  };
}
