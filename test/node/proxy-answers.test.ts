/**
 * What the browser gets back, beyond the body: answers the proxy forwards are
 * labelled as its own are, shared caches keep each language apart, and a
 * refusal never repeats a name the visitor chose.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { A_CLIENT, COMPANY_PATH, expectError, json, ORIGIN, postJson, request, testProxy, fakeUpstream } from './proxy-harness.js';

describe('proxy answers', () => {
  it('forwarded answers carry X-Content-Type-Options: nosniff, as the proxy’s own do', async () => {
    const { proxy } = testProxy(
      {},
      fakeUpstream(() => new Response('plain text', { headers: { 'Content-Type': 'text/plain' } })),
    );
    for (const path of [
      COMPANY_PATH,
      `${COMPANY_PATH}/services`,
      `${COMPANY_PATH}/widget/freeSlots?startDate=2026-03-05&endDate=2026-03-05&serviceId=1`,
    ]) {
      const response = await proxy(request('GET', path));
      assert.equal(response.headers.get('X-Content-Type-Options'), 'nosniff', path);
    }
  });

  it('catalog answers vary with Accept-Language as well as Origin: they are publicly cacheable, and worded in the asked language', async () => {
    const { proxy } = testProxy(
      {},
      fakeUpstream(() => json({ items: [] })),
    );
    const catalog = await proxy(request('GET', `${COMPANY_PATH}/services`, { headers: { Origin: ORIGIN, 'Accept-Language': 'fr' } }));
    assert.match(catalog.headers.get('Cache-Control') ?? '', /public/);
    const vary = (catalog.headers.get('Vary') ?? '').split(',').map((name) => name.trim().toLowerCase());
    assert.deepEqual(vary.sort(), ['accept-language', 'origin']);
  });

  it('a refusal names the visitor’s parameter or field in `field`, never in its message', async () => {
    const { proxy } = testProxy();
    const chosen = 'zz_visitor_chosen_name';
    const query = await expectError(await proxy(request('GET', `${COMPANY_PATH}/services?${chosen}=1`)), 400, 'INVALID_PARAMETER');
    assert.equal(query.field, chosen);
    assert.doesNotMatch(query.message, new RegExp(chosen));
    const twice = await expectError(await proxy(request('GET', `${COMPANY_PATH}?fields=name&fields=id`)), 400, 'INVALID_PARAMETER');
    assert.equal(twice.field, 'fields');
    assert.doesNotMatch(twice.message, /fields/);
    const body = await expectError(await proxy(postJson('/api/2.0/clients', { ...A_CLIENT, [chosen]: 1 })), 400, 'INVALID_PARAMETER');
    assert.equal(body.field, chosen);
    assert.doesNotMatch(body.message, new RegExp(chosen));
  });
});
