/**
 * The visitor's answers to intake questions checked before sending, with the words for what is wrong
 * (answer-rules.ts says what). Only `<bw-intake-questions>` imports it, so its chunk alone carries these
 * rules: a company that asks no questions never loads them (issue 28).
 */
import { AnswerProblem, answerProblem } from 'booking-widget-shared/answer-rules';
import { answerable } from 'booking-widget-shared/form-rules';
import type { FormItem } from 'booking-widget-shared/form-types';
import type { Messages } from '../i18n/catalogs/en.js';
import { type AnswerErrors, type Answers, answerOf } from './intake.js';

/** What is wrong with each answer that is, by item id, in `messages`' words; empty when all are fine. */
export function validateAnswers(pages: FormItem[][], answers: Answers, messages: Messages): AnswerErrors {
  const errors: AnswerErrors = {};
  for (const item of pages.flat().filter(answerable)) {
    const problem = answerProblem(item, answerOf(item, answers));
    if (!problem) continue;
    const format = item.valueFormat ?? {};
    errors[item.id] =
      problem === AnswerProblem.Required
        ? messages.required
        : problem === AnswerProblem.TooShort
          ? messages.tooShort(format.minLength!)
          : problem === AnswerProblem.TooLong
            ? messages.tooLong(format.maxLength!)
            : item.type === 'email'
              ? messages.invalidEmail
              : messages.checkField;
  }
  return errors;
}
