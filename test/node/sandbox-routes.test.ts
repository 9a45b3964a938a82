import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { CLIENTS, CLINIC, COURTS, SALON, assertError, sandbox, type SandboxClient } from './sandbox-support.js';

const COMPANIES = '/api/2.1/scheduling/companies';
const base = (version: string) => `/api/${version}/scheduling/companies/demo-salon`;
const link = (version: string, path: string) => `http://sandbox.test/api/${version}/scheduling/companies/1001/${path}`;

/** Lists, inserts, gets, updates and deletes one record, checking each answer exactly. */
async function roundTrip(
  client: SandboxClient,
  path: string,
  insert: Record<string, unknown>,
  inserted: Record<string, unknown>,
  update: Record<string, unknown>,
): Promise<void> {
  const before = await client.get(path);
  assert.equal(before.status, 200, before.text);
  assert.equal(Array.isArray(before.body.items), true, 'a list is {items: [...]}');

  const created = await client.post(path, insert);
  assert.equal(created.status, 200, created.text);
  const { id } = created.body;
  assert.deepEqual(created.body, { id, ...inserted });
  assert.deepEqual((await client.get(`${path}/${id}`)).body, created.body);

  const updated = await client.put(`${path}/${id}`, update);
  assert.equal(updated.status, 200, updated.text);
  assert.deepEqual(updated.body, { ...created.body, ...update });
  const after = await client.get(path);
  assert.equal(after.body.items.length, before.body.items.length + 1);
  assert.deepEqual(after.body.items.at(-1), updated.body);

  const deleted = await client.delete(`${path}/${id}`);
  assert.equal(deleted.status, 204);
  assert.equal(deleted.text, '');
  assertError(await client.get(`${path}/${id}`), 404, 'NOT_FOUND');
  assertError(await client.delete(`${path}/${id}`), 404, 'NOT_FOUND');
  assertError(await client.put(`${path}/${id}`, update), 404, 'NOT_FOUND');
}

describe('sandbox routes: records under a company, in 2.0 and 2.1', () => {
  for (const version of ['2.0', '2.1']) {
    test(`${version} services`, () =>
      roundTrip(
        sandbox(),
        `${base(version)}/services`,
        { name: 'Beard trim', duration: 20, price: 15, staff: [{ id: '3002' }] },
        { name: 'Beard trim', duration: 20, price: 15, staff: [{ id: '3002', firstName: 'Jordan', lastName: 'Brooks' }] },
        { price: 18 },
      ));

    test(`${version} resources`, () =>
      roundTrip(
        sandbox(),
        `${base(version)}/resources`,
        { name: 'Treatment room', duration: 45, count: 2 },
        { name: 'Treatment room', duration: 45, count: 2 },
        { count: 3 },
      ));

    test(`${version} staff`, () =>
      roundTrip(
        sandbox(),
        `${base(version)}/staff`,
        { firstName: 'Léa', lastName: 'Roux', services: [{ id: '2003' }] },
        { firstName: 'Léa', lastName: 'Roux', availableForWidget: true, services: [{ id: '2003', name: 'Blow-dry & style' }] },
        { lastName: 'Roux-Martin' },
      ));

    test(`${version} staff groups`, () =>
      roundTrip(
        sandbox(),
        `${base(version)}/staffGroups`,
        { name: 'Stylists', members: [{ id: '3001' }] },
        {
          name: 'Stylists',
          color: '#EFEFEF',
          members: [{ id: '3001', firstName: 'Maya', lastName: 'Chen', selfLink: link(version, 'staff/3001') }],
        },
        { name: 'Senior stylists' },
      ));

    test(`${version} resource groups`, async () => {
      const client = sandbox();
      const room = await client.create(`${base(version)}/resources`, { name: 'Room', duration: 30 });
      await roundTrip(
        client,
        `${base(version)}/resourceGroups`,
        { name: 'Rooms', description: 'Private rooms', members: [{ id: room.id }] },
        {
          name: 'Rooms',
          description: 'Private rooms',
          color: '#EFEFEF',
          members: [{ id: room.id, name: 'Room', selfLink: link(version, `resources/${room.id}`) }],
        },
        { color: '#336699' },
      );
    });

    test(`${version} appointments: list and get`, async () => {
      const client = sandbox();
      const list = await client.get(`${base(version)}/appointments`);
      assert.deepEqual(
        list.body.items.map((appointment: { id: string }) => appointment.id),
        ['4001', '4002', '4003', '4004', '4005'],
      );
      const one = await client.get(`${base(version)}/appointments/4005`);
      assert.deepEqual(
        [one.body.reference, one.body.notes, one.body.staff.firstName, one.body.client.lastName],
        ['SBX-SAL005', 'Prefers a quiet chair.', 'Jordan', 'Thompson'],
      );
    });
  }

  test('service resources exist under 2.1 only', async () => {
    const client = sandbox();
    await roundTrip(
      client,
      '/api/2.1/scheduling/companies/demo-salon/service-resources',
      { name: 'Chair 1' },
      { name: 'Chair 1' },
      {
        description: 'By the window',
      },
    );
    assertError(await client.get('/api/2.0/scheduling/companies/demo-salon/service-resources'), 404, 'NOT_FOUND');
    assertError(await client.post('/api/2.0/scheduling/companies/demo-salon/service-resources', { name: 'x' }), 404, 'NOT_FOUND');
  });

  test('clients live under /api/2.0/clients only', async () => {
    const client = sandbox();
    const mia = {
      firstName: 'Mia',
      lastName: 'Lopez',
      emailAddresses: [{ email: 'mia@example.com', primary: true }],
      phoneNumbers: [{ number: '+1 555 0100', primary: true, mobile: true }],
      timeZone: 'America/Chicago',
      language: 'es-MX',
      explicitConsent: true,
      marketingConsent: false,
    };
    await roundTrip(client, CLIENTS, mia, mia, { marketingConsent: true });
    assertError(await client.get('/api/2.1/clients'), 404, 'NOT_FOUND');
    assertError(await client.get('/api/2.0/scheduling/clients'), 404, 'NOT_FOUND');
  });

  test('an unknown company is a 404 on every path under it', async () => {
    const client = sandbox();
    for (const path of ['', '/services', '/staff/3001', '/widget/freeSlots?startDate=2026-03-05&endDate=2026-03-05&serviceId=2002']) {
      assertError(await client.get(`${COMPANIES}/no-such-company${path}`), 404, 'NOT_FOUND');
    }
    assertError(await client.get(`${SALON}/services/9999`), 404, 'NOT_FOUND');
  });
});

describe('sandbox routes: companies', () => {
  test('list the account’s companies; fields keeps only the named top-level fields', async () => {
    const client = sandbox();
    const all = await client.get(COMPANIES);
    assert.deepEqual(
      all.body.items.map((company: { id: string; externalId: string }) => [company.id, company.externalId]),
      [
        ['1001', 'demo-salon'],
        ['1002', 'demo-courts'],
        ['1003', 'demo-clinic'],
        ['1004', 'demo-salon-west'],
      ],
    );
    const some = await client.get(`${COMPANIES}?fields=id,%20timeZone,nothing`);
    assert.deepEqual(some.body.items, [
      { id: '1001', timeZone: 'US/Eastern' },
      { id: '1002', timeZone: 'Europe/Paris' },
      { id: '1003', timeZone: 'Pacific/Auckland' },
      { id: '1004', timeZone: 'America/Los_Angeles' },
    ]);
  });

  test('get by id or externalId, in 2.0 or 2.1, with fields', async () => {
    const client = sandbox();
    const byExternalId = await client.get(SALON);
    assert.equal(byExternalId.body.name, 'Maple Street Hair Studio');
    assert.deepEqual((await client.get(`${COMPANIES}/1001`)).body, byExternalId.body);
    assert.deepEqual((await client.get('/api/2.0/scheduling/companies/demo-salon')).body, byExternalId.body);
    assert.deepEqual((await client.get(`${SALON}?fields=name,scheduledItems`)).body, {
      name: 'Maple Street Hair Studio',
      scheduledItems: 'service-staff',
    });
  });

  test('insert applies the spec’s defaults; update changes only what it is given', async () => {
    const client = sandbox();
    const created = await client.post(COMPANIES, { name: 'Corner Barbers', externalId: 'corner' });
    assert.equal(created.status, 200, created.text);
    const { id } = created.body;
    assert.deepEqual(created.body, {
      id,
      name: 'Corner Barbers',
      externalId: 'corner',
      timeZone: 'US/Eastern',
      scheduledItems: 'service',
      address: { country: 'US' },
      updated: { dateTime: '2026-03-04T10:00:00', timeZone: 'US/Eastern' },
    });
    const updated = await client.put(`${COMPANIES}/corner`, { timeZone: 'Europe/Paris', address: { city: 'Lyon', country: 'FR' } });
    assert.deepEqual(updated.body, {
      ...created.body,
      timeZone: 'Europe/Paris',
      address: { country: 'FR', city: 'Lyon' },
      updated: { dateTime: '2026-03-04T16:00:00', timeZone: 'Europe/Paris' },
    });
    assertError(await client.post(COMPANIES, { name: 'Copycat', externalId: 'demo-salon' }), 400, 'INVALID_PARAMETER', 'externalId');
    assertError(await client.put(`${COMPANIES}/corner`, { externalId: 'demo-courts' }), 400, 'INVALID_PARAMETER', 'externalId');
  });

  test('delete keeps the company, flagged, listed only with showDeleted', async () => {
    const client = sandbox();
    const deleted = await client.delete(CLINIC);
    assert.equal(deleted.status, 204);
    assert.equal(deleted.text, '');
    assertError(await client.get(CLINIC), 404, 'NOT_FOUND');
    assertError(await client.get(`${CLINIC}/services`), 404, 'NOT_FOUND');
    const ids = async (showDeleted: string) => (await client.get(`${COMPANIES}?showDeleted=${showDeleted}&fields=id,deleted`)).body.items;
    assert.deepEqual(await ids('false'), [{ id: '1001' }, { id: '1002' }, { id: '1004' }]);
    assert.deepEqual(await ids('true'), [{ id: '1001' }, { id: '1002' }, { id: '1003', deleted: true }, { id: '1004' }]);
    assertError(await client.get(`${COMPANIES}?showDeleted=maybe`), 400, 'INVALID_PARAMETER', 'showDeleted');
  });
});

describe('sandbox routes: relations stay consistent', () => {
  test('who performs a service reads the same from the service and from the staff member', async () => {
    const client = sandbox();
    assert.deepEqual((await client.get(`${SALON}/staff/3001`)).body.services, [
      { id: '2001', name: "Women's cut & finish" },
      { id: '2002', name: "Men's cut" },
      { id: '2003', name: 'Blow-dry & style' },
      { id: '2006', name: 'Bridal trial' },
    ]);
    await client.put(`${SALON}/staff/3001`, { services: [{ id: '2002' }, { id: '2005' }] });
    const performers = async (serviceId: string) =>
      (await client.get(`${SALON}/services/${serviceId}`)).body.staff.map((member: { id: string }) => member.id);
    assert.deepEqual(await performers('2001'), ['3003', '3004']);
    assert.deepEqual(await performers('2005'), ['3002', '3003', '3001']);
  });

  test('deleting a staff member or resource removes it from services and groups', async () => {
    const client = sandbox();
    const group = await client.create(`${SALON}/staffGroups`, { name: 'Cutters', members: [{ id: '3001' }, { id: '3003' }] });
    await client.delete(`${SALON}/staff/3001`);
    assert.deepEqual(
      (await client.get(`${SALON}/services/2001`)).body.staff.map((member: { id: string }) => member.id),
      ['3003', '3004'],
    );
    assert.deepEqual(
      (await client.get(`${SALON}/staffGroups/${group.id}`)).body.members.map((member: { id: string }) => member.id),
      ['3003'],
    );
    await client.delete(`${COURTS}/resources/6001`);
    assert.deepEqual(
      (await client.get(`${COURTS}/resourceGroups/7001`)).body.members.map((member: { id: string }) => member.id),
      ['6002'],
    );
  });
});

describe('sandbox routes: the seed', () => {
  test('every seed company that prices something says in which currency (the widget shows no price without one)', async () => {
    const client = sandbox();
    for (const company of ['demo-salon', 'demo-salon-west', 'demo-courts', 'demo-clinic']) {
      const path = `/api/2.1/scheduling/companies/${company}`;
      const [record, services, resources] = await Promise.all([
        client.get(path),
        client.get(`${path}/services`),
        client.get(`${path}/resources`),
      ]);
      const priced = [...services.body.items, ...(resources.status === 200 ? resources.body.items : [])].filter(
        (item: { price?: number }) => item.price !== undefined,
      );
      if (priced.length) assert.match(record.body.currency ?? '', /^[A-Z]{3}$/, `${company} prices ${priced.length} items`);
    }
  });

  test('demo-salon: service then staff, US/Eastern, widget settings, HTML description, private data', async () => {
    const client = sandbox();
    const salon = (await client.get(SALON)).body;
    assert.deepEqual([salon.scheduledItems, salon.timeZone, salon.slotInterval], ['service-staff', 'US/Eastern', 15]);
    assert.deepEqual(salon.extendedProperties.public.bookingWidget, {
      accentColor: '#7c3aed',
      welcomeMessage: 'Book your next visit in under a minute. Running late? Call us and we will do our best.',
      privacyPolicyUrl: 'https://example.com/privacy',
      fields: { phone: 'required', notes: 'optional' },
    });
    assert.match(salon.description, /<p>.*<strong>.*<\/strong>.*<a href="https:\/\/example\.com\/[^"]+">/s);
    assert.equal(salon.extendedProperties.private.stripeAccount, 'acct_sandbox_salon01');
    assert.deepEqual(salon.workingHours.find((day: { day: string }) => day.day === 'monday').hours, [
      { start: '09:00', end: '12:30' },
      { start: '13:30', end: '18:00' },
    ]);

    const services = (await client.get(`${SALON}/services`)).body.items;
    const online = services.filter((service: { availability?: string }) => service.availability !== 'backoffice');
    assert.deepEqual(
      online.map((service: { duration: number }) => service.duration).sort((a: number, b: number) => a - b),
      [30, 45, 60, 90, 120],
    );
    assert.deepEqual(
      services.filter((s: { bufferDuration?: number }) => s.bufferDuration).map((s: { id: string }) => s.id),
      ['2004'],
    );
    assert.deepEqual(
      services.filter((s: { availability?: string }) => s.availability === 'backoffice').map((s: { id: string }) => s.id),
      ['2006'],
    );
    assert.deepEqual(new Set(services.map((service: { price: unknown }) => typeof service.price)), new Set(['number']));
    assert.deepEqual((await client.get(`${SALON}/services/2004`)).body.extendedProperties, { private: { supplierSku: 'CLR-9' } });

    const staff = (await client.get(`${SALON}/staff`)).body.items;
    assert.deepEqual(
      staff.map((member: { id: string; availableForWidget: boolean }) => [member.id, member.availableForWidget]),
      [
        ['3001', true],
        ['3002', true],
        ['3003', true],
        ['3004', false],
      ],
    );
    assert.deepEqual(staff[1].vacations, [{ startDate: '2026/03/14', endDate: '2026/03/18' }]);
  });

  test('demo-courts: resources with several units in two groups, Europe/Paris, maxDaysAhead', async () => {
    const client = sandbox();
    const courts = (await client.get(COURTS)).body;
    assert.deepEqual([courts.scheduledItems, courts.timeZone], ['resource', 'Europe/Paris']);
    assert.deepEqual(courts.extendedProperties.public, {
      bookingWidget: { maxDaysAhead: 60, maxIterations: 3, fields: { phone: 'optional', notes: 'hidden' } },
    });
    const groups = (await client.get(`${COURTS}/resourceGroups`)).body.items;
    assert.deepEqual(
      groups.map((group: { name: string; members: { id: string }[] }) => [group.name, group.members.map((member) => member.id)]),
      [
        ['Tennis', ['6001', '6002']],
        ['Padel', ['6003', '6004']],
      ],
    );
    const resources = (await client.get(`${COURTS}/resources`)).body.items;
    assert.deepEqual(
      resources.map((resource: { count: number; duration: number }) => [resource.count, resource.duration]),
      [
        [3, 60],
        [2, 60],
        [4, 90],
        [2, 90],
      ],
    );
  });

  test('demo-clinic: staff then service, Pacific/Auckland, notice, plain-text description', async () => {
    const client = sandbox();
    const clinic = (await client.get(CLINIC)).body;
    assert.deepEqual([clinic.scheduledItems, clinic.timeZone, clinic.minimumNoticeMinutes], ['staff-service', 'Pacific/Auckland', 120]);
    assert.doesNotMatch(clinic.description, /[<>]/);
    assert.equal(clinic.extendedProperties.public, undefined);
    const staff = (await client.get(`${CLINIC}/staff`)).body.items;
    assert.deepEqual(
      staff.map((member: { firstName: string; services: { id: string }[] }) => [member.firstName, member.services.map((s) => s.id)]),
      [
        ['Aroha', ['2101', '2102']],
        ['Tom', ['2103', '2104']],
        ['Mere', ['2105']],
      ],
    );
  });

  test('every company has private data and inline pictures only', async () => {
    const client = sandbox();
    for (const company of (await client.get(COMPANIES)).body.items) {
      assert.equal(typeof company.extendedProperties.private.stripeAccount, 'string');
      assert.match(company.picture.url, /^data:image\/svg\+xml,/);
    }
  });
});

describe('sandbox routes: CORS', () => {
  test('preflight is answered for any origin without credentials', async () => {
    const reply = await sandbox().request('OPTIONS', `${SALON}/appointments`, {
      anonymous: true,
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'idempotency-key',
      },
    });
    assert.equal(reply.status, 204);
    assert.equal(reply.headers.get('access-control-allow-origin'), '*');
    assert.equal(reply.headers.get('access-control-allow-headers'), 'Authorization,Content-Type,Idempotency-Key,apiKey,token');
    assert.match(reply.headers.get('access-control-allow-methods') ?? '', /\bPOST\b/);
  });

  test('answers and errors allow any origin and expose Retry-After', async () => {
    const client = sandbox();
    for (const reply of [
      await client.get(SALON, { headers: { Origin: 'https://shop.example' } }),
      await client.get(SALON, { anonymous: true }),
    ]) {
      assert.equal(reply.headers.get('access-control-allow-origin'), '*');
      assert.equal(reply.headers.get('access-control-expose-headers'), 'Retry-After');
    }
  });
});

describe('sandbox routes: runs on edge runtimes', () => {
  test('nothing the handler imports reaches node: modules or packages other than hono', () => {
    const seen = new Set<string>();
    const external = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s+'([^']+)'/g)) {
        if (specifier!.startsWith('.')) visit(resolve(dirname(file), specifier!.replace(/\.js$/, '.ts')));
        // The shared package is built into the sandbox's own files: followed like them.
        else if (specifier!.startsWith('booking-widget-shared/'))
          visit(resolve(import.meta.dirname, '../../packages/shared/src', `${specifier!.slice('booking-widget-shared/'.length)}.ts`));
        else external.add(specifier!);
      }
    };
    visit(resolve(import.meta.dirname, '../../packages/sandbox/src/index.ts'));
    assert.deepEqual([...external].sort(), ['hono', 'hono/cors']);
    assert.ok(seen.size > 30, `followed ${seen.size} files`);
    const nodeOnly = [...seen].filter((file) => /\/(file-store|cli|cli-args)\.ts$/.test(file));
    assert.deepEqual(nodeOnly, []);
  });
});
