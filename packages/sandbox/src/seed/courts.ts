import type { CompanyRow } from '../store/rows.js';
import { EVERY_DAY, SeedCalendar, addBooking, badge, companyRow, hours } from './build.js';
import { SEED_CLIENTS } from './clients.js';

/** `demo-courts`: resource mode in Europe/Paris, courts with several units in two groups. */
export function courts(nowMs: number): CompanyRow {
  const calendar = new SeedCalendar(nowMs, 'Europe/Paris');
  const company = companyRow(
    {
      id: '1002',
      externalId: 'demo-courts',
      name: 'Club de Raquettes des Berges',
      timeZone: 'Europe/Paris',
      scheduledItems: 'resource',
      description: 'Tennis and padel by the river, open every day from 8 am to 10 pm. Rackets for hire at the desk.',
      picture: badge('CR', '#16a34a'),
      email: 'accueil@berges.example.com',
      phone: '+33 1 23 45 67 89',
      address: { street: '4 quai des Berges', city: 'Paris', zipCode: '75012', country: 'FR' },
      geolocation: { lat: 48.8396, lng: 2.3781 },
      currency: 'EUR',
      workingHours: hours(EVERY_DAY, ['08:00', '22:00']),
      slotInterval: 30,
      extendedProperties: {
        public: { bookingWidget: { maxDaysAhead: 60, maxIterations: 3, fields: { phone: 'optional', notes: 'hidden' } } },
        private: { stripeAccount: 'acct_sandbox_courts01', internalNotes: 'Court 3 lights flicker; tell members.' },
      },
    },
    {
      resources: [
        {
          id: '6001',
          name: 'Clay tennis court',
          description: 'Outdoor clay.',
          duration: 60,
          count: 3,
          price: 20,
          picture: badge('T', '#ea580c'),
        },
        {
          id: '6002',
          name: 'Indoor tennis court',
          description: 'Hard court under the dome.',
          duration: 60,
          count: 2,
          price: 28,
          workingHours: hours(EVERY_DAY, ['07:00', '23:00']),
        },
        { id: '6003', name: 'Padel court', duration: 90, count: 4, price: 32, picture: badge('P', '#0891b2') },
        {
          id: '6004',
          name: 'Panoramic padel court',
          description: 'Glass walls, evening lights.',
          duration: 90,
          count: 2,
          price: 40,
          workingHours: hours(EVERY_DAY, ['10:00', '21:00']),
          extendedProperties: { private: { maintenanceContract: 'MC-2291' } },
        },
      ],
      resourceGroups: [
        { id: '7001', name: 'Tennis', description: 'Clay and indoor courts.', color: '#EA580C', memberIds: ['6001', '6002'] },
        { id: '7002', name: 'Padel', color: '#0891B2', memberIds: ['6003', '6004'] },
      ],
    },
  );
  const { chloe, lucas, ava } = SEED_CLIENTS;
  const [tomorrow, dayAfter] = [calendar.day(1), calendar.day(2)];
  addBooking(company, calendar, {
    id: '4101',
    reference: 'SBX-CRT001',
    client: lucas,
    resourceId: '6001',
    resourceCount: 2,
    day: tomorrow,
    time: '18:00',
  });
  addBooking(company, calendar, {
    id: '4102',
    reference: 'SBX-CRT002',
    client: chloe,
    resourceId: '6003',
    resourceCount: 4,
    day: tomorrow,
    time: '19:00',
  });
  addBooking(company, calendar, {
    id: '4103',
    reference: 'SBX-CRT003',
    client: ava,
    resourceId: '6002',
    iterationCount: 2,
    day: dayAfter,
    time: '10:00',
  });
  return company;
}
