/** Held times from outside the widget: what the proxy offers others, and a proxy whose answers to holds come late. */
import type { SlotSelectEvent } from '../../../src/index.js';

/** Whether the proxy offers `slot` (its day, its staff member) to anyone else now. */
export async function offered(apiBase: string, slot: SlotSelectEvent['detail']): Promise<boolean> {
  const day = slot.startInCompanyZone.dateTime.slice(0, 10);
  const query = new URLSearchParams({ startDate: day, endDate: day, serviceId: slot.serviceId!, staffId: slot.staffId! });
  const answer = (await (await fetch(`${apiBase}/api/2.0/scheduling/companies/demo-salon/widget/freeSlots?${query}`)).json()) as {
    items: { slots: string[] }[];
  };
  return answer.items.some((item) => item.slots.includes(slot.startInCompanyZone.dateTime));
}

/** Another visitor (this page, outside the widget) holds `slot` for `minutes` through the proxy; answers the proxy's response. */
export function holdAsAnother(apiBase: string, slot: SlotSelectEvent['detail'], minutes: number): Promise<Response> {
  const start = slot.startInCompanyZone;
  // Wall-clock arithmetic on the company's own clock, read as UTC: no host zone takes part.
  const end = new Date(Date.parse(`${start.dateTime}Z`) + minutes * 60_000).toISOString().slice(0, 19);
  return fetch(`${apiBase}/proxy/companies/demo-salon/holds`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      service: { id: slot.serviceId },
      staff: { id: slot.staffId },
      start,
      end: { dateTime: end, timeZone: start.timeZone },
    }),
  });
}

/**
 * A `fetch` for the widget behind a busy proxy: a hold is granted at once, and its answer reaches the
 * page `delayMs` later. A page that gives up waiting meanwhile (the request's signal) gets an abort, as
 * from a real fetch, though the proxy holds the time all the same.
 */
export function lateHoldAnswers(delayMs: number): typeof fetch {
  return async (input, init) => {
    if (init?.method !== 'POST' || !new URL(String(input)).pathname.endsWith('/holds')) return fetch(input, init);
    const { signal, ...sent } = init;
    const answer = await fetch(input, sent);
    await new Promise((resolve, reject) => {
      const late = setTimeout(resolve, delayMs);
      const abort = () => {
        clearTimeout(late);
        reject(signal!.reason);
      };
      if (signal?.aborted) abort();
      else signal?.addEventListener('abort', abort, { once: true });
    });
    return answer;
  };
}

/**
 * A `fetch` for the widget whose releases reach the proxy `delayMs` late (a slow network on the way
 * back): the time stays held on the proxy that long after the page let it go.
 */
export function lateReleases(delayMs: number): typeof fetch {
  return async (input, init) => {
    if (init?.method === 'POST' && new URL(String(input)).pathname.endsWith('/holds/release'))
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    return fetch(input, init);
  };
}
