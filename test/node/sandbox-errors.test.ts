import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ERROR_CODES } from 'booking-widget-shared/types';
import { handleError } from '../../packages/sandbox/src/http/middleware.js';
import { CLIENTS, COURTS, SALON, assertError, query, sandbox, type Reply, type SandboxClient } from './sandbox-support.js';

const COMPANIES = '/api/2.1/scheduling/companies';
const MB = 1024 * 1024;

describe('sandbox errors: bodies', () => {
  test('malformed, missing, non-object or too deeply nested JSON is a 400 without a field', async () => {
    const client = sandbox();
    for (const raw of ['{"name": "A"', 'not json', '', '[1, 2]', '"text"', 'null', '['.repeat(70) + ']'.repeat(70)]) {
      const reply = await client.request('POST', COMPANIES, { raw, headers: { 'content-type': 'application/json' } });
      assertError(reply, 400, 'INVALID_PARAMETER');
    }
  });

  test('missing required fields and wrong types name the field', async () => {
    const client = sandbox();
    const cases: [string, unknown, string][] = [
      [COMPANIES, {}, 'name'],
      [COMPANIES, { name: '   ' }, 'name'],
      [COMPANIES, { name: 5 }, 'name'],
      [COMPANIES, { name: 'A', timeZone: 'Mars/Olympus' }, 'timeZone'],
      [COMPANIES, { name: 'A', scheduledItems: 'everything' }, 'scheduledItems'],
      [COMPANIES, { name: 'A', currency: 'NZD' }, 'currency'],
      [COMPANIES, { name: 'A', workingHours: {} }, 'workingHours'],
      [COMPANIES, { name: 'A', workingHours: [{ day: 'funday', hours: [] }] }, 'workingHours[0].day'],
      [
        COMPANIES,
        { name: 'A', workingHours: [{ day: 'monday', hours: [{ start: '9:00', end: '12:00' }] }] },
        'workingHours[0].hours[0].start',
      ],
      [
        COMPANIES,
        { name: 'A', workingHours: [{ day: 'monday', hours: [{ start: '12:00', end: '09:00' }] }] },
        'workingHours[0].hours[0].end',
      ],
      [COMPANIES, { name: 'A', vacations: [{ startDate: '2026-03-09', endDate: '2026/03/10' }] }, 'vacations[0].startDate'],
      [COMPANIES, { name: 'A', vacations: [{ startDate: '2026/02/30', endDate: '2026/03/10' }] }, 'vacations[0].startDate'],
      [COMPANIES, { name: 'A', vacations: [{ startDate: '2026/03/10', endDate: '2026/03/09' }] }, 'vacations[0].endDate'],
      [COMPANIES, { name: 'A', geolocation: { lat: 91, lng: 0 } }, 'geolocation.lat'],
      [COMPANIES, { name: 'A', slotInterval: 0 }, 'slotInterval'],
      [COMPANIES, { name: 'A', extendedProperties: { public: 'x' } }, 'extendedProperties.public'],
      [COMPANIES, { name: 'A', address: { country: 'France' } }, 'address.country'],
      [`${SALON}/services`, { name: 'Trim', duration: '30' }, 'duration'],
      [`${SALON}/services`, { name: 'Trim' }, 'duration'],
      [`${SALON}/services`, { name: 'Trim', duration: 30, price: -1 }, 'price'],
      [`${SALON}/services`, { name: 'Trim', duration: 30, color: 'purple' }, 'color'],
      [`${SALON}/staff`, { firstName: 'A', lastName: 'B', availableForWidget: 'yes' }, 'availableForWidget'],
      [CLIENTS, { firstName: 'A' }, 'lastName'],
      [CLIENTS, { firstName: 'A', lastName: 'B', emailAddresses: [{ email: 'not-an-address' }] }, 'emailAddresses[0].email'],
      [CLIENTS, { firstName: 'A', lastName: 'B', phoneNumbers: [{ number: 'call me' }] }, 'phoneNumbers[0].number'],
      [CLIENTS, { firstName: 'A', lastName: 'B', language: 'english please' }, 'language'],
      [CLIENTS, { firstName: 'A', lastName: 'B', explicitConsent: 'yes' }, 'explicitConsent'],
    ];
    for (const [path, body, field] of cases) assertError(await client.post(path, body), 400, 'INVALID_PARAMETER', field);
    // JSON numbers beyond a double are Infinity, which no field accepts.
    const infinite = await client.request('POST', `${SALON}/services`, { raw: '{"name":"Trim","duration":1e400}' });
    assertError(infinite, 400, 'INVALID_PARAMETER', 'duration');
  });

  test('values over the limits are refused; values at the limits are accepted', async () => {
    const client = sandbox();
    const limits: [string, Record<string, unknown>, Record<string, unknown>, string][] = [
      [COMPANIES, { name: 'n'.repeat(127) }, { name: 'n'.repeat(128) }, 'name'],
      [COMPANIES, { name: 'A', externalId: 'e'.repeat(255) }, { name: 'A', externalId: 'e'.repeat(256) }, 'externalId'],
      [COMPANIES, { name: 'A', email: 'e'.repeat(127) }, { name: 'A', email: 'e'.repeat(128) }, 'email'],
      [COMPANIES, { name: 'A', address: { city: 'c'.repeat(127) } }, { name: 'A', address: { city: 'c'.repeat(128) } }, 'address.city'],
      [COMPANIES, { name: 'A', currency: 'EUR' }, { name: 'A', currency: 'EUROS' }, 'currency'],
      [
        COMPANIES,
        // {"public":{"blob":"…"}} is 22 characters around the blob.
        { name: 'A', extendedProperties: { public: { blob: 'x'.repeat(22 * 1024 - 22) } } },
        { name: 'A', extendedProperties: { public: { blob: 'x'.repeat(22 * 1024 - 21) } } },
        'extendedProperties',
      ],
      [CLIENTS, { firstName: 'f'.repeat(127), lastName: 'B' }, { firstName: 'f'.repeat(128), lastName: 'B' }, 'firstName'],
      [
        CLIENTS,
        { firstName: 'A', lastName: 'B', emailAddresses: [{ email: `${'a'.repeat(242)}@example.com` }] },
        { firstName: 'A', lastName: 'B', emailAddresses: [{ email: `${'a'.repeat(243)}@example.com` }] },
        'emailAddresses[0].email',
      ],
      [`${SALON}/services`, { name: 'A', duration: 1440 }, { name: 'A', duration: 1441 }, 'duration'],
    ];
    for (const [path, ok, tooMuch, field] of limits) {
      assert.equal((await client.post(path, ok)).status, 200, `${field} at its limit`);
      assertError(await client.post(path, tooMuch), 400, 'INVALID_PARAMETER', field);
    }
  });

  test('an unknown id in the path is a 404; an unknown id in a body is a 400 naming it', async () => {
    const client = sandbox();
    assertError(await client.get(`${SALON}/staff/9999`), 404, 'NOT_FOUND');
    assertError(await client.put(`${SALON}/services/9999`, { name: 'x' }), 404, 'NOT_FOUND');
    assertError(await client.get(`${CLIENTS}/nobody`), 404, 'NOT_FOUND');
    assertError(
      await client.post(`${SALON}/services`, { name: 'A', duration: 30, staff: [{ id: '3001' }, { id: 'x' }] }),
      400,
      'INVALID_PARAMETER',
      'staff[1].id',
    );
    assertError(
      await client.post(`${SALON}/staff`, { firstName: 'A', lastName: 'B', services: [{ id: '2101' }] }),
      400,
      'INVALID_PARAMETER',
      'services[0].id',
    );
    assertError(await client.post(`${SALON}/staffGroups`, { name: 'G', members: [{}] }), 400, 'INVALID_PARAMETER', 'members[0].id');
    assertError(
      await client.post(`${COURTS}/resourceGroups`, { name: 'G', members: [{ id: '3001' }] }),
      400,
      'INVALID_PARAMETER',
      'members[0].id',
    );
  });

  test('an unknown route or method is a 404', async () => {
    const client = sandbox();
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/api/2.2/scheduling/companies'],
      ['GET', `${SALON}/widget/busySlots`],
      ['PATCH', SALON],
      ['DELETE', COMPANIES],
      ['POST', `${SALON}/services/2001`],
      ['PUT', `${SALON}/widget/freeSlots`],
      ['GET', `${COMPANIES}/`],
    ] as const) {
      assertError(await client.request(method, path), 404, 'NOT_FOUND');
    }
  });

  test('a body over 1 MB is a 413, by Content-Length or by the bytes read', async () => {
    const client = sandbox();
    const declared = await client.request('POST', CLIENTS, { raw: '{}', headers: { 'content-length': String(MB + 1) } });
    assertError(declared, 413, 'PAYLOAD_TOO_LARGE');

    const chunk = new Uint8Array(64 * 1024).fill(32);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent <= MB; sent += chunk.byteLength) controller.enqueue(chunk);
        controller.close();
      },
    });
    const request = new Request(`http://sandbox.test${CLIENTS}`, {
      method: 'POST',
      body: stream,
      headers: { apiKey: 'sandbox-api-key', token: 'sandbox-token' },
      duplex: 'half',
    } as RequestInit);
    const streamed = await client.handler(request);
    assert.equal(streamed.status, 413);
    assert.equal(((await streamed.json()) as { error: { errorCode: string } }).error.errorCode, 'PAYLOAD_TOO_LARGE');

    const head = '{"firstName":"Big","lastName":"Body","padding":"';
    const exactlyOneMb = `${head}${'x'.repeat(MB - head.length - 2)}"}`;
    assert.equal(exactlyOneMb.length, MB);
    assert.equal((await client.request('POST', CLIENTS, { raw: exactlyOneMb })).status, 200);
  });
});

describe('sandbox errors: free-slot queries', () => {
  const base = { startDate: '2026-03-05', endDate: '2026-03-05', serviceId: '2002' };
  const cases: [string, Record<string, string | undefined>, string][] = [
    ['freeSlots', { startDate: undefined }, 'startDate'],
    ['freeSlots', { startDate: '2026-02-30' }, 'startDate'],
    ['freeSlots', { startDate: '05/03/2026' }, 'startDate'],
    ['freeSlots', { endDate: undefined }, 'endDate'],
    ['freeSlots', { endDate: '2026-03-04' }, 'endDate'],
    ['freeSlots', { endDate: '2026-05-06' }, 'endDate'],
    ['freeSlots', { serviceId: undefined }, 'serviceId'],
    ['freeSlots', { resourceId: '6001' }, 'resourceId'],
    ['freeSlots', { serviceId: '9999' }, 'serviceId'],
    ['freeSlots', { staffId: '9999' }, 'staffId'],
    ['freeSlots', { staffId: '3002', serviceId: '2001' }, 'staffId'],
    ['freeSlots', { timeZone: 'Atlantis/Central' }, 'timeZone'],
    ['freeSlots', { iterationCount: '0' }, 'iterationCount'],
    ['freeSlots', { iterationCount: '49' }, 'iterationCount'],
    ['freeSlots', { resourceCount: '-1' }, 'resourceCount'],
    ['nextSlots', { number: '0' }, 'number'],
    ['nextSlots', { number: '21' }, 'number'],
    ['nextSlots', { number: 'five' }, 'number'],
  ];
  for (const [endpoint, change, field] of cases) {
    test(`${endpoint} ${JSON.stringify(change)} → 400 ${field}`, async () => {
      const reply = await sandbox().get(`${SALON}/widget/${endpoint}?${query({ ...base, ...change })}`);
      assertError(reply, 400, 'INVALID_PARAMETER', field);
    });
  }

  test('62 days is the longest range; more units than a resource has is refused', async () => {
    const client = sandbox();
    const longest = await client.get(`${SALON}/widget/freeSlots?${query({ ...base, endDate: '2026-05-05' })}`);
    assert.equal(longest.body.items.length, 62);
    const units = await client.get(
      `${COURTS}/widget/freeSlots?${query({ startDate: '2026-03-05', endDate: '2026-03-05', resourceId: '6002', resourceCount: 3 })}`,
    );
    assertError(units, 400, 'INVALID_PARAMETER', 'resourceCount');
  });
});

describe('sandbox errors: options for tests', () => {
  test('forced failures answer the chosen status with a §9 body, by path, method and count', async () => {
    const client = sandbox({
      failures: [
        { path: '/widget/freeSlots', status: 503, times: 2 },
        { path: '/companies/*/appointments', method: 'post', status: 429 },
        { path: /\/staff\/3001$/, status: 500 },
      ],
    });
    const slots = `${SALON}/widget/freeSlots?${query({ startDate: '2026-03-05', endDate: '2026-03-05', serviceId: '2002' })}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const reply = await client.get(slots, { anonymous: true });
      assertError(reply, 503, 'UNAVAILABLE');
      assert.equal(reply.headers.get('retry-after'), '1');
      assert.equal(reply.headers.get('access-control-allow-origin'), '*');
    }
    assert.equal((await client.get(slots)).status, 200);

    assertError(await client.post(`${SALON}/appointments`, {}), 429, 'RATE_LIMITED');
    assert.equal((await client.get(`${SALON}/appointments`)).status, 200);
    assertError(await client.get(`${SALON}/staff/3001`), 500, 'INTERNAL');
    assert.equal((await client.get(`${SALON}/staff/3002`)).status, 200);
    const preflight = await client.request('OPTIONS', slots, {
      headers: { Origin: 'https://a.example', 'Access-Control-Request-Method': 'GET' },
    });
    assert.equal(preflight.status, 204);
  });

  test('latencyMs delays every answer', async () => {
    const client = sandbox({ latencyMs: 60 });
    const started = performance.now();
    assertError(await client.get(SALON, { anonymous: true }), 401, 'UNAUTHORIZED');
    assert.ok(performance.now() - started >= 59, 'answered before the latency elapsed');
  });

  test('an unexpected failure is still a §9 body, with status 500', async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const response = handleError(new TypeError('boom'));
      assert.equal(response.status, 500);
      assert.deepEqual(await response.json(), {
        error: { code: 500, errorCode: 'INTERNAL', message: 'The sandbox failed unexpectedly: boom' },
      });
    } finally {
      console.error = original;
    }
  });
});

// ——— Fuzz: a few hundred generated bad requests; none may get a 5xx or a body outside §9. ———

/** Mulberry32: small, seedable, good enough to pick test inputs. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof randomSource>;

const WORDS = [
  '',
  ' ',
  '0',
  '1',
  '-1',
  '20',
  '21',
  '1.5',
  '1e9',
  '99999999999999999999',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '2026-03-05',
  '2026-02-30',
  '2026-13-01',
  '9999-12-31',
  '0000-01-01',
  '2026/03/05',
  '2026-03-05T09:00:00',
  'US/Eastern',
  'Europe/Paris',
  'Mars/Base',
  'UTC',
  'utc',
  '2001',
  '2002',
  '3001',
  '6001',
  '6003',
  '5001',
  '0',
  'demo-salon',
  '<script>alert(1)</script>',
  '../..',
  '%',
  '%zz',
  '%00',
  'é',
  '😀',
  '\u0000',
  'a'.repeat(300),
];

function fuzzValue(random: Random, depth = 0): unknown {
  switch (random.int(depth > 3 ? 6 : 9)) {
    case 0:
      return random.pick(WORDS);
    case 1:
      return random.pick([0, -1, 1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 1440, 1441, 10_000]);
    case 2:
      return random.chance(0.5);
    case 3:
      return null;
    case 4:
      return 'x'.repeat(random.pick([128, 256, 4001, 70_000]));
    case 5:
      return random.pick(['09:00', '24:00', '25:00', '12:60', 'monday', 'funday', 'data:image/png;base64,AAAA', '#fff', 'a@b']);
    case 6:
      return Array.from({ length: random.int(4) }, () => fuzzValue(random, depth + 1));
    default: {
      const keys = ['id', 'name', 'day', 'hours', 'start', 'end', 'dateTime', 'timeZone', 'public', 'private', 'email', 'number'];
      return Object.fromEntries(Array.from({ length: random.int(4) }, () => [random.pick(keys), fuzzValue(random, depth + 1)]));
    }
  }
}

const TEMPLATES: Record<string, unknown>[] = [
  {
    name: 'Fuzz',
    timeZone: 'Europe/Paris',
    scheduledItems: 'resource',
    slotInterval: 15,
    minimumNoticeMinutes: 30,
    workingHours: [{ day: 'monday', hours: [{ start: '09:00', end: '12:00' }] }],
    vacations: [{ startDate: '2026/03/09', endDate: '2026/03/10' }],
    address: { city: 'Lyon', country: 'FR' },
    geolocation: { lat: 45.7, lng: 4.8 },
    businessCategory: ['hair'],
    socialMedias: { twitteLink: 'x' },
    externalCalendars: [{ address: 'https://example.com/cal.ics', type: 'ics' }],
    picture: { data: 'data:image/png;base64,AAAA' },
    extendedProperties: { public: { bookingWidget: { accentColor: 'red' } }, private: { a: 1 } },
  },
  { name: 'Fuzz', duration: 30, bufferDuration: 5, price: 10, color: '#ffffff', staff: [{ id: '3001' }], availability: 'online' },
  {
    firstName: 'Fuzz',
    lastName: 'Er',
    services: [{ id: '2001' }],
    availableForWidget: false,
    vacations: [{ startDate: '2026/03/09', endDate: '2026/03/09' }],
  },
  { name: 'Fuzz', duration: 60, count: 2, workingHours: [{ day: 'sunday', hours: [{ start: '00:00', end: '24:00' }] }] },
  { name: 'Fuzz', description: 'd', color: '#EFEFEF', members: [{ id: '3001' }, { id: '6001' }] },
  {
    firstName: 'Fuzz',
    lastName: 'Er',
    emailAddresses: [{ email: 'a@b.c', primary: true }],
    phoneNumbers: [{ number: '+1 555 0100', mobile: true }],
    timeZone: 'UTC',
    language: 'en-GB',
    explicitConsent: true,
  },
  {
    client: { id: '5001' },
    service: { id: '2002' },
    staff: { id: '3001' },
    start: { dateTime: '2026-03-05T09:00:00', timeZone: 'US/Eastern' },
    end: { dateTime: '2026-03-05T09:30:00' },
    notes: 'n',
    form: [{ id: 'a', title: 'b', value: 'c' }],
    resourceCount: 1,
    iterationCount: 1,
  },
  {
    client: { id: '5001' },
    resource: { id: '6003' },
    start: { dateTime: '2026-03-05T10:00:00' },
    end: { dateTime: '2026-03-05T11:30:00' },
    resourceCount: 2,
  },
];

/** A template with a few fields deleted or replaced anywhere in its tree. */
function mutated(random: Random, template: unknown): unknown {
  const copy = structuredClone(template);
  for (let n = 1 + random.int(3); n > 0; n--) {
    let node = copy as Record<string, unknown>;
    for (let depth = 0; depth < 4; depth++) {
      const keys = Object.keys(node);
      if (!keys.length) break;
      const key = random.pick(keys);
      const child = node[key];
      if (typeof child === 'object' && child !== null && random.chance(0.6)) {
        node = child as Record<string, unknown>;
        continue;
      }
      if (random.chance(0.3)) delete node[key];
      else node[key] = fuzzValue(random);
      break;
    }
  }
  return copy;
}

function fuzzBody(random: Random): string {
  switch (random.int(8)) {
    case 0:
      return random.pick(['', '{', '{"name":', 'null', '[]', '"x"', '{"a":1}{', '\u0000', '{"name":"A",}']);
    case 1:
      return JSON.stringify(fuzzValue(random));
    case 2:
      return '['.repeat(1 + random.int(200));
    case 3:
      return `grant_type=${random.pick(['authorization_code', 'refresh_token', 'x'])}&code=${random.pick(WORDS)}&client_id=sandbox-client&client_secret=sandbox-secret&redirect_uri=${encodeURIComponent(random.pick(WORDS))}`;
    default:
      return JSON.stringify(mutated(random, random.pick(TEMPLATES)));
  }
}

const FUZZ_PATHS = [
  COMPANIES,
  SALON,
  COURTS,
  `${SALON}/services`,
  `${SALON}/services/2001`,
  `${SALON}/staff`,
  `${SALON}/staff/3001`,
  `${COURTS}/resources`,
  `${COURTS}/resources/6001`,
  `${SALON}/staffGroups`,
  `${COURTS}/resourceGroups`,
  `${COURTS}/resourceGroups/7001`,
  `${SALON}/appointments`,
  `${COURTS}/appointments`,
  `${SALON}/appointments/4001`,
  `${SALON}/widget/freeSlots`,
  `${SALON}/widget/nextSlots`,
  `${COURTS}/widget/freeSlots`,
  `${COURTS}/widget/nextSlots`,
  '/api/2.0/scheduling/companies/demo-clinic/widget/freeSlots',
  CLIENTS,
  `${CLIENTS}/5001`,
  `${SALON}/service-resources`,
  '/o/oauth2/token',
  '/o/oauth2/auth',
  '/oauth/callback',
  '/',
  '/api',
];
const QUERY_NAMES = [
  'startDate',
  'endDate',
  'serviceId',
  'resourceId',
  'staffId',
  'number',
  'timeZone',
  'resourceCount',
  'iterationCount',
  'fields',
  'showDeleted',
  'apiKey',
  'token',
  'client_id',
  'redirect_uri',
  'code',
  'state',
  'response_type',
];
const BASE_QUERIES: Record<string, string>[] = [
  { startDate: '2026-03-05', endDate: '2026-03-20', serviceId: '2002' },
  { startDate: '2026-03-05', endDate: '2026-04-20', resourceId: '6003', resourceCount: '2', iterationCount: '2' },
  { startDate: '2026-03-05', number: '20', serviceId: '2101', staffId: '3101', timeZone: 'America/Los_Angeles' },
  { client_id: 'sandbox-client', redirect_uri: 'http://127.0.0.1:8787/oauth/callback', state: 's' },
];

/** Mostly a method the path serves, so that requests get past routing to validation. */
function fuzzMethod(random: Random, path: string): string {
  if (random.chance(0.3)) return random.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND']);
  if (path.includes('/widget/') || path.includes('/oauth2/auth') || path.includes('callback')) return 'GET';
  if (path.includes('/oauth2/token')) return 'POST';
  return /\/(\d+|demo-\w+)$/.test(path) ? random.pick(['GET', 'PUT', 'DELETE']) : random.pick(['GET', 'POST', 'POST']);
}

function fuzzPath(random: Random, path: string): string {
  if (random.chance(0.15)) {
    const segments = path.split('/');
    segments[1 + random.int(segments.length - 1)] = encodeURIComponent(String(random.pick(WORDS))) || '%E0%A4%A';
    path = segments.join('/');
  }
  const params = random.chance(0.6) ? { ...random.pick(BASE_QUERIES) } : {};
  for (let n = random.int(4); n > 0; n--) {
    const name = random.pick(QUERY_NAMES);
    if (random.chance(0.2)) delete params[name as keyof typeof params];
    else (params as Record<string, string>)[name] = String(random.pick(WORDS));
  }
  const search = new URLSearchParams(params).toString();
  return search ? `${path}?${search}${random.chance(0.1) ? '&%zz=%' : ''}` : path;
}

function fuzzHeaders(random: Random): Record<string, string> {
  const headers: Record<string, string> = {};
  if (random.chance(0.8)) Object.assign(headers, { apiKey: 'sandbox-api-key', token: 'sandbox-token' });
  else if (random.chance(0.5)) headers.Authorization = random.pick(['Bearer', 'Bearer x', 'Basic Zm9v', '', 'Bearer ' + 'a'.repeat(500)]);
  if (random.chance(0.5))
    headers['content-type'] = random.pick([
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]);
  if (random.chance(0.2)) headers['Idempotency-Key'] = random.pick(['k1', 'k2', 'x'.repeat(300)]);
  if (random.chance(0.05)) headers['content-length'] = random.pick(['0', '-1', 'abc', String(2 * MB)]);
  if (random.chance(0.1)) headers.Origin = 'https://fuzz.example';
  return headers;
}

function assertWellFormed(reply: Reply, method: string, label: string): void {
  assert.ok(reply.status < 500, `${label} → ${reply.status}: ${reply.text.slice(0, 300)}`);
  // HEAD answers carry no body, by definition.
  if (reply.status < 400 || method === 'HEAD') return;
  const error = reply.body?.error;
  assert.ok(error, `${label} → ${reply.status} without a §9 body: ${reply.text.slice(0, 300)}`);
  assert.equal(error.code, reply.status, label);
  assert.ok((ERROR_CODES as readonly string[]).includes(error.errorCode), `${label}: errorCode ${error.errorCode}`);
  assert.equal(typeof error.message, 'string', label);
  assert.ok(error.field === undefined || typeof error.field === 'string', label);
}

describe('sandbox errors: fuzz', () => {
  test('a few hundred generated bad requests: every status < 500, every error body as §9', async () => {
    // SANDBOX_FUZZ_SEED and SANDBOX_FUZZ_COUNT explore further; a failure names its seed.
    const seed = Number(process.env.SANDBOX_FUZZ_SEED ?? 20260304);
    const count = Number(process.env.SANDBOX_FUZZ_COUNT ?? 400);
    const random = randomSource(seed);
    let client: SandboxClient = sandbox();
    const statuses = new Map<number, number>();
    for (let n = 0; n < count; n++) {
      // A fresh seed now and then: a fuzzed DELETE of a company would leave little to reach below it.
      if (n % 25 === 0) client = sandbox();
      const target = random.pick(FUZZ_PATHS);
      const method = fuzzMethod(random, target);
      const path = fuzzPath(random, target);
      const hasBody = method !== 'GET' && method !== 'HEAD' && random.chance(0.9);
      const raw = hasBody ? fuzzBody(random) : undefined;
      const reply = await client.request(method, path, { anonymous: true, raw, headers: fuzzHeaders(random) });
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      assertWellFormed(reply, method, `seed ${seed} #${n}: ${method} ${path} ${raw?.slice(0, 200) ?? ''}`);
    }
    // The generator must reach past authentication and validation, or the test proves little.
    for (const status of [200, 400, 401, 404])
      assert.ok((statuses.get(status) ?? 0) >= 10, `only ${statuses.get(status) ?? 0} × ${status}`);
  });
});
