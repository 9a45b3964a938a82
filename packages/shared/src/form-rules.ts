/**
 * The rules of intake forms (service contract §11): which form applies to a booking, and which of
 * its items take an answer, shared by the widget and the sandbox. What is wrong with an answer is
 * answer-rules.ts.
 */
import { FORM_ITEM_TYPES, type Form, type FormItem, type FormItemType } from './form-types.js';

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
