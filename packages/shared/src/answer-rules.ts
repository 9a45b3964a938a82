/**
 * What is wrong with an answer to an intake question (service contract §11), shared by the widget
 * (checked before sending) and the sandbox (checked on insert), so both say no to the same answers.
 * Apart from form-rules.ts (which form applies, which items it shows), so that a widget whose company
 * asks no questions never loads these rules.
 */
import { isCalendarDate } from './calendar-date.js';
import { CHOICE_SEPARATOR, isYesNo } from './form-rules.js';
import type { FormItem } from './form-types.js';

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

/** Items answered by choosing among the company's values: one (a list, radio buttons) or several (checkboxes). */
export const isChoice = (item: FormItem): boolean =>
  (item.type === 'select' || item.type === 'radio' || item.type === 'checkbox') && !isYesNo(item);

/** Items whose answer the visitor types: `valueFormat` (its lengths, its pattern) applies to them alone. */
export const isTyped = (item: FormItem): boolean => !isYesNo(item) && !isChoice(item) && item.type !== 'date';

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
  if (!isTyped(item)) return undefined;
  const format = item.valueFormat ?? {};
  const length = [...value].length;
  if (format.minLength !== undefined && length < format.minLength) return AnswerProblem.TooShort;
  if (format.maxLength !== undefined && length > format.maxLength) return AnswerProblem.TooLong;
  if (format.regexValue && breaksPattern(format.regexValue, value)) return AnswerProblem.Format;
  return undefined;
}
