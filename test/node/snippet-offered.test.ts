/**
 * The demo's snippet generator offers to preselect only what the widget offers (demo/snippet/offered.ts),
 * read from the sandbox's seed through the widget's own client and catalog rules.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { offeredCatalog, offeredChoices } from '../../demo/snippet/offered.js';
import { snippet, SnippetKind } from '../../demo/snippet/snippets.js';
import { createSchedulingClient } from '../../src/api/index.js';
import { createSandbox, SANDBOX_CREDENTIALS } from '../../packages/sandbox/src/index.js';

const sandbox = createSandbox({ now: '2026-03-04T15:00:00Z' });
const api = createSchedulingClient({
  apiBase: 'http://sandbox.test',
  // As the demo's proxy would add them: the sandbox wants credentials.
  fetch: (input, init) => {
    const request = new Request(input, init);
    request.headers.set('apiKey', SANDBOX_CREDENTIALS.apiKey);
    request.headers.set('token', SANDBOX_CREDENTIALS.token);
    return sandbox(request);
  },
});
const names = (choices: { name: string }[]) => choices.map((choice) => choice.name);

describe('snippet generator: it offers only what the widget offers', () => {
  it('demo-salon: no back-office service (Bridal trial), no hidden staff (Sam Rivera); a service narrows the staff to those who perform it', async () => {
    const catalog = await offeredCatalog(api, 'demo-salon');
    const all = offeredChoices(catalog, {});
    assert.ok(!names(all.services).includes('Bridal trial'), 'back office only');
    assert.ok(names(all.services).includes("Men's cut"));
    assert.ok(!names(all.staff).includes('Sam Rivera'), 'hidden from the widget');
    assert.deepEqual(all.resources, []);
    // Men's cut + Priya Patel cannot be booked: she is not offered with it.
    const mensCut = catalog.services.find((service) => service.name === "Men's cut")!;
    assert.deepEqual(names(offeredChoices(catalog, { serviceId: mensCut.id }).staff), ['Maya Chen', 'Jordan Brooks']);
    const priya = catalog.staff.find((member) => member.firstName === 'Priya')!;
    assert.ok(!names(offeredChoices(catalog, { staffId: priya.id }).services).includes("Men's cut"));
  });

  it('demo-courts: resources, and no staff or services to preselect', async () => {
    const offered = offeredChoices(await offeredCatalog(api, 'demo-courts'), {});
    assert.ok(offered.resources.length > 0);
    assert.deepEqual([offered.services, offered.staff], [[], []]);
  });

  it('the CMS placeholder carries the link the docs recommend, for the moment before the script runs and for visitors without JavaScript', () => {
    const cms = snippet(SnippetKind.Cms, {
      companyId: 'demo-salon',
      apiBase: 'https://shop.example/booking-api',
      scriptUrl: '',
      fallbackUrl: 'https://shop.example/book?a=1&b=2',
    });
    assert.equal(
      cms.body,
      '<div data-booking-widget data-company-id="demo-salon" data-api-base="https://shop.example/booking-api">\n  <a href="https://shop.example/book?a=1&amp;b=2">Book online</a>\n</div>',
    );
  });
});
