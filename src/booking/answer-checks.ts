/**
 * The visitor's answers to intake questions checked before sending, with the words for what is wrong
 * (answer-rules.ts says what). Only `<bw-intake-questions>` imports it, so its chunk alone carries these
 * rules: a company that asks no questions never loads them (issue 28).
 */
import { AnswerProblem, answerProblem, isChoice } from 'booking-widget-shared/answer-rules';
import { answerable, isYesNo } from 'booking-widget-shared/form-rules';
import type { FormItem } from 'booking-widget-shared/form-types';
import type { Messages } from '../i18n/catalogs/en.js';
import { type IntakeMessages, intakeWords } from '../i18n/catalogs/intake-en.js';
import { type AnswerErrors, type Answers, answerOf } from './intake.js';

/** What is wrong with each answer that is, by item id, in `messages`' words; empty when all are fine. */
export function validateAnswers(pages: FormItem[][], answers: Answers, messages: Messages): AnswerErrors {
  const errors: AnswerErrors = {};
  const words = intakeWords(messages);
  for (const item of pages.flat().filter(answerable)) {
    const problem = answerProblem(item, answerOf(item, answers));
    if (problem) errors[item.id] = messageFor(item, problem, messages, words);
  }
  return errors;
}

/** What an answer's problem asks of the visitor: a box ticked, an answer chosen, a field filled in or corrected. */
function messageFor(item: FormItem, problem: AnswerProblem, messages: Messages, words: IntakeMessages): string {
  const format = item.valueFormat ?? {};
  switch (problem) {
    case AnswerProblem.Required:
      return isYesNo(item) ? words.tickBox : isChoice(item) ? words.chooseAnswer : messages.required;
    case AnswerProblem.TooShort:
      return words.tooShort(format.minLength!);
    case AnswerProblem.TooLong:
      return messages.tooLong(format.maxLength!);
    default:
      return item.type === 'email' ? messages.invalidEmail : messages.checkField;
  }
}
