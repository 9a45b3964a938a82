import type { CompanyRow } from '../store/rows.js';
import { SeedCalendar, WEEKDAYS, addBooking, badge, companyRow, hours } from './build.js';
import { SEED_CLIENTS } from './clients.js';

/**
 * `demo-salon-west`: the salon's second location, three zones west of the first
 * (America/Los_Angeles), with its own staff and a shorter menu, so that one
 * widget shows two locations in two zones (service contract §12).
 */
export function salonWest(nowMs: number): CompanyRow {
  const calendar = new SeedCalendar(nowMs, 'America/Los_Angeles');
  const company = companyRow(
    {
      id: '1004',
      externalId: 'demo-salon-west',
      name: 'Maple Street Hair Studio Mission',
      timeZone: 'America/Los_Angeles',
      scheduledItems: 'service-staff',
      description: 'Our West Coast studio, two blocks from the 16th Street BART station.',
      picture: badge('MW', '#9333ea'),
      email: 'mission@maplestreet.example.com',
      phone: '+1 415 555 0142',
      address: { street: '500 Valencia Street', city: 'San Francisco', state: 'CA', zipCode: '94110', country: 'US' },
      geolocation: { lat: 37.7649, lng: -122.4216 },
      websiteLink: 'https://example.com/maple-street/mission',
      currency: 'USD',
      workingHours: [...hours(WEEKDAYS, ['10:00', '19:00']), ...hours(['saturday', 'sunday'], ['10:00', '15:00'])],
      slotInterval: 15,
      extendedProperties: {
        public: { bookingWidget: { accentColor: '#9333ea', fields: { phone: 'optional', notes: 'optional' } } },
        private: { stripeAccount: 'acct_sandbox_salon02' },
      },
    },
    {
      staff: [
        {
          id: '3011',
          firstName: 'Diego',
          lastName: 'Alvarez',
          description: 'Barber and stylist.',
          picture: badge('DA', '#ca8a04'),
          availableForWidget: true,
        },
        {
          id: '3012',
          firstName: 'Hana',
          lastName: 'Sato',
          description: 'Cuts and styling.',
          picture: badge('HS', '#be123c'),
          workingHours: hours(['wednesday', 'thursday', 'friday', 'saturday', 'sunday'], ['10:00', '15:00']),
          availableForWidget: true,
        },
      ],
      services: [
        { id: '2011', name: "Women's cut & finish", duration: 45, price: 70, color: '#f9a8d4', staffIds: ['3011', '3012'] },
        { id: '2012', name: "Men's cut", duration: 30, price: 40, color: '#93c5fd', staffIds: ['3011', '3012'] },
        { id: '2013', name: 'Beard trim', duration: 20, price: 20, color: '#a7f3d0', staffIds: ['3011'] },
      ],
    },
  );
  const { liam } = SEED_CLIENTS;
  addBooking(company, calendar, {
    id: '4301',
    reference: 'SBX-SAW001',
    client: liam,
    serviceId: '2012',
    staffId: '3011',
    day: calendar.next(WEEKDAYS),
    time: '11:00',
  });
  return company;
}
