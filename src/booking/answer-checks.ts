/**
 * The visitor's answers to intake questions checked before sending, with the words for what is wrong
 * (answer-rules.ts says what). Only `<bw-intake-questions>` imports it, so its chunk alone carries these
 * rules: a company that asks no questions never loads them (issue 28).
 */
import { AnswerProblem, answerProblem } from 'booking-widget-shared/answer-rules';
import { answerable, isYesNo } from 'booking-widget-shared/form-rules';
import type { FormItem } from 'booking-widget-shared/form-types';
import type { Messages } from '../i18n/catalogs/en.js';
import { intakeEn } from '../i18n/catalogs/intake-en.js';
import { type AnswerErrors, type Answers, answerOf } from './intake.js';

/** What is wrong with each answer that is, by item id, in `messages`' words; empty when all are fine. */
export function validateAnswers(pages: FormItem[][], answers: Answers, messages: Messages): AnswerErrors {
  const errors: AnswerErrors = {};
  const words = messages.intake ?? intakeEn;
  for (const item of pages.flat().filter(answerable)) {
    const problem = answerProblem(item, answerOf(item, answers));
    if (!problem) continue;
    const format = item.valueFormat ?? {};
    errors[item.id] =
      problem === AnswerProblem.Required
        ? requiredMessage(item, messages)
        : problem === AnswerProblem.TooShort
          ? words.tooShort(format.minLength!)
          : problem === AnswerProblem.TooLong
            ? messages.tooLong(format.maxLength!)
            : item.type === 'email'
              ? messages.invalidEmail
              : messages.checkField;
  }
  return errors;
}

/** What a required item left unanswered asks for: a box ticked, an answer chosen, or a field filled in. */
function requiredMessage(item: FormItem, messages: Messages): string {
  const words = messages.intake ?? intakeEn;
  if (isYesNo(item)) return words.tickBox;
  return CHOICES.includes(item.type) ? words.chooseAnswer : messages.required;
}

/** Items answered by choosing among the company's values. */
const CHOICES = ['radio', 'select', 'checkbox'];
