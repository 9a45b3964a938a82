/**
 * The merchant's intake questions in the booking (service contract §11, issue #14): which
 * form applies, what its pages show, the visitor's answers and what is sent (what is wrong
 * with an answer is answer-checks.ts, which comes with the questions' element). DOM-free;
 * loads with the details step.
 */
import { CHOICE_SEPARATOR, answerable, formFor, isKnownItemType, isYesNo } from 'booking-widget-shared/form-rules';
import type { SchedulingClient } from '../api/client.js';
import type { Form, FormItem } from 'booking-widget-shared/form-types';
import type { AppointmentFormAnswer } from 'booking-widget-shared/types';
import type { Catalog } from './catalog.js';
import type { Selection } from './selection.js';

/** The visitor's answers, by item id: kept across failures, steps and form changes. */
export type Answers = Readonly<Record<string, string>>;
export type AnswerErrors = Partial<Record<string, string>>;

/**
 * The company's forms; `null` when they could not be loaded. A proxy that does not
 * forward forms (403) or a service without them (404) means no questions, not a failure.
 */
export function fetchForms(api: SchedulingClient, companyId: string): Promise<Form[] | null> {
  return api.listForms(companyId).catch((error: { status?: number }) => (error.status === 403 || error.status === 404 ? [] : null));
}

/** The form that applies to what is chosen, if any. */
export function formOf(catalog: Catalog, selection: Selection, forms: readonly Form[] | undefined): Form | undefined {
  if (!forms) return undefined;
  const target = catalog.mode === 'resource' ? { resourceId: selection.resourceId } : { serviceId: selection.serviceId };
  return formFor(forms, { companyId: catalog.company.id, ...target });
}

const warned = new Set<string>();

/** Its pages as shown: visible items of known types; an unknown type is skipped with a warning, never shown broken. */
export function pagesOf(form: Form | undefined, warn: (message: string) => void = console.warn): FormItem[][] {
  const pages = (form?.additionalFields ?? []).map((page) =>
    page.filter((item) => {
      if (item.visible === false) return false;
      if (isKnownItemType(item.type)) return true;
      const key = `${form!.id}/${item.id}`;
      if (!warned.has(key)) {
        warned.add(key);
        warn(`<booking-widget>: question "${item.id}" of form "${form!.id}" has the unknown type "${item.type}"; it was skipped.`);
      }
      return false;
    }),
  );
  return pages.filter((page) => page.length);
}

/** The stored value of an item: a yes/no is "true" or "false". */
export const answerOf = (item: FormItem, answers: Answers): string => answers[item.id] ?? (isYesNo(item) ? 'false' : '');

/** The chosen `value`s of a checkbox with several. */
export const checkedValues = (answer: string): string[] => (answer ? answer.split(CHOICE_SEPARATOR) : []);

/** What goes with the appointment: every question shown, with its title as the visitor saw it. */
export function formAnswers(pages: FormItem[][], answers: Answers): AppointmentFormAnswer[] {
  return pages
    .flat()
    .filter(answerable)
    .map((item) => ({ id: item.id, title: item.title, value: answerOf(item, answers).trim() }));
}
