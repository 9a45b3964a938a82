import type { CompanyRow } from '../store/rows.js';
import { SeedCalendar, WEEKDAYS, addBooking, badge, companyRow, hours } from './build.js';
import { SEED_CLIENTS } from './clients.js';

/**
 * `demo-clinic`: staff member then service, in Pacific/Auckland, with a two-hour
 * minimum notice and no slotInterval (slots step by each service's duration).
 */
export function clinic(nowMs: number): CompanyRow {
  const calendar = new SeedCalendar(nowMs, 'Pacific/Auckland');
  const company = companyRow(
    {
      id: '1003',
      externalId: 'demo-clinic',
      name: 'Harbourside Physio & Wellness',
      timeZone: 'Pacific/Auckland',
      scheduledItems: 'staff-service',
      description: 'Physiotherapy, massage and osteopathy on the Wellington waterfront. ACC registered.',
      picture: badge('HP', '#0d9488'),
      email: 'kiaora@harbourside.example.com',
      phone: '+64 4 555 0123',
      address: { street: '80 Jervois Quay', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      currency: 'NZD',
      geolocation: { lat: -41.2843, lng: 174.7766 },
      workingHours: [...hours(WEEKDAYS, ['08:00', '18:00']), ...hours(['saturday'], ['09:00', '13:00'])],
      vacations: [calendar.vacation(21, 22)],
      minimumNoticeMinutes: 120,
      extendedProperties: {
        private: { stripeAccount: 'acct_sandbox_clinic01', internalNotes: 'ACC claims are handled by the front desk.' },
      },
    },
    {
      staff: [
        {
          id: '3101',
          firstName: 'Aroha',
          lastName: 'Ngata',
          description: 'Physiotherapist.',
          picture: badge('AN', '#0d9488'),
          workingHours: hours(['monday', 'tuesday', 'wednesday', 'thursday'], ['08:00', '16:00']),
          availableForWidget: true,
        },
        {
          id: '3102',
          firstName: 'Tom',
          lastName: 'Fischer',
          description: 'Massage therapist.',
          picture: badge('TF', '#9333ea'),
          workingHours: hours(['tuesday', 'wednesday', 'thursday', 'friday', 'saturday'], ['10:00', '18:00']),
          availableForWidget: true,
        },
        { id: '3103', firstName: 'Mere', lastName: 'Wilson', description: 'Osteopath.', availableForWidget: true },
      ],
      services: [
        { id: '2101', name: 'Initial physiotherapy assessment', duration: 60, price: 95, staffIds: ['3101'] },
        { id: '2102', name: 'Physiotherapy follow-up', duration: 30, price: 65, staffIds: ['3101'] },
        { id: '2103', name: 'Sports massage', duration: 60, price: 90, staffIds: ['3102'] },
        { id: '2104', name: 'Remedial massage', duration: 90, price: 125, staffIds: ['3102'] },
        { id: '2105', name: 'Osteopathy consultation', duration: 45, price: 85, staffIds: ['3103'] },
      ],
    },
  );
  const { ruby, noah } = SEED_CLIENTS;
  const arohaDay = calendar.next(['monday', 'tuesday', 'wednesday', 'thursday']);
  const tomDay = calendar.next(['tuesday', 'wednesday', 'thursday', 'friday']);
  addBooking(company, calendar, {
    id: '4201',
    reference: 'SBX-CLN001',
    client: ruby,
    serviceId: '2101',
    staffId: '3101',
    day: arohaDay,
    time: '09:00',
  });
  addBooking(company, calendar, {
    id: '4202',
    reference: 'SBX-CLN002',
    client: noah,
    serviceId: '2103',
    staffId: '3102',
    day: tomDay,
    time: '10:00',
  });
  return company;
}
