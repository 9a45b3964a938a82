import { expect } from '@open-wc/testing';
import {
  BookingAttempt,
  SchedulingError,
  clearSharedReads,
  createSchedulingClient,
  instantToWallClock,
  slotInstants,
} from '../../../src/api/index.js';
import type { SchedulingClient, SlotSubject } from '../../../src/api/index.js';
import { TEST_NOW } from '../support/now.js';
import { startServices } from '../support/services.js';

/** The sandbox's today (every test's sandbox runs at TEST_NOW). */
const today = (zone: string) => instantToWallClock(Date.parse(TEST_NOW), zone).date;

async function firstSlot(api: SchedulingClient): Promise<Date> {
  const next = await api.getNextSlots('demo-salon', {
    kind: 'service',
    serviceId: '2002',
    staffId: '3001',
    startDate: today('US/Eastern'),
  });
  return slotInstants(next, 'US/Eastern')[0]!;
}

async function bookFirstSlot(api: SchedulingClient, attempt: BookingAttempt, at?: Date) {
  const start = at ?? (await firstSlot(api));
  return attempt.book(api, {
    companyId: 'demo-salon',
    companyTimeZone: 'US/Eastern',
    subject: { kind: 'service', serviceId: '2002', staffId: '3001' },
    start,
    durationMinutes: 30,
    client: { firstName: 'Ada', lastName: 'Lovelace', emailAddresses: [{ email: 'ada@example.com', primary: true }] },
  });
}

for (const mode of ['through the proxy', 'directly with an OAuth token'] as const) {
  describe(`scheduling client against the sandbox, ${mode}`, () => {
    let api: SchedulingClient;

    beforeEach(async () => {
      clearSharedReads();
      const services = await startServices({ proxy: mode === 'through the proxy' });
      api = createSchedulingClient({ apiBase: services.apiBase, ...(services.accessToken && { accessToken: services.accessToken }) });
    });

    it('reads the company by externalId, with only the fields asked for', async () => {
      const company = await api.getCompany('demo-salon', { fields: ['name', 'timeZone'] });
      expect(company).to.deep.equal({ name: 'Maple Street Hair Studio', timeZone: 'US/Eastern' });
      const full = await api.getCompany('demo-courts');
      expect(full).to.include({ scheduledItems: 'resource', timeZone: 'Europe/Paris' });
    });

    it('lists services, staff, resources and groups', async () => {
      const [services, staff, resources, resourceGroups, staffGroups] = await Promise.all([
        api.listServices('demo-salon'),
        api.listStaff('demo-salon'),
        api.listResources('demo-courts'),
        api.listResourceGroups('demo-courts'),
        api.listStaffGroups('demo-salon'),
      ]);
      expect(services.map((s) => s.name)).to.include("Men's cut");
      expect(staff.map((s) => s.firstName)).to.include('Maya');
      expect(resources.every((r) => r.count >= 1)).to.equal(true);
      expect(resourceGroups.map((g) => g.name)).to.deep.equal(['Tennis', 'Padel']);
      expect(staffGroups).to.be.an('array');
    });

    it('gets free slots and next slots in the company zone, as instants', async () => {
      const start = today('Pacific/Auckland');
      const next = await api.getNextSlots('demo-clinic', { kind: 'service', serviceId: '2102', startDate: start, number: 5 });
      const instants = slotInstants(next, 'Pacific/Auckland');
      expect(instants).to.have.length(5);
      expect(instants[0]!.getTime()).to.be.above(Date.parse(TEST_NOW));
      const day = instantToWallClock(instants[0]!, 'Pacific/Auckland').date;
      const free = await api.getFreeSlots('demo-clinic', { kind: 'service', serviceId: '2102', startDate: day, endDate: day });
      expect(slotInstants(free, 'Pacific/Auckland').map((d) => d.getTime())).to.include(instants[0]!.getTime());
    });

    it('turns a bad query into a SchedulingError naming the field', async () => {
      let error: unknown;
      try {
        await api.getFreeSlots('demo-salon', { kind: 'service', serviceId: '2002', startDate: '2026-03-10', endDate: '2026-03-01' });
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(SchedulingError);
      expect(error).to.include({ status: 400, errorCode: 'INVALID_PARAMETER', field: 'endDate' });
    });

    it('refuses a subject without its kind (a script written from an old example) before any request', async () => {
      const services = await startServices({ proxy: mode === 'through the proxy' });
      const asked: string[] = [];
      const counting: typeof fetch = (input, init) => (asked.push(String(input)), fetch(input, init));
      const client = createSchedulingClient({
        apiBase: services.apiBase,
        fetch: counting,
        ...(services.accessToken && { accessToken: services.accessToken }),
      });
      const untyped = { serviceId: '2002', staffId: '3001' } as unknown as SlotSubject;
      const start = await firstSlot(api);
      // A slot query throws as it is called, a booking rejects: either way, the error.
      const refusal = (work: () => Promise<unknown>) =>
        Promise.resolve()
          .then(work)
          .then(
            () => undefined,
            (error: unknown) => error,
          );
      const booking = await refusal(() =>
        new BookingAttempt().book(client, {
          companyId: 'demo-salon',
          companyTimeZone: 'US/Eastern',
          subject: untyped,
          start,
          durationMinutes: 30,
          client: { firstName: 'Ada', lastName: 'Kindless', emailAddresses: [{ email: 'ada@example.com', primary: true }] },
        }),
      );
      expect(booking).to.be.instanceOf(TypeError);
      expect((booking as Error).message).to.equal(
        'A booking needs a subject: { kind: "service", serviceId } or { kind: "resource", resourceId }.',
      );
      const query = await refusal(() => client.getFreeSlots('demo-salon', { ...untyped, startDate: '2026-03-10', endDate: '2026-03-10' }));
      expect(query).to.be.instanceOf(TypeError);
      expect(asked).to.deep.equal([]);
    });

    it('books a client and an appointment, once, even when the connection drops after the service booked', async () => {
      const services = await startServices({ proxy: mode === 'through the proxy' });
      const keys: string[] = [];
      let dropped = false;
      const dropping: typeof fetch = async (input, init) => {
        if (init?.method === 'POST' && String(input).endsWith('/appointments'))
          keys.push(new Headers(init.headers).get('Idempotency-Key')!);
        const response = await fetch(input, init);
        if (!dropped && init?.method === 'POST' && String(input).endsWith('/appointments')) {
          dropped = true;
          throw new TypeError('connection reset');
        }
        return response;
      };
      const flaky = createSchedulingClient({
        apiBase: services.apiBase,
        fetch: dropping,
        retry: { baseDelayMs: 1 },
        ...(services.accessToken && { accessToken: services.accessToken }),
      });
      const appointment = await bookFirstSlot(flaky, new BookingAttempt());
      expect(appointment.reference).to.be.a('string');
      expect(keys).to.have.length(2);
      expect(keys[0]).to.equal(keys[1]);
      const { items } = await services.inspect<{ items: { client: { lastName?: string } }[] }>(
        '/api/2.1/scheduling/companies/demo-salon/appointments',
      );
      expect(items.filter((item) => item.client.lastName === 'Lovelace')).to.have.length(1);
    });

    it('answers 409 DATE_NOT_AVAILABLE or STAFF_NOT_AVAILABLE when the slot was just taken', async () => {
      const slot = await firstSlot(api);
      await bookFirstSlot(api, new BookingAttempt(), slot);
      let error: unknown;
      try {
        await bookFirstSlot(api, new BookingAttempt(), slot);
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(SchedulingError);
      expect((error as SchedulingError).status).to.equal(409);
      expect(['DATE_NOT_AVAILABLE', 'STAFF_NOT_AVAILABLE']).to.include((error as SchedulingError).errorCode);
      expect((error as SchedulingError).retryable).to.equal(false);
    });
  });
}
