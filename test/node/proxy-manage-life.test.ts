/**
 * A manage link over the booking's life (issue 29, points 4 and 6): it lives as
 * long as the booking as the service has it now, however often it was moved, and
 * one booking is changed by one request at a time.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError, request } from './proxy-harness.js';
import { book, manageProxy, moveBody, put, SALON, sandboxRead, withToken } from './support/manage-proxy.js';

/** `2026-03-05T09:00:00` plus `minutes`, as a wall-clock reading (the arithmetic is done in UTC, where no day has a gap). */
const plus = (wallClock: string, minutes: number) => new Date(Date.parse(`${wallClock}Z`) + minutes * 60_000).toISOString().slice(0, 19);

describe('proxy: a manage link lives as long as its booking', () => {
  it('keeps working after a move until a week after the new end, then is refused', async () => {
    const { proxy, setNow } = manageProxy();
    // Booked for 5 March 09:00–09:30 in demo-salon's US/Eastern: it ends at 14:30Z; moved, at 13:30Z on 20 March (daylight time).
    const booked = await book(proxy);
    const path = `${SALON}/appointments/${booked.id}`;
    const moved = await proxy(put(path, booked.manageToken, moveBody('2026-03-20T09:00:00', '2026-03-20T09:30:00')));
    assert.equal(moved.status, 200, await moved.clone().text());
    assert.equal(moved.headers.get('Manage-Token'), null, 'no new token: the one in the e-mail must keep working');

    // A week and a day after the original end: the old rule killed the link here.
    setNow('2026-03-13T09:00:00Z');
    const read = await proxy(request('GET', path, withToken(booked.manageToken)));
    assert.equal(read.status, 200, await read.clone().text());
    assert.equal((await read.json()).start.dateTime, '2026-03-20T09:00:00');
    // Six days after the new end, still there to read.
    setNow('2026-03-26T13:00:00Z');
    assert.equal((await proxy(request('GET', path, withToken(booked.manageToken)))).status, 200);
    // A week after the new end, gone.
    setNow('2026-03-27T13:31:00Z');
    await expectError(await proxy(request('GET', path, withToken(booked.manageToken))), 403, 'FORBIDDEN');
    await expectError(await proxy(request('DELETE', path, withToken(booked.manageToken))), 403, 'FORBIDDEN');
  });

  it('a link of a booking that was never moved ends a week after its end', async () => {
    const { proxy, setNow } = manageProxy();
    const booked = await book(proxy);
    const path = `${SALON}/appointments/${booked.id}`;
    setNow('2026-03-12T14:29:00Z');
    assert.equal((await proxy(request('GET', path, withToken(booked.manageToken)))).status, 200);
    setNow('2026-03-12T14:31:00Z');
    await expectError(await proxy(request('GET', path, withToken(booked.manageToken))), 403, 'FORBIDDEN');
  });
});

describe('proxy: one change of a booking at a time', () => {
  it('20 simultaneous moves to 20 times: one 200, the other 19 are 409 and never reach the service', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let putsSent = 0;
    const made = manageProxy({
      // The one change that goes through is held at the service until every other answer is in: they all meet it in flight.
      fetch: async (input, init) => {
        if (init?.method === 'PUT') {
          putsSent += 1;
          await held;
        }
        return made.upstream.fetch(input, init!);
      },
    });
    const { proxy, upstream } = made;
    const booked = await book(proxy);
    const path = `${SALON}/appointments/${booked.id}`;
    const free = await sandboxRead(
      upstream,
      '/api/2.0/scheduling/companies/demo-salon/widget/freeSlots?startDate=2026-03-06&endDate=2026-03-07&serviceId=2002&staffId=3001',
    );
    const slots = ((await free.json()).items as { slots: string[] }[]).flatMap((day) => day.slots).map((slot) => slot.slice(0, 19));
    assert.ok(slots.length >= 20, `20 free times to move to (found ${slots.length})`);

    const answers: Response[] = [];
    const all = slots.slice(0, 20).map((start) =>
      proxy(put(path, booked.manageToken, moveBody(start, plus(start, 30)))).then((answer) => {
        answers.push(answer);
        return answer;
      }),
    );
    const giveUpAt = Date.now() + 30_000;
    while (answers.length < 19 && Date.now() < giveUpAt) await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const statuses = (await Promise.all(all)).map((answer) => answer.status).sort();
    assert.deepEqual(statuses, [200, ...Array<number>(19).fill(409)]);
    assert.equal(putsSent, 1, 'one change reached the service');
    const refused = answers.find((answer) => answer.status === 409)!;
    assert.equal((await refused.json()).error.errorCode, 'IDEMPOTENCY_CONFLICT');
    const winner = (await Promise.all(all)).find((answer) => answer.status === 200)!;
    const stored = await (await sandboxRead(upstream, path)).json();
    assert.equal(stored.start.dateTime, (await winner.json()).start.dateTime, 'the booking is where the one 200 said');

    // Once it is done, the next change goes through.
    const next = await proxy(put(path, booked.manageToken, moveBody(slots[20] ?? slots[0]!, plus(slots[20] ?? slots[0]!, 30))));
    assert.equal(next.status, 200, await next.clone().text());
  });
});
