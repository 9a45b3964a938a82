/** Checks a booking's answers against the form that applies to it (service contract §11). */
import { AnswerProblem, answerProblem } from 'booking-widget-shared/answer-rules';
import { answerableItems, formFor } from 'booking-widget-shared/form-rules';
import type { AppointmentFormAnswer } from 'booking-widget-shared/types';
import type { Form, FormItem } from 'booking-widget-shared/form-types';
import { invalid } from '../http/api-error.js';
import type { CompanyScope } from '../store/scope.js';

function message(item: FormItem, problem: AnswerProblem): string {
  const title = JSON.stringify(item.title);
  const format = item.valueFormat ?? {};
  switch (problem) {
    case AnswerProblem.Required:
      return `The question ${title} needs an answer.`;
    case AnswerProblem.TooShort:
      return `The answer to ${title} must be at least ${format.minLength} characters long.`;
    case AnswerProblem.TooLong:
      return `The answer to ${title} must be at most ${format.maxLength} characters long.`;
    case AnswerProblem.Format:
      return `The answer to ${title} must match ${format.regexValue}.`;
    default:
      return item.values?.length
        ? `The answer to ${title} must be among: ${item.values.map((choice) => choice.value).join(', ')}.`
        : `The answer to ${title} is not a valid ${item.type}.`;
  }
}

/**
 * Throws 400 with `field` = `form.<item id>` at the first answer the form refuses.
 * Answers to items the form does not have are kept as sent: a visitor who loaded the
 * page before the merchant changed the form still books.
 */
export function checkFormAnswers(
  scope: CompanyScope,
  booked: { serviceId?: string; resourceId?: string },
  answers: AppointmentFormAnswer[] = [],
): void {
  const forms = [...scope.store.state.forms.values()].filter((form) => form.accountId === scope.accountId);
  const form = formFor(forms, { companyId: scope.company.record.id, ...booked });
  if (form) checkAnswersTo(form, answers);
}

/** The same check against a form named directly (a queue's, service contract §16). */
export function checkAnswersTo(form: Form, answers: AppointmentFormAnswer[] = []): void {
  for (const item of answerableItems(form)) {
    const problem = answerProblem(item, answers.find((answer) => answer.id === item.id)?.value ?? '');
    if (problem) throw invalid(`form.${item.id}`, message(item, problem));
  }
}
