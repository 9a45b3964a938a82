import type { CompanyRow } from '../store/rows.js';
import { SeedCalendar, WEEKDAYS, addBooking, badge, companyRow, hours } from './build.js';
import { SEED_CLIENTS } from './clients.js';

/**
 * `demo-salon`: service then staff member, in US/Eastern (the legacy zone name),
 * with a lunch break, a buffer, a vacation, a back-office-only service and a staff
 * member hidden from the widget.
 */
export function salon(nowMs: number): CompanyRow {
  const calendar = new SeedCalendar(nowMs, 'US/Eastern');
  const company = companyRow(
    {
      id: '1001',
      externalId: 'demo-salon',
      name: 'Maple Street Hair Studio',
      timeZone: 'US/Eastern',
      scheduledItems: 'service-staff',
      description:
        '<p>Cuts, colour and styling in the heart of <strong>Jamaica Plain</strong>.</p>' +
        '<p>Please read our <a href="https://example.com/salon-policies">booking policies</a> before your visit.</p>',
      picture: badge('MS', '#7c3aed'),
      email: 'hello@maplestreet.example.com',
      phone: '+1 617 555 0100',
      address: { street: '12 Maple Street', city: 'Boston', state: 'MA', zipCode: '02130', country: 'US' },
      geolocation: { lat: 42.3097, lng: -71.1151 },
      websiteLink: 'https://example.com/maple-street',
      currency: 'USD',
      workingHours: [...hours(WEEKDAYS, ['09:00', '12:30'], ['13:30', '18:00']), ...hours(['saturday'], ['10:00', '16:00'])],
      slotInterval: 15,
      extendedProperties: {
        public: {
          bookingWidget: {
            accentColor: '#7c3aed',
            welcomeMessage: 'Book your next visit in under a minute. Running late? Call us and we will do our best.',
            privacyPolicyUrl: 'https://example.com/privacy',
            fields: { phone: 'required', notes: 'optional' },
          },
        },
        private: { stripeAccount: 'acct_sandbox_salon01', internalNotes: 'Owner prefers SMS reminders.' },
      },
    },
    {
      staff: [
        {
          id: '3001',
          firstName: 'Maya',
          lastName: 'Chen',
          description: 'Senior stylist; precision cuts.',
          picture: badge('MC', '#db2777'),
          workingHours: hours(WEEKDAYS, ['09:00', '17:00']),
          availableForWidget: true,
          extendedProperties: { private: { payrollId: 'PR-0042' } },
        },
        {
          id: '3002',
          firstName: 'Jordan',
          lastName: 'Brooks',
          description: 'Colour specialist.',
          picture: badge('JB', '#2563eb'),
          workingHours: hours(['tuesday', 'wednesday', 'thursday', 'friday', 'saturday'], ['11:00', '18:00']),
          vacations: [calendar.vacation(10, 14)],
          availableForWidget: true,
        },
        {
          id: '3003',
          firstName: 'Priya',
          lastName: 'Patel',
          description: 'Stylist and colourist; follows the studio hours.',
          picture: badge('PP', '#059669'),
          availableForWidget: true,
        },
        {
          id: '3004',
          firstName: 'Sam',
          lastName: 'Rivera',
          description: 'Studio manager; books in person only.',
          workingHours: hours(['monday', 'wednesday'], ['09:00', '13:00']),
          availableForWidget: false,
        },
      ],
      services: [
        { id: '2001', name: "Women's cut & finish", duration: 45, price: 65, color: '#f9a8d4', staffIds: ['3001', '3003', '3004'] },
        { id: '2002', name: "Men's cut", duration: 30, price: 35, color: '#93c5fd', staffIds: ['3001', '3002', '3004'] },
        { id: '2003', name: 'Blow-dry & style', duration: 60, price: 50, color: '#fcd34d', staffIds: ['3001', '3003'] },
        {
          id: '2004',
          name: 'Full colour',
          description: 'Includes a 15-minute clean-up after each appointment.',
          duration: 90,
          bufferDuration: 15,
          price: 120,
          color: '#c4b5fd',
          staffIds: ['3002', '3003'],
          extendedProperties: { private: { supplierSku: 'CLR-9' } },
        },
        { id: '2005', name: 'Balayage', duration: 120, price: 185, color: '#fdba74', staffIds: ['3002', '3003'] },
        {
          id: '2006',
          name: 'Bridal trial',
          description: 'Arranged with the studio manager.',
          duration: 120,
          price: 150,
          availability: 'backoffice',
          staffIds: ['3001'],
        },
      ],
    },
  );
  const { ava, liam, noah, chloe } = SEED_CLIENTS;
  const [first, second, third] = [1, 2, 3].map((n) => calendar.next(WEEKDAYS, n)) as [string, string, string];
  addBooking(company, calendar, {
    id: '4001',
    reference: 'SBX-SAL001',
    client: ava,
    serviceId: '2001',
    staffId: '3001',
    day: first,
    time: '10:00',
  });
  addBooking(company, calendar, {
    id: '4002',
    reference: 'SBX-SAL002',
    client: liam,
    serviceId: '2004',
    staffId: '3003',
    day: first,
    time: '14:00',
  });
  addBooking(company, calendar, {
    id: '4003',
    reference: 'SBX-SAL003',
    client: noah,
    serviceId: '2005',
    staffId: '3003',
    day: second,
    time: '09:30',
  });
  addBooking(company, calendar, {
    id: '4004',
    reference: 'SBX-SAL004',
    client: chloe,
    serviceId: '2002',
    staffId: '3001',
    day: third,
    time: '15:00',
  });
  const jordanDay = calendar.next(['tuesday', 'wednesday', 'thursday', 'friday']);
  addBooking(company, calendar, {
    id: '4005',
    reference: 'SBX-SAL005',
    client: ava,
    serviceId: '2002',
    staffId: '3002',
    day: jordanDay,
    time: '11:00',
    notes: 'Prefers a quiet chair.',
  });
  return company;
}
