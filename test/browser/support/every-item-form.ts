/** A form that uses every item type of service contract §11, plus an unknown one and company text that looks like HTML. */
import type { Form } from 'booking-widget-shared/form-types';

export const EVERY_ITEM_FORM: Form = {
  id: 'f-all',
  name: 'Every item',
  additionalFields: [
    [
      { id: 'heading', type: 'title', title: 'About <b>you</b>' },
      {
        id: 'name',
        type: 'text',
        title: 'Nickname <img src=x onerror=alert(1)>',
        help: 'Shown <i>on</i> your badge.',
        placeholder: 'Ada',
        mandatory: true,
      },
      { id: 'story', type: 'textarea', title: 'Your story', valueFormat: { maxLength: 20 } },
      { id: 'mail', type: 'email', title: 'Work e-mail' },
      { id: 'tel', type: 'phone', title: 'Mobile' },
      { id: 'age', type: 'number', title: 'Age', valueFormat: { regexValue: '[0-9]{1,3}' } },
      { id: 'born', type: 'date', title: 'Birthday' },
      { id: 'hologram', type: 'hologram', title: 'A type from the future' },
      { id: 'hidden', type: 'text', title: 'Hidden question', visible: false },
    ],
    [
      {
        id: 'size',
        type: 'select',
        title: 'Shirt size',
        values: [
          { id: 's', name: 'Small', value: 'S' },
          { id: 'm', name: 'Medium', value: 'M' },
        ],
      },
      {
        id: 'side',
        type: 'radio',
        title: 'Side',
        values: [
          { id: 'l', name: 'Left', value: 'L' },
          { id: 'r', name: 'Right', value: 'R' },
        ],
        mandatory: true,
      },
      {
        id: 'diet',
        type: 'checkbox',
        title: 'Diet',
        values: [
          { id: 'v', name: 'Vegetarian', value: 'veg' },
          { id: 'g', name: 'Gluten-free', value: 'gf' },
        ],
      },
      { id: 'news', type: 'checkbox', title: 'Send me news' },
      { id: 'terms', type: 'consent', title: 'I accept the terms', mandatory: true },
    ],
  ],
  objects: [{ type: 'allLocations' }],
};
