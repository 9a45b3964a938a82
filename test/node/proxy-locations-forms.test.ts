/**
 * Issue #14 through the proxy: every location it serves is readable and bookable,
 * nothing else is; the forms of its companies only; answers checked for shape and size.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FORM_LIMITS } from '../../packages/proxy/src/rules/form-answers.js';
import { A_CLIENT, ORIGIN, expectError, postJson, request, SANDBOX_PARTNER, sandboxUpstream, testProxy, writes } from './proxy-harness.js';

const SALONS = ['demo-salon', 'demo-salon-west'];
const company = (id: string, version = '2.1') => `/api/${version}/scheduling/companies/${id}`;

function salonsProxy() {
  return testProxy({ upstream: 'http://sandbox.test', credentials: SANDBOX_PARTNER, companies: SALONS }, sandboxUpstream());
}

async function clientToken(proxy: (r: Request) => Promise<Response>): Promise<string> {
  const response = await proxy(postJson('/api/2.0/clients', A_CLIENT, { Origin: ORIGIN }));
  assert.equal(response.status, 200);
  return ((await response.json()) as { id: string }).id;
}

/** Wednesday 2026-03-04 10:00 in San Francisco: a beard trim with Diego at demo-salon-west. */
const BEARD_TRIM = {
  service: { id: '2013' },
  staff: { id: '3011' },
  start: { dateTime: '2026-03-04T10:00:00', timeZone: 'America/Los_Angeles' },
  end: { dateTime: '2026-03-04T10:20:00', timeZone: 'America/Los_Angeles' },
};

describe('proxy: several locations (service contract §12)', () => {
  it('reads every served location, and books at the second one in its own zone', async () => {
    const { proxy } = salonsProxy();
    for (const id of SALONS) {
      const record = (await (await proxy(request('GET', company(id)))).json()) as { externalId: string; timeZone: string };
      assert.equal(record.externalId, id);
      assert.equal((await proxy(request('GET', `${company(id)}/services`))).status, 200);
    }
    const slots = await proxy(
      request(
        'GET',
        `${company('demo-salon-west', '2.0')}/widget/freeSlots?startDate=2026-03-04&endDate=2026-03-04&serviceId=2013&staffId=3011`,
      ),
    );
    assert.equal(((await slots.json()) as { items: { slots: string[] }[] }).items[0]!.slots[0], '2026-03-04T10:00:00');
    const booked = await proxy(
      postJson(`${company('demo-salon-west')}/appointments`, { ...BEARD_TRIM, client: { id: await clientToken(proxy) } }),
    );
    assert.equal(booked.status, 200, await booked.clone().text());
    assert.deepEqual(((await booked.json()) as { start: unknown }).start, BEARD_TRIM.start);
  });

  it('refuses the account’s other companies, and one location’s service booked at the other', async () => {
    const { proxy, upstream } = salonsProxy();
    for (const path of [company('demo-courts'), `${company('demo-clinic')}/services`, `${company('1004')}/staff`]) {
      await expectError(await proxy(request('GET', path)), 403, 'FORBIDDEN');
    }
    const before = writes(upstream).length;
    const wrongPlace = await proxy(
      postJson(`${company('demo-salon')}/appointments`, { ...BEARD_TRIM, client: { id: await clientToken(proxy) } }),
    );
    assert.equal((await expectError(wrongPlace, 403, 'FORBIDDEN')).field, 'service.id');
    assert.equal(writes(upstream).length, before + 1, 'only the client was written, not the appointment');
  });
});

describe('proxy: forms (service contract §11)', () => {
  it('forwards GET forms with the companyId of a served company, under 2.3 and 2.0', async () => {
    const { proxy } = salonsProxy();
    for (const version of ['2.3', '2.0']) {
      for (const id of SALONS) {
        const response = await proxy(request('GET', `/api/${version}/forms?companyId=${id}`));
        assert.equal(response.status, 200);
        assert.deepEqual(
          ((await response.json()) as { items: { id: string }[] }).items.map((form) => form.id),
          ['9001'],
        );
      }
    }
  });

  it('refuses the account’s whole list, another company’s forms, one form by id, other versions and writes', async () => {
    const { proxy, upstream } = salonsProxy();
    const refused: [string, string][] = [
      ['GET', '/api/2.3/forms'],
      ['GET', '/api/2.3/forms?companyId=demo-clinic'],
      ['GET', '/api/2.3/forms?companyId='],
      ['GET', '/api/2.3/forms/9001'],
      ['GET', '/api/2.1/forms?companyId=demo-salon'],
      ['POST', '/api/2.3/forms?companyId=demo-salon'],
      ['GET', '/api/2.3/results?companyId=demo-salon'],
    ];
    for (const [method, path] of refused) await expectError(await proxy(request(method, path)), 403, 'FORBIDDEN');
    await expectError(await proxy(request('GET', '/api/2.3/forms?companyId=demo-salon&name=x')), 400, 'INVALID_PARAMETER');
    assert.equal(upstream.apiCalls().length, 0, 'nothing reached the service');
  });

  it('checks the answers’ shape and size before anything is written', async () => {
    const { proxy, upstream } = salonsProxy();
    const client = { id: await clientToken(proxy) };
    const before = writes(upstream).length;
    const long = (n: number) => 'x'.repeat(n + 1);
    const bad: [unknown, string][] = [
      [{ id: 'a', title: 'A', value: 3 }, 'form[0].value'],
      [{ id: 'a', title: 'A', value: 'v', html: '<b>' }, 'form[0].html'],
      [{ id: 7, title: 'A', value: 'v' }, 'form[0].id'],
      [{ title: 'A', value: 'v' }, 'form[0].id'],
      [{ id: long(FORM_LIMITS.id), title: 'A', value: 'v' }, 'form[0].id'],
      [{ id: 'a', title: long(FORM_LIMITS.title), value: 'v' }, 'form[0].title'],
      [{ id: 'a', title: 'A', value: long(FORM_LIMITS.value) }, 'form[0].value'],
    ];
    for (const [answer, field] of bad) {
      const response = await proxy(postJson(`${company('demo-salon-west')}/appointments`, { ...BEARD_TRIM, client, form: [answer] }));
      assert.equal((await expectError(response, 400, 'INVALID_PARAMETER')).field, field);
    }
    const many = Array.from({ length: FORM_LIMITS.answers + 1 }, (_, index) => ({ id: `q${index}`, title: 'Q', value: '' }));
    const tooMany = await proxy(postJson(`${company('demo-salon-west')}/appointments`, { ...BEARD_TRIM, client, form: many }));
    assert.equal((await expectError(tooMany, 400, 'INVALID_PARAMETER')).field, 'form');
    assert.equal(writes(upstream).length, before);

    const answers = [{ id: 'hair-length', title: 'Hair length', value: 'short' }];
    const booked = await proxy(postJson(`${company('demo-salon-west')}/appointments`, { ...BEARD_TRIM, client, form: answers }));
    assert.equal(booked.status, 200);
    assert.deepEqual(((await booked.json()) as { form: unknown }).form, answers);
  });
});
