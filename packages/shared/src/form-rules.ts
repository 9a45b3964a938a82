/**
 * The rules of intake questions (service contract §11), shared by the widget (checked before
 * sending) and the sandbox (checked on insert), so both say no to the same answers.
 */
import { isCalendarDate } from './calendar-date.js';
import { FORM_ITEM_TYPES, type Form, type FormItem, type FormItemType } from './form-types.js';

/** Why an answer is refused. */
export const AnswerProblem = {
  Required: 'required',
  /** Not a number, an e-mail address, a date or one of the choices, as the type asks. */
  Invalid: 'invalid',
  TooShort: 'tooShort',
  TooLong: 'tooLong',
  /** Breaks the merchant's `valueFormat.regexValue`. */
  Format: 'format',
} as const;
export type AnswerProblem = (typeof AnswerProblem)[keyof typeof AnswerProblem];

/** Where a booking happens, to pick its form. */
export interface FormTarget {
  companyId: string;
  serviceId?: string | undefined;
  resourceId?: string | undefined;
}

export const isKnownItemType = (type: string): type is FormItemType => (FORM_ITEM_TYPES as readonly string[]).includes(type);

/** The form of the chosen service or resource; else the location's; else the account-wide one (first match in list order). */
export function formFor(forms: readonly Form[], target: FormTarget): Form | undefined {
  const names = (form: Form, type: string, id?: string) =>
    (form.objects ?? []).some((object) => object.type === type && (id === undefined || object.id === id));
  const bookable = target.serviceId ?? target.resourceId;
  const kind = target.serviceId !== undefined ? 'service' : 'resource';
  return (
    (bookable === undefined ? undefined : forms.find((form) => names(form, kind, bookable))) ??
    forms.find((form) => names(form, 'location', target.companyId)) ??
    forms.find((form) => names(form, 'allLocations'))
  );
}

/** The items that take an answer: known, visible, not headings. */
export const answerable = (item: FormItem): boolean => item.visible !== false && isKnownItemType(item.type) && item.type !== 'title';

/** Every answerable item of the form's pages, in order. */
export const answerableItems = (form: Form): FormItem[] => (form.additionalFields ?? []).flat().filter(answerable);

/** A checkbox without `values` is a single yes/no. */
export const isYesNo = (item: FormItem): boolean => item.type === 'consent' || (item.type === 'checkbox' && !item.values?.length);

/** The joiner of several checked `value`s. */
export const CHOICE_SEPARATOR = ', ';

const NUMBER = /^-?\d+(?:[.,]\d+)?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

function breaksPattern(pattern: string, value: string): boolean {
  try {
    return !new RegExp(`^(?:${pattern})$`, 'u').test(value);
  } catch {
    // A pattern the merchant mistyped must not lock every visitor out.
    return false;
  }
}

/** What is wrong with `value` as the answer to `item`, or undefined when it is fine. */
export function answerProblem(item: FormItem, value: string): AnswerProblem | undefined {
  if (isYesNo(item)) {
    if (value !== '' && value !== 'true' && value !== 'false') return AnswerProblem.Invalid;
    return item.mandatory && value !== 'true' ? AnswerProblem.Required : undefined;
  }
  if (value.trim() === '') return item.mandatory ? AnswerProblem.Required : undefined;
  const choices = (item.values ?? []).map((choice) => choice.value);
  switch (item.type) {
    case 'number':
      if (!NUMBER.test(value.trim())) return AnswerProblem.Invalid;
      break;
    case 'email':
      if (!EMAIL.test(value.trim())) return AnswerProblem.Invalid;
      break;
    case 'date':
      return isCalendarDate(value) ? undefined : AnswerProblem.Invalid;
    case 'select':
    case 'radio':
      return choices.includes(value) ? undefined : AnswerProblem.Invalid;
    case 'checkbox':
      return value.split(CHOICE_SEPARATOR).every((part) => choices.includes(part)) ? undefined : AnswerProblem.Invalid;
  }
  const format = item.valueFormat ?? {};
  const length = [...value].length;
  if (format.minLength !== undefined && length < format.minLength) return AnswerProblem.TooShort;
  if (format.maxLength !== undefined && length > format.maxLength) return AnswerProblem.TooLong;
  if (format.regexValue && breaksPattern(format.regexValue, value)) return AnswerProblem.Format;
  return undefined;
}
