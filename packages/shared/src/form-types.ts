/** The service's intake questions (service contract §11). */

/** Every item type a form may hold; anything else is skipped with a warning. */
export const FORM_ITEM_TYPES = [
  'text',
  'textarea',
  'email',
  'phone',
  'number',
  'date',
  'select',
  'radio',
  'checkbox',
  'title',
  'consent',
] as const;

export type FormItemType = (typeof FORM_ITEM_TYPES)[number];

export interface FormItemValue {
  id: string;
  name: string;
  value: string;
}

export interface FormValueFormat {
  minLength?: number;
  maxLength?: number;
  /** A JavaScript-compatible regular expression the whole answer must match. */
  regexValue?: string;
}

export interface FormItem {
  id: string;
  /** A {@link FormItemType}; kept a string because the service may add types. */
  type: string;
  /** Plain text, never HTML. */
  title: string;
  /** Plain text, never HTML. */
  help?: string;
  placeholder?: string;
  mandatory?: boolean;
  /** Default true. */
  visible?: boolean;
  values?: FormItemValue[];
  valueFormat?: FormValueFormat;
}

/** What a form applies to: a company (`location`), a service, a resource, or every location. */
export interface FormObject {
  id?: string;
  type: 'location' | 'service' | 'resource' | 'allLocations';
}

export interface Form {
  id: string;
  name: string;
  contactFields?: FormItem[];
  /** Pages of questions, in order. */
  additionalFields?: FormItem[][];
  objects?: FormObject[];
}
