import { SANDBOX_ACCOUNT } from '../credentials.js';
import type { FormRow, QueueRow } from '../store/rows.js';

/**
 * Walk-in lines (service contract §16): the salon's for quick cuts, and the clinic's
 * walk-in physio hours. Each has a form of its own, which names no company or service,
 * so it never applies to a booking (§11), only to its queue's registrations.
 */
export function seedQueues(): QueueRow[] {
  return [
    {
      id: '7001',
      accountId: SANDBOX_ACCOUNT,
      author: 'maya.chen@maplestreet.example.com',
      name: 'Walk-in cuts',
      welcomeMessage: 'No appointment? Join the line and we will text you when a chair is free.',
      thankMessage: 'Thanks! Feel free to grab a coffee nearby: we will text you when it is your turn.',
      companyId: '1001',
      formId: '9101',
      closedByStaff: false,
      defaultWaitingMinutes: 10,
    },
    {
      id: '7003',
      accountId: SANDBOX_ACCOUNT,
      author: 'frontdesk@harbourside.example.com',
      name: 'Walk-in physio',
      welcomeMessage: 'Our physiotherapists see walk-in patients in order of arrival.',
      thankMessage: 'Thank you. Please stay within ten minutes of the clinic; we will text you when we are ready.',
      companyId: '1003',
      formId: '9103',
      closedByStaff: false,
      defaultWaitingMinutes: 20,
    },
  ];
}

export function seedQueueForms(): FormRow[] {
  return [
    {
      accountId: SANDBOX_ACCOUNT,
      id: '9101',
      name: 'Walk-in cut',
      objects: [],
      additionalFields: [
        [
          {
            id: 'walk-in-service',
            type: 'select',
            title: 'What would you like?',
            mandatory: true,
            values: [
              { id: 'cut', name: 'Haircut', value: 'cut' },
              { id: 'beard', name: 'Beard trim', value: 'beard' },
              { id: 'kids', name: 'Kids cut', value: 'kids' },
            ],
          },
        ],
      ],
    },
    {
      accountId: SANDBOX_ACCOUNT,
      id: '9103',
      name: 'Walk-in physio',
      objects: [],
      additionalFields: [
        [
          {
            id: 'complaint',
            type: 'text',
            title: 'What brings you in?',
            help: 'A few words, such as "sore lower back".',
            valueFormat: { maxLength: 200 },
          },
        ],
      ],
    },
  ];
}
