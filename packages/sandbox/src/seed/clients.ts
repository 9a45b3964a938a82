import { SANDBOX_ACCOUNT } from '../credentials.js';
import type { ClientRow } from '../store/rows.js';

const client = (id: string, firstName: string, lastName: string, email: string, phone: string, timeZone: string): ClientRow => ({
  id,
  accountId: SANDBOX_ACCOUNT,
  firstName,
  lastName,
  emailAddresses: [{ email, primary: true }],
  phoneNumbers: [{ number: phone, primary: true, mobile: true }],
  timeZone,
  language: 'en',
  explicitConsent: true,
  marketingConsent: false,
});

/** The clients the seed's appointments belong to. */
export const SEED_CLIENTS = {
  ava: client('5001', 'Ava', 'Thompson', 'ava.thompson@example.com', '+1 617 555 0142', 'US/Eastern'),
  liam: client('5002', 'Liam', 'Garcia', 'liam.garcia@example.com', '+1 617 555 0178', 'US/Eastern'),
  noah: client('5003', 'Noah', 'Kim', 'noah.kim@example.com', '+1 617 555 0119', 'US/Eastern'),
  chloe: client('5004', 'Chloé', 'Martin', 'chloe.martin@example.com', '+33 6 12 34 56 78', 'Europe/Paris'),
  lucas: client('5005', 'Lucas', 'Bernard', 'lucas.bernard@example.com', '+33 6 98 76 54 32', 'Europe/Paris'),
  ruby: client('5006', 'Ruby', 'Walker', 'ruby.walker@example.com', '+64 21 555 0193', 'Pacific/Auckland'),
};
