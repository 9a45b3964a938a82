/**
 * Where a booking came from (service contract §15): read by the widget from its page and
 * the merchant's `attribution`, sent with the appointment, let through by the proxy only
 * as §15 allows, kept by the sandbox, and never answered to a browser.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attributionProblem } from 'booking-widget-shared/attribution';
import { appointmentInput } from '../../src/api/booking.js';
import { attributionFor } from '../../src/booking/attribution.js';
import type { BookingProxyOptions } from '../../packages/proxy/src/index.js';
import { A_CLIENT, ORIGIN, postJson, request, SANDBOX_PARTNER, throughSandbox } from './proxy-harness.js';

const LANDING = {
  url: 'https://shop.example/book/?utm_source=news&utm_campaign=spring&gclid=x&bw_email=ada%40example.org#top',
  referrer: 'https://news.example/issue/42?subscriber=ada',
};

/** What the widget would send, for a visitor who consented to measurement unless `consented` is false. */
async function read(landing = LANDING, given?: unknown, consented = true) {
  const warnings: string[] = [];
  return { attribution: await attributionFor(landing, given, consented, (message) => warnings.push(message)), warnings };
}

describe('attribution: what the widget sends', () => {
  it('takes the campaign parameters, the page without its query and fragment, and the referrer’s origin only', async () => {
    const { attribution, warnings } = await read();
    assert.deepEqual(attribution, {
      utm_source: 'news',
      utm_campaign: 'spring',
      gclid: 'x',
      landingPage: 'https://shop.example/book/',
      referrer: 'https://news.example',
    });
    assert.deepEqual(warnings, []);
  });

  it('sends an ad click’s id only with the visitor’s consent: it ties the click to the person who books (audit 7)', async () => {
    const page = { url: 'https://shop.example/?utm_source=news&gclid=G-1&fbclid=F-1&msclkid=M-1', referrer: '' };
    const { attribution } = await read(page, undefined, false);
    assert.deepEqual(attribution, { utm_source: 'news', landingPage: 'https://shop.example/' });
    assert.deepEqual((await read(page, { utm_source: 'ads', gclid: 'G-2' }, false)).attribution, {
      utm_source: 'ads',
      landingPage: 'https://shop.example/',
    });
    assert.equal((await read(page, undefined, true)).attribution?.gclid, 'G-1');
  });

  it('reads a hash router’s campaign from the fragment’s query, and never the fragment into the landing page', async () => {
    const { attribution } = await read({
      url: 'https://shop.example/#/book?utm_source=news&utm_campaign=spring&bw_email=a%40b.c',
      referrer: '',
    });
    assert.deepEqual(attribution, { utm_source: 'news', utm_campaign: 'spring', landingPage: 'https://shop.example/' });
    // The address's own query wins as a whole: one campaign, never two mixed.
    const both = await read({ url: 'https://shop.example/?utm_source=ads#/book?utm_campaign=spring', referrer: '' });
    assert.deepEqual(both.attribution, { utm_source: 'ads', landingPage: 'https://shop.example/' });
  });

  it('sends nothing for a visitor who came with nothing to say', async () => {
    assert.equal((await read({ url: 'https://shop.example/', referrer: '' })).attribution?.utm_source, undefined);
    assert.equal((await read({ url: 'about:blank', referrer: '' })).attribution, undefined);
  });

  it('the merchant’s attribution wins; its campaign comes whole, never mixed with the page’s', async () => {
    const given = { utm_source: 'ads', utm_medium: 'cpc', landingPage: 'https://shop.example/spring' };
    assert.deepEqual((await read(LANDING, given)).attribution, {
      utm_source: 'ads',
      utm_medium: 'cpc',
      landingPage: 'https://shop.example/spring',
      referrer: 'https://news.example',
    });
    // Without a campaign of its own, the page's stays.
    assert.equal((await read(LANDING, { referrer: 'https://search.example' })).attribution?.utm_campaign, 'spring');
  });

  it('drops, and says, what the proxy would refuse: unknown keys, non-strings, oversize values', async () => {
    const long = `https://shop.example/?utm_content=${'x'.repeat(201)}&utm_source=news`;
    const { attribution, warnings } = await read({ url: long, referrer: '' }, { email: 'ada@example.org', utm_term: 7 });
    assert.deepEqual(attribution, { utm_source: 'news', landingPage: 'https://shop.example/' });
    assert.equal(warnings.length, 3);
    assert.match(warnings.join('\n'), /attribution\.email is not an attribution key/);
    assert.match(warnings.join('\n'), /utm_term must be a string/);
    assert.match(warnings.join('\n'), /utm_content is longer than 200/);
    assert.doesNotMatch(warnings.join('\n'), /ada@example/);
  });

  it('sends the merchant’s landing page as it sends its own, without query and fragment: location.href books (audit 7)', async () => {
    const given = { utm_source: 'news', landingPage: 'https://shop.example/spring?utm_source=news&bw_email=ada%40example.org#offer' };
    const { attribution, warnings } = await read(LANDING, given);
    assert.equal(attribution?.landingPage, 'https://shop.example/spring');
    assert.equal(attributionProblem(attribution), undefined, 'what the proxy lets through');
    assert.deepEqual(warnings, []);
  });

  it('takes an empty campaign value of the merchant’s as absent: the page’s campaign still counts', async () => {
    const { attribution, warnings } = await read(LANDING, { utm_source: '', utm_medium: '' });
    assert.equal(attribution?.utm_source, 'news');
    assert.equal(attribution?.utm_campaign, 'spring');
    assert.deepEqual(warnings, []);
  });

  it('leaves out, and says, a value with control, invisible or text-direction characters, from the page or the merchant', async () => {
    const page = {
      url: 'https://shop.example/?utm_source=news&utm_medium=a%00b%1B%5B2J%0D%0AInjected&gclid=%E2%80%AEgnp.exe',
      referrer: '',
    };
    const { attribution, warnings } = await read(page, undefined);
    assert.deepEqual(attribution, { utm_source: 'news', landingPage: 'https://shop.example/' });
    assert.match(warnings.join('\n'), /utm_medium holds a control, invisible or text-direction character/);
    assert.match(warnings.join('\n'), /gclid holds a control/);
    const merchant = await read(LANDING, { utm_source: 'ads', utm_term: 'x\u202ey' });
    assert.deepEqual(merchant.attribution && Object.keys(merchant.attribution).sort(), ['landingPage', 'referrer', 'utm_source']);
    assert.match(merchant.warnings.join('\n'), /utm_term holds a control, invisible or text-direction character/);
  });

  it('goes with the appointment, under extendedProperties.private.attribution, and only there', () => {
    const body = appointmentInput(
      {
        companyId: 'demo-salon',
        companyTimeZone: 'US/Eastern',
        subject: { kind: 'service', serviceId: '2002' },
        start: new Date('2026-03-05T14:00:00Z'),
        durationMinutes: 30,
        client: { firstName: 'Ada', lastName: 'Lovelace' },
        attribution: { utm_source: 'news' },
      },
      'cl-1',
    );
    assert.deepEqual(body.extendedProperties, { private: { attribution: { utm_source: 'news' } } });
    assert.equal(JSON.stringify(body).match(/news/g)?.length, 1);
  });
});

describe('attribution: the shared rule', () => {
  it('knows the §15 keys, their sizes, and the forms of the landing page and the referrer', () => {
    assert.equal(attributionProblem({ utm_source: 'news', landingPage: 'https://a.example/x', referrer: 'https://b.example' }), undefined);
    assert.match(attributionProblem({ utm_id: '1' })!.field, /attribution\.utm_id$/);
    assert.match(attributionProblem({ gclid: 'g'.repeat(201) })!.message, /longer than 200/);
    assert.match(attributionProblem({ referrer: 'https://b.example/page' })!.message, /origin only/);
    assert.match(attributionProblem({ landingPage: 'javascript:alert(1)' })!.message, /absolute http/);
    assert.match(attributionProblem(['x'])!.message, /must be an object/);
    assert.match(attributionProblem({ landingPage: 'https://a.example/x?token=1' })!.message, /without its query or fragment/);
    assert.match(attributionProblem({ utm_medium: 'a\r\nInjected: yes' })!.message, /control, invisible or text-direction/);
    assert.match(attributionProblem({ utm_term: '\u2066x' })!.message, /control, invisible or text-direction/);
    // Audit 8, #10: a line separator forges a log line, a zero width space makes two values look one; a user name and
    // password in the landing page is personal data.
    assert.match(attributionProblem({ utm_source: 'news\u2028Injected: yes' })!.message, /control, invisible or text-direction/);
    assert.match(attributionProblem({ utm_campaign: 'spr\u200bing' })!.message, /control, invisible or text-direction/);
    assert.match(
      attributionProblem({ landingPage: 'https://jane.doe%40example.com:pw@shop.example/book' })!.message,
      /without a user name or password/,
    );
    // A Persian campaign name keeps its zero width non-joiner.
    assert.equal(attributionProblem({ utm_campaign: 'می\u200cخواهم' }), undefined);
    assert.equal(attributionProblem({ utm_campaign: 'رمضان' }), undefined, 'right-to-left text itself is fine');
  });
});

const SALON = '/api/2.1/scheduling/companies/demo-salon';
type Proxy = (request: Request) => Promise<Response>;

function attributionProxy(options: Partial<BookingProxyOptions> = {}) {
  return throughSandbox({
    signingKeys: ['k'.repeat(32) + '-attribution-test-key'],
    manageBookings: true,
    limits: { postRateLimit: false },
    ...options,
  });
}

async function bookWith(proxy: Proxy, attribution: unknown) {
  const client = await proxy(postJson('/api/2.0/clients', A_CLIENT, { Origin: ORIGIN }));
  assert.equal(client.status, 200);
  const { id } = await client.json();
  const body = {
    client: { id },
    service: { id: '2002' },
    staff: { id: '3001' },
    start: { dateTime: '2026-03-05T09:00:00' },
    end: { dateTime: '2026-03-05T09:30:00' },
    extendedProperties: { private: { attribution } },
  };
  return proxy(postJson(`${SALON}/appointments`, body, { Origin: ORIGIN }));
}

const CAMPAIGN = {
  utm_source: 'news',
  utm_campaign: 'spring',
  gclid: 'x',
  landingPage: 'https://shop.example/',
  referrer: 'https://news.example',
};

describe('attribution: through the proxy into the service', () => {
  it('is stored on the appointment, and neither the booking’s answer nor the manage GET returns it', async () => {
    const { proxy, upstream } = attributionProxy();
    const answer = await bookWith(proxy, CAMPAIGN);
    assert.equal(answer.status, 200, await answer.clone().text());
    const appointment = await answer.json();
    assert.doesNotMatch(JSON.stringify(appointment), /spring|news\.example/);
    const stored = await (
      await upstream.sandbox(new Request(`http://sandbox.test${SALON}/appointments/${appointment.id}`, { headers: SANDBOX_PARTNER }))
    ).json();
    assert.deepEqual(stored.extendedProperties.private.attribution, CAMPAIGN);
    const managed = await proxy(
      request('GET', `${SALON}/appointments/${appointment.id}`, { headers: { 'Manage-Token': appointment.manageToken, Origin: ORIGIN } }),
    );
    assert.equal(managed.status, 200);
    assert.doesNotMatch(await managed.text(), /spring|news\.example|attribution/);
  });

  const REFUSED: [string, unknown, RegExp][] = [
    ['an unknown key', { ...CAMPAIGN, email: 'ada@example.org' }, /attribution\.email$/],
    ['an oversize value', { utm_content: 'c'.repeat(201) }, /attribution\.utm_content$/],
    ['a landing page with its query', { landingPage: 'https://shop.example/?bw_email=ada%40example.org' }, /attribution\.landingPage$/],
    ['a referrer with a path', { referrer: 'https://news.example/issue/42' }, /attribution\.referrer$/],
    ['a number', { gclid: 42 }, /attribution\.gclid$/],
    ['a control character', { utm_medium: 'a\u001b[2Jb' }, /attribution\.utm_medium$/],
  ];
  for (const [what, attribution, field] of REFUSED) {
    it(`refuses ${what} with a clear error, and books nothing`, async () => {
      const { proxy, upstream } = attributionProxy();
      const answer = await bookWith(proxy, attribution);
      assert.equal(answer.status, 400);
      const { error } = await answer.json();
      assert.equal(error.errorCode, 'INVALID_PARAMETER');
      assert.match(error.field, field);
      // The field says where; the message never repeats a name the browser chose (an unknown key), so it may be generic.
      assert.match(`${error.field}: ${error.message}`, /attribution\.\w+: \S/);
      assert.doesNotMatch(error.message, /ada@example/);
      assert.equal(upstream.apiCalls().filter((call) => call.method === 'POST' && call.url.pathname.endsWith('/appointments')).length, 0);
    });
  }
});

describe('attribution: the snippet generator’s prefilled link', () => {
  it('puts the choices in bw_* and the campaign in utm_*, on the merchant’s page', async () => {
    const { prefilledLink } = await import('../../demo/snippet/link.js');
    assert.equal(
      prefilledLink({
        page: 'https://shop.example/book?lang=fr',
        serviceId: '2002',
        staffId: '3001',
        date: '2026-12-24',
        utmSource: 'news',
        utmCampaign: 'spring',
      }),
      'https://shop.example/book?lang=fr&bw_service=2002&bw_staff=3001&bw_date=2026-12-24&utm_source=news&utm_campaign=spring',
    );
    assert.equal(prefilledLink({ page: 'not a page', serviceId: '2002' }), '');
  });
});
