import { expect } from '@open-wc/testing';
import { BookingAttempt, type BookingRequest, SchedulingError, clearSharedReads, createSchedulingClient } from '../../../src/api/index.js';
import { type RecordedCall, fakeFetch, hang, json } from '../support/fake-fetch.js';

const company = { id: '1', name: 'Salon', timeZone: 'Europe/Paris', scheduledItems: 'service' };
const fastRetry = { retries: 2, baseDelayMs: 1, maxDelayMs: 2000 };

async function failure(promise: Promise<unknown>): Promise<SchedulingError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(SchedulingError);
    return error as SchedulingError;
  }
  throw new Error('expected the call to fail');
}

describe('scheduling client: failures become one SchedulingError', () => {
  beforeEach(() => clearSharedReads());

  it('reads status, errorCode, message and field from a JSON error body', async () => {
    const { fetch } = fakeFetch(() =>
      json({ error: { code: 400, errorCode: 'INVALID_PARAMETER', message: 'endDate is before startDate', field: 'endDate' } }, 400),
    );
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch, retry: fastRetry });
    const error = await failure(api.getFreeSlots('1', { kind: 'service', serviceId: 's', startDate: '2026-03-10', endDate: '2026-03-01' }));
    expect(error.status).to.equal(400);
    expect(error.errorCode).to.equal('INVALID_PARAMETER');
    expect(error.message).to.equal('endDate is before startDate');
    expect(error.field).to.equal('endDate');
    expect(error.retryable).to.equal(false);
  });

  it('takes the message of a text error and derives the code from the status', async () => {
    const { fetch } = fakeFetch(() => json({ error: 'Company not found' }, 404));
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch });
    const error = await failure(api.getCompany('nope'));
    expect(error).to.include({ status: 404, errorCode: 'NOT_FOUND', message: 'Company not found', retryable: false });
  });

  it('survives a non-JSON error body, and retries it when the status says so', async () => {
    const { fetch, calls } = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch, retry: fastRetry });
    const error = await failure(api.getCompany('1'));
    expect(error).to.include({ status: 502, errorCode: 'UNAVAILABLE', retryable: true });
    expect(error.message).to.contain('not JSON').and.contain('Bad gateway');
    expect(calls).to.have.length(3);
  });

  it('treats a 200 that carries an error as a failure', async () => {
    const { fetch } = fakeFetch(() => json({ error: { errorCode: 'FORBIDDEN', message: 'Not your company', code: 403 } }));
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch });
    const error = await failure(api.getCompany('1'));
    expect(error).to.include({ status: 403, errorCode: 'FORBIDDEN', message: 'Not your company' });
  });

  it('refuses a successful answer whose body is not JSON', async () => {
    const { fetch } = fakeFetch(() => new Response('<!doctype html><p>Welcome', { status: 200 }));
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch });
    const error = await failure(api.getCompany('1'));
    expect(error.errorCode).to.equal('INVALID_RESPONSE');
    expect(error.retryable).to.equal(false);
  });

  it('reports a network failure after the bounded retries', async () => {
    const { fetch, calls } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch, retry: fastRetry });
    const error = await failure(api.listServices('1'));
    expect(error).to.include({ status: 0, errorCode: 'NETWORK_ERROR', retryable: true });
    expect(calls).to.have.length(3);
  });

  it('gives up on a hung request after the timeout', async () => {
    const { fetch, calls } = fakeFetch(hang);
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch, timeoutMs: 30, retry: { retries: 1, baseDelayMs: 1 } });
    const error = await failure(api.getCompany('1'));
    expect(error).to.include({ errorCode: 'TIMEOUT', retryable: true });
    expect(calls).to.have.length(2);
  });

  it('stops at once, without retrying, when the caller aborts', async () => {
    const { fetch, calls } = fakeFetch(hang);
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch, retry: fastRetry });
    const controller = new AbortController();
    const pending = api.getFreeSlots(
      '1',
      { kind: 'service', serviceId: 's', startDate: '2026-03-01', endDate: '2026-03-31' },
      { signal: controller.signal },
    );
    await Promise.resolve();
    controller.abort();
    const error = await failure(pending);
    expect(error).to.include({ errorCode: 'ABORTED', retryable: false });
    expect(calls).to.have.length(1);
    expect(calls[0]!.signal!.aborted).to.equal(true);
  });

  it('retries a 500 and returns the success that follows', async () => {
    const { fetch, calls } = fakeFetch((_, index) =>
      index === 0 ? json({ error: { code: 500, errorCode: 'INTERNAL', message: 'boom' } }, 500) : json(company),
    );
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch, retry: fastRetry });
    expect(await api.getCompany('1')).to.deep.equal(company);
    expect(calls).to.have.length(2);
  });

  it('waits at least the Retry-After of a 429 before trying again', async () => {
    const { fetch, calls } = fakeFetch((_, index) =>
      index === 0
        ? json({ error: { code: 429, errorCode: 'RATE_LIMITED', message: 'slow down' } }, 429, { 'Retry-After': '1' })
        : json(company),
    );
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch, retry: fastRetry });
    expect(await api.getCompany('1')).to.deep.equal(company);
    expect(calls).to.have.length(2);
    expect(calls[1]!.at - calls[0]!.at).to.be.at.least(990);
  });

  it('does not wait out a Retry-After longer than the policy allows', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json({ error: { code: 429, errorCode: 'RATE_LIMITED', message: 'slow down' } }, 429, { 'Retry-After': '120' }),
    );
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch, retry: fastRetry });
    const error = await failure(api.getCompany('1'));
    expect(error).to.include({ status: 429, errorCode: 'RATE_LIMITED', retryAfterMs: 120_000 });
    expect(calls).to.have.length(1);
  });

  it('never retries a write that has no idempotency key', async () => {
    const { fetch, calls } = fakeFetch(() => json({ error: { code: 503, errorCode: 'UNAVAILABLE', message: 'down' } }, 503));
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch, retry: fastRetry });
    await failure(api.insertClient({ firstName: 'Ada', lastName: 'Lovelace' }));
    expect(calls).to.have.length(1);
  });

  it('retries a write that has an idempotency key, with the same key each time', async () => {
    const { fetch, calls } = fakeFetch((_, index) =>
      index < 2 ? Promise.reject(new TypeError('connection reset')) : json({ id: 'c1', firstName: 'Ada', lastName: 'Lovelace' }, 201),
    );
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch, retry: fastRetry });
    const client = await api.insertClient({ firstName: 'Ada', lastName: 'Lovelace' }, { idempotencyKey: 'k-1' });
    expect(client.id).to.equal('c1');
    expect(calls.map((c) => c.headers.get('Idempotency-Key'))).to.deep.equal(['k-1', 'k-1', 'k-1']);
    expect(calls.every((c) => c.body === calls[0]!.body)).to.equal(true);
  });
});

describe('scheduling client: a proxy that gave up waiting for the body', () => {
  beforeEach(() => clearSharedReads());

  it('retries a 408 REQUEST_TIMEOUT write with the same key', async () => {
    const { fetch, calls } = fakeFetch((_, index) =>
      index === 0
        ? json({ error: { code: 408, errorCode: 'REQUEST_TIMEOUT', message: 'The body did not arrive within 5000 ms.' } }, 408)
        : json({ id: 'c1', firstName: 'Ada', lastName: 'Lovelace' }, 201),
    );
    const api = createSchedulingClient({ apiBase: 'https://proxy.test', fetch, retry: fastRetry });
    expect((await api.insertClient({ firstName: 'Ada', lastName: 'Lovelace' }, { idempotencyKey: 'k-408' })).id).to.equal('c1');
    expect(calls.map((c) => c.headers.get('Idempotency-Key'))).to.deep.equal(['k-408', 'k-408']);
  });
});

describe('scheduling client: requests', () => {
  beforeEach(() => clearSharedReads());

  it('sends no credentials at all in proxy mode', async () => {
    const { fetch, calls } = fakeFetch(() => json(company));
    const api = createSchedulingClient({ apiBase: '/booking-api/', fetch });
    await api.getCompany('demo-salon');
    const [call] = calls;
    expect(call!.url).to.equal(`${location.origin}/booking-api/api/2.1/scheduling/companies/demo-salon`);
    expect(call!.headers.has('Authorization')).to.equal(false);
    expect(call!.headers.has('apiKey')).to.equal(false);
    expect(call!.headers.has('token')).to.equal(false);
    expect(call!.credentials).to.equal('omit');
  });

  it('sends the current OAuth access token as a Bearer header', async () => {
    const { fetch, calls } = fakeFetch(() => json({ items: [] }));
    let token = 'first';
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch, accessToken: async () => token, cacheTtlMs: 0 });
    await api.listServices('1');
    token = 'second';
    await api.listServices('1');
    expect(calls.map((c) => c.headers.get('Authorization'))).to.deep.equal(['Bearer first', 'Bearer second']);
  });

  it('refuses partner credentials in a browser and says to use the proxy', () => {
    expect(() => createSchedulingClient({ apiBase: 'https://api.test', partner: { apiKey: 'k', token: 't' } })).to.throw(
      TypeError,
      /never be used in a browser.*proxy/s,
    );
  });

  it('URL-encodes ids so any externalId stays one path segment', async () => {
    const { fetch, calls } = fakeFetch(() => json({ items: [] }));
    const api = createSchedulingClient({ apiBase: 'https://api.test/prefix', fetch });
    await api.listStaff('salon/../paris #1');
    expect(calls[0]!.url).to.equal('https://api.test/prefix/api/2.1/scheduling/companies/salon%2F..%2Fparis%20%231/staff');
  });

  it('uses the contract version of each path family', async () => {
    const { fetch, calls } = fakeFetch((call) =>
      call.url.includes('Slots') ? json({ items: [] }) : call.method === 'POST' ? json({ id: 'x' }) : json({ items: [] }),
    );
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch });
    await api.listStaffGroups('c');
    await api.listResourceGroups('c');
    await api.listResources('c');
    await api.getFreeSlots('c', {
      kind: 'resource',
      resourceId: 'r',
      resourceCount: 2,
      iterationCount: 3,
      startDate: '2026-03-01',
      endDate: '2026-03-02',
    });
    await api.getNextSlots('c', {
      kind: 'service',
      serviceId: 's',
      staffId: '7',
      startDate: '2026-03-01',
      number: 5,
      timeZone: 'Asia/Kolkata',
    });
    await api.insertClient({ firstName: 'A', lastName: 'B' });
    const paths = calls.map((c) => c.url.replace('https://api.test', ''));
    expect(paths).to.deep.equal([
      '/api/2.0/scheduling/companies/c/staffGroups',
      '/api/2.1/scheduling/companies/c/resourceGroups',
      '/api/2.1/scheduling/companies/c/resources',
      '/api/2.0/scheduling/companies/c/widget/freeSlots?startDate=2026-03-01&resourceId=r&resourceCount=2&iterationCount=3&endDate=2026-03-02',
      '/api/2.0/scheduling/companies/c/widget/nextSlots?startDate=2026-03-01&serviceId=s&staffId=7&timeZone=Asia%2FKolkata&number=5',
      '/api/2.0/clients',
    ]);
  });

  it('refuses a slot query without a subject, or with an empty id, before sending anything', async () => {
    const { fetch, calls } = fakeFetch(() => json({ items: [] }));
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch });
    type Query = Parameters<typeof api.getFreeSlots>[1];
    for (const query of [
      { startDate: '2026-03-01', endDate: '2026-03-02' } as unknown as Query,
      { kind: 'service', serviceId: '', startDate: '2026-03-01', endDate: '2026-03-02' } as Query,
    ]) {
      let error: unknown;
      try {
        await api.getFreeSlots('c', query);
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(TypeError);
      expect((error as Error).message).to.contain('need a subject');
    }
    expect(calls).to.have.length(0);
  });
});

describe('scheduling client: shared reads', () => {
  beforeEach(() => clearSharedReads());

  it('lets two widgets on a page share one request for the company, and reuse it', async () => {
    const { fetch, calls } = fakeFetch(() => json(company));
    const first = createSchedulingClient({ apiBase: 'https://api.test', fetch });
    const second = createSchedulingClient({ apiBase: 'https://api.test', fetch });
    const [a, b] = await Promise.all([first.getCompany('1'), second.getCompany('1')]);
    expect(a).to.deep.equal(company);
    expect(b).to.deep.equal(company);
    await first.getCompany('1');
    expect(calls).to.have.length(1);
    clearSharedReads();
    await second.getCompany('1');
    expect(calls).to.have.length(2);
  });

  it('shares identical slot requests in flight but never caches slots', async () => {
    const { fetch, calls } = fakeFetch(() => json({ items: [] }));
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch });
    const query = { kind: 'service', serviceId: 's', startDate: '2026-03-01', endDate: '2026-03-31' } as const;
    await Promise.all([api.getFreeSlots('1', query), api.getFreeSlots('1', query)]);
    expect(calls).to.have.length(1);
    await api.getFreeSlots('1', query);
    expect(calls).to.have.length(2);
  });

  it('keeps a shared request alive for the caller who did not abort', async () => {
    let answer!: (response: Response) => void;
    const { fetch, calls } = fakeFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch });
    const leaving = new AbortController();
    const staying = api.getCompany('1');
    const aborted = api.getCompany('1', { signal: leaving.signal });
    leaving.abort();
    expect((await failure(aborted)).errorCode).to.equal('ABORTED');
    expect(calls[0]!.signal!.aborted).to.equal(false);
    answer(json(company));
    expect(await staying).to.deep.equal(company);
  });

  it('aborts the shared request once every caller has gone', async () => {
    const { fetch, calls } = fakeFetch(hang);
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch });
    const one = new AbortController();
    const two = new AbortController();
    const first = failure(api.listServices('1', { signal: one.signal }));
    const second = failure(api.listServices('1', { signal: two.signal }));
    await new Promise((resolve) => setTimeout(resolve));
    expect(calls).to.have.length(1);
    one.abort();
    expect(calls[0]!.signal!.aborted).to.equal(false);
    two.abort();
    expect((await first).errorCode).to.equal('ABORTED');
    expect((await second).errorCode).to.equal('ABORTED');
    expect(calls[0]!.signal!.aborted).to.equal(true);
  });

  it('does not cache a failure', async () => {
    const { fetch, calls } = fakeFetch((_, index) => (index === 0 ? json({ error: 'nope' }, 404) : json(company)));
    const api = createSchedulingClient({ apiBase: 'https://api.test', fetch });
    await failure(api.getCompany('1'));
    expect(await api.getCompany('1')).to.deep.equal(company);
    expect(calls).to.have.length(2);
  });
});

describe('booking attempt: a client the proxy no longer vouches for', () => {
  const request: BookingRequest = {
    companyId: 'salon',
    companyTimeZone: 'Europe/Paris',
    subject: { kind: 'service', serviceId: 's1' },
    start: new Date('2026-03-09T13:30:00Z'),
    durationMinutes: 30,
    client: { firstName: 'Ada', lastName: 'Lovelace' },
  };
  const refusedClient = () =>
    json(
      { error: { code: 403, errorCode: 'FORBIDDEN', message: 'Book for the client created on this booking page.', field: 'client.id' } },
      403,
    );
  const clientCalls = (calls: RecordedCall[]) => calls.filter((call) => call.url.endsWith('/clients'));

  it('creates the client again, under a new key, and books it', async () => {
    let clients = 0;
    let appointments = 0;
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url.endsWith('/clients')) return json({ id: `token-${++clients}`, firstName: 'Ada', lastName: 'Lovelace' }, 201);
      return ++appointments === 1
        ? refusedClient()
        : json({ id: 'a1', reference: 'R1', status: 'accepted', client: JSON.parse(call.body!).client }, 201);
    });
    const api = createSchedulingClient({ apiBase: 'https://proxy.test', fetch, retry: fastRetry });
    const appointment = await new BookingAttempt().book(api, request);
    expect(appointment.client).to.deep.equal({ id: 'token-2' });
    const keys = clientCalls(calls).map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).to.have.length(2);
    expect(keys[0]).not.to.equal(keys[1]);
  });

  it('tries that once, and leaves every other refusal to the visitor', async () => {
    const always = fakeFetch((call) => (call.url.endsWith('/clients') ? json({ id: 'token' }, 201) : refusedClient()));
    const error = await failure(
      new BookingAttempt().book(createSchedulingClient({ apiBase: 'https://proxy.test', fetch: always.fetch }), request),
    );
    expect(error).to.include({ status: 403, field: 'client.id' });
    expect(clientCalls(always.calls)).to.have.length(2);

    const other = fakeFetch((call) =>
      call.url.endsWith('/clients')
        ? json({ id: 'token' }, 201)
        : json({ error: { code: 403, errorCode: 'FORBIDDEN', message: 'No.', field: 'service.id' } }, 403),
    );
    await failure(new BookingAttempt().book(createSchedulingClient({ apiBase: 'https://proxy.test', fetch: other.fetch }), request));
    expect(clientCalls(other.calls)).to.have.length(1);
  });
});
