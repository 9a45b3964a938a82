import type { FormRow } from '../store/rows.js';
import { SANDBOX_ACCOUNT } from '../credentials.js';

/** The contact fields every seed form starts with: they map onto the client record (service contract §11). */
const CONTACT = [
  { id: 'firstName', type: 'text', title: 'First name', mandatory: true },
  { id: 'lastName', type: 'text', title: 'Last name', mandatory: true },
  { id: 'email', type: 'email', title: 'E-mail', mandatory: true },
];

/**
 * The account's intake questions: the salon's (both locations), the courts', and the
 * clinic's two-page form for a first assessment, which together use every item type.
 */
export function seedForms(): FormRow[] {
  return [
    {
      accountId: SANDBOX_ACCOUNT,
      id: '9001',
      name: 'Salon visit',
      contactFields: CONTACT,
      additionalFields: [
        [
          {
            id: 'allergies',
            type: 'text',
            title: 'Allergies or sensitivities',
            help: 'Products or ingredients we should avoid.',
            placeholder: 'For example: ammonia',
            valueFormat: { maxLength: 200 },
          },
          {
            id: 'hair-length',
            type: 'select',
            title: 'Hair length',
            values: [
              { id: 'short', name: 'Short', value: 'short' },
              { id: 'shoulder', name: 'Shoulder length', value: 'shoulder' },
              { id: 'long', name: 'Long', value: 'long' },
            ],
          },
          { id: 'first-visit', type: 'checkbox', title: 'This is my first visit' },
        ],
      ],
      objects: [
        { id: '1001', type: 'location' },
        { id: '1004', type: 'location' },
      ],
    },
    {
      accountId: SANDBOX_ACCOUNT,
      id: '9002',
      name: 'Court rules',
      contactFields: CONTACT,
      additionalFields: [
        [
          { id: 'players', type: 'number', title: 'Number of players', help: 'From 1 to 4.', valueFormat: { regexValue: '[1-4]' } },
          {
            id: 'partner-board',
            type: 'consent',
            title: 'Show my first name on the partner-finder board.',
            help: 'Other members looking for a game can then ask the desk to put you in touch.',
          },
        ],
      ],
      objects: [{ id: '1002', type: 'location' }],
    },
    {
      accountId: SANDBOX_ACCOUNT,
      id: '9003',
      name: 'First assessment',
      contactFields: CONTACT,
      additionalFields: [
        [
          { id: 'about', type: 'title', title: 'About your visit' },
          {
            id: 'reason',
            type: 'textarea',
            title: 'What brings you in?',
            help: 'A sentence or two is enough.',
            mandatory: true,
            valueFormat: { minLength: 10, maxLength: 1000 },
          },
          { id: 'injury-date', type: 'date', title: 'When did it start?' },
          { id: 'pain', type: 'number', title: 'Pain today, from 0 to 10', valueFormat: { regexValue: '10|[0-9]' } },
          { id: 'gp', type: 'text', title: 'Your GP', placeholder: 'Name and practice' },
          { id: 'plan-email', type: 'email', title: 'E-mail for your exercise plan' },
          {
            id: 'emergency-phone',
            type: 'phone',
            title: 'Emergency contact phone',
            mandatory: true,
            valueFormat: { regexValue: '\\+?[0-9 ()-]{5,20}' },
          },
        ],
        [
          { id: 'health', type: 'title', title: 'Health details' },
          {
            id: 'referral',
            type: 'select',
            title: 'Referred by',
            values: [
              { id: 'gp', name: 'My GP', value: 'GP' },
              { id: 'acc', name: 'ACC', value: 'ACC' },
              { id: 'self', name: 'Myself', value: 'Self' },
            ],
          },
          {
            id: 'side',
            type: 'radio',
            title: 'Which side?',
            values: [
              { id: 'left', name: 'Left', value: 'Left' },
              { id: 'right', name: 'Right', value: 'Right' },
              { id: 'both', name: 'Both', value: 'Both' },
            ],
          },
          {
            id: 'conditions',
            type: 'checkbox',
            title: 'Do any of these apply?',
            help: 'Tick all that apply.',
            values: [
              { id: 'diabetes', name: 'Diabetes', value: 'Diabetes' },
              { id: 'heart', name: 'Heart condition', value: 'Heart condition' },
              { id: 'pregnancy', name: 'Pregnancy', value: 'Pregnancy' },
            ],
          },
          { id: 'acc-claim', type: 'checkbox', title: 'This is an ACC injury claim' },
          { id: 'treatment-consent', type: 'consent', title: 'I consent to assessment and treatment.', mandatory: true },
        ],
      ],
      objects: [{ id: '2101', type: 'service' }],
    },
  ];
}
