import { LitElement, type PropertyValues, html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { CHOICE_SEPARATOR, isYesNo } from 'booking-widget-shared/form-rules';
import type { FormItem } from 'booking-widget-shared/form-types';
import { type AnswerErrors, type Answers, answerOf, checkedValues } from '../../booking/intake.js';
import { validateAnswers } from '../../booking/answer-checks.js';
import { isTyped } from 'booking-widget-shared/answer-rules';
import { type IntakeMessages, intakeWords } from '../../i18n/catalogs/intake-en.js';
import type { Localizer } from '../../i18n/localizer.js';
import { AnswerEvent } from '../events/answer-event.js';
import { defineElement } from '../shared/define.js';
import { fieldStyles } from '../fields/field.styles.js';
import { baseStyles } from '../shared/styles.js';
import { intakeQuestionsStyles } from './intake-questions.styles.js';

/** The native input type of each one-line item. */
const INPUT_TYPES: Record<string, string> = { text: 'text', email: 'email', phone: 'tel', number: 'text', date: 'date' };
/**
 * A question's e-mail is most often the visitor's; its phone may well be someone else's (an emergency
 * contact), and the visitor's own phone is the contact field with its `tel` token: a phone question gets none.
 */
const AUTOCOMPLETE: Record<string, string> = { email: 'email' };

/**
 * @summary The merchant's intake questions (service contract §11): each item a native, labelled
 * control, its help tied by `aria-describedby`, pages one after another. Titles and
 * help are the company's plain text, never HTML.
 *
 * @event bw-answer - The visitor answered a question ({@link AnswerEvent}); the parent hands the answers back as `value`.
 *
 * @csspart field-error - The message under a question that needs correcting.
 */
export class IntakeQuestions extends LitElement {
  static override styles = [baseStyles, fieldStyles, intakeQuestionsStyles];
  static override properties: PropertyDeclarations = {
    _errors: { state: true, attribute: false },
    _edited: { state: true, attribute: false },
    localizer: { attribute: false },
    pages: { attribute: false },
    value: { attribute: false },
    errors: { attribute: false },
  };

  /** Errors from checking here; `errors` from the service are merged in. */
  private _errors: AnswerErrors = {};
  private _checked = false;
  /** Questions answered since the service's `errors` came: its message about them no longer applies. */
  private _edited: ReadonlySet<string> = new Set();
  /** Answers sent up that the parent has not handed back yet (two in one task): they count until `value` brings them. */
  private _unconfirmed: Answers = {};

  localizer!: Localizer;

  /** The form's pages, as `pagesOf` gives them. */
  pages: FormItem[][] = [];

  /** The answers so far, by item id. */
  value: Answers = {};

  /** Errors the service reported, by item id. */
  errors: AnswerErrors = {};

  constructor() {
    super();
    // The controls' native input events would reach the details form around this element as its own.
    this.addEventListener('input', (event) => event.stopPropagation());
  }

  /** Checks every answer and shows what to correct; focuses the first when `focus`. Returns how many are wrong. */
  report(focus: boolean): number {
    this._checked = true;
    this._errors = validateAnswers(this.pages, this._answers, this.localizer.messages);
    const count = Object.values(this._all()).filter(Boolean).length;
    if (count && focus) void this.focusInvalid();
    return count;
  }

  /**
   * Focuses the first question to correct, once its message shows: a group of choices counts as
   * one, and gets focus on its chosen option, else its first. Resolves false when none is wrong.
   */
  async focusInvalid(): Promise<boolean> {
    await this.updateComplete;
    const first = this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]');
    const control =
      first?.tagName === 'FIELDSET' ? (first.querySelector<HTMLElement>('input:checked') ?? first.querySelector('input')) : first;
    control?.focus();
    return Boolean(control);
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('errors')) this._edited = new Set();
    if (changed.has('value')) this._unconfirmed = {};
    // Once checked, the answers are checked again as the corrections come.
    if (this._checked) this._errors = validateAnswers(this.pages, this._answers, this.localizer.messages);
  }

  /** The visitor's answers: `value`, and what is on its way back into it. */
  private get _answers(): Answers {
    return { ...this.value, ...this._unconfirmed };
  }

  private _all(): AnswerErrors {
    const service = Object.fromEntries(Object.entries(this.errors).filter(([id]) => !this._edited.has(id)));
    return { ...service, ...this._errors };
  }

  private _answer(item: FormItem, value: string) {
    this._unconfirmed = { ...this._unconfirmed, [item.id]: value };
    // Sent before this element asks to render again, so the parent's update (with the new `value`) comes first.
    this.dispatchEvent(new AnswerEvent(item.id, value));
    if (this.errors[item.id]) this._edited = new Set([...this._edited, item.id]);
    else if (this._checked) this.requestUpdate();
  }

  /** The questions' own words: English's come with this chunk, every other language's with its catalog. */
  private get _words(): IntakeMessages {
    return intakeWords(this.localizer.messages);
  }

  private _optional(item: FormItem) {
    return item.mandatory
      ? nothing
      : html`<span class="optional">${this.localizer.messages.aside(this.localizer.messages.optional)}</span>`;
  }

  /**
   * The help and the error under a control, and the ids that tie them to it. The help says the answer's
   * length rules as well, in the words of their errors, so that the visitor knows them before Book
   * (WCAG 3.3.2): the company's own help seldom does. A rule its error says already is left out meanwhile.
   */
  private _notes(item: FormItem, key: string): [TemplateResult, string] {
    const error = this._all()[item.id];
    const format = isTyped(item) ? item.valueFormat : undefined;
    const words = this._words;
    const rules = [
      format?.minLength && format.minLength > 1 ? words.tooShort(format.minLength) : '',
      format?.maxLength ? this.localizer.messages.tooLong(format.maxLength) : '',
    ]
      // The rule the error below says now is not said twice (both are the control's description).
      .filter((rule) => rule && rule !== error)
      .join(' ');
    return [
      html`<p id=${`${key}-help`} class="hint">${item.help ? html`<bdi>${item.help}</bdi>${rules && ' '}` : ''}${rules}</p>
        <p id=${`${key}-error`} class="error" part="field-error">${error ?? ''}</p>`,
      `${key}-help ${key}-error`,
    ];
  }

  private _item(item: FormItem, key: string) {
    const invalid = this._all()[item.id] ? 'true' : 'false';
    const answer = answerOf(item, this._answers);
    const [notes, describedBy] = this._notes(item, key);
    const onValue = (event: Event) => this._answer(item, (event.target as HTMLInputElement).value);
    switch (item.type) {
      case 'title':
        return html`<h4><bdi>${item.title}</bdi></h4>`;
      case 'checkbox':
      case 'consent':
        if (isYesNo(item)) {
          return html`<div class="field">
            <label class="check"
              ><input
                type="checkbox"
                ?required=${Boolean(item.mandatory)}
                aria-invalid=${invalid}
                aria-describedby=${describedBy}
                .checked=${live(answer === 'true')}
                @change=${(event: Event) => this._answer(item, String((event.target as HTMLInputElement).checked))}
              /><span><bdi>${item.title}</bdi>${this._optional(item)}</span></label
            >${notes}
          </div>`;
        }
        return this._choices(item, key, 'checkbox', notes, describedBy, invalid);
      case 'radio':
        return this._choices(item, key, 'radio', notes, describedBy, invalid);
      case 'select':
        return html`<div class="field">
          <label for=${key}><bdi>${item.title}</bdi>${this._optional(item)}</label>
          <select id=${key} ?required=${Boolean(item.mandatory)} aria-invalid=${invalid} aria-describedby=${describedBy} @change=${onValue}>
            <option value="" ?selected=${answer === ''}>${this._words.chooseOption}</option>
            ${(item.values ?? []).map(
              (choice) => html`<option .value=${choice.value} ?selected=${answer === choice.value} dir="auto">${choice.name}</option>`,
            )}
          </select>
          ${notes}
        </div>`;
      case 'textarea':
        return html`<div class="field">
          <label for=${key}><bdi>${item.title}</bdi>${this._optional(item)}</label>
          <textarea
            id=${key}
            rows="3"
            placeholder=${item.placeholder ?? nothing}
            ?required=${Boolean(item.mandatory)}
            aria-invalid=${invalid}
            aria-describedby=${describedBy}
            .value=${live(answer)}
            @input=${onValue}
          ></textarea>
          ${notes}
        </div>`;
      default:
        return html`<div class="field">
          <label for=${key}><bdi>${item.title}</bdi>${this._optional(item)}</label>
          <input
            id=${key}
            type=${INPUT_TYPES[item.type] ?? 'text'}
            inputmode=${item.type === 'number' ? 'decimal' : nothing}
            autocomplete=${AUTOCOMPLETE[item.type] ?? 'off'}
            placeholder=${item.placeholder ?? nothing}
            ?required=${Boolean(item.mandatory)}
            aria-invalid=${invalid}
            aria-describedby=${describedBy}
            .value=${live(answer)}
            @input=${onValue}
          />
          ${notes}
        </div>`;
    }
  }

  /** Radio buttons (one of) or checkboxes (any of), grouped under the question. */
  private _choices(item: FormItem, key: string, type: 'radio' | 'checkbox', notes: TemplateResult, describedBy: string, invalid: string) {
    const answer = answerOf(item, this._answers);
    const checked = checkedValues(answer);
    const toggle = (value: string, on: boolean) => {
      if (type === 'radio') return this._answer(item, value);
      // Read now, not at render: two quick clicks must both count.
      const before = checkedValues(answerOf(item, this._answers));
      const values = (item.values ?? []).map((choice) => choice.value).filter((v) => (v === value ? on : before.includes(v)));
      this._answer(item, values.join(CHOICE_SEPARATOR));
    };
    // The group is one question: it is invalid as a whole, and the option that takes focus carries the message too.
    return html`<fieldset
      class="field choices"
      role=${type === 'radio' ? 'radiogroup' : nothing}
      aria-describedby=${describedBy}
      aria-invalid=${type === 'radio' ? invalid : nothing}
      aria-required=${type === 'radio' && item.mandatory ? 'true' : nothing}
    >
      <legend><bdi>${item.title}</bdi>${this._optional(item)}</legend>
      ${(item.values ?? []).map(
        (choice) =>
          html`<label class="check"
            ><input
              type=${type}
              name=${key}
              .value=${choice.value}
              .checked=${live(checked.includes(choice.value))}
              aria-invalid=${invalid}
              aria-describedby=${invalid === 'true' ? `${key}-error` : nothing}
              @change=${(event: Event) => toggle(choice.value, (event.target as HTMLInputElement).checked)}
            /><bdi>${choice.name}</bdi></label
          >`,
      )}
      ${notes}
    </fieldset>`;
  }

  override render() {
    const words = this._words;
    const total = this.pages.length;
    let index = 0;
    return this.pages.map(
      (page, number) =>
        html`<fieldset>
          <legend>${total > 1 ? words.questionsPart(number + 1, total) : words.questions}</legend>
          ${page.map((item) => this._item(item, `q${index++}`))}
        </fieldset>`,
    );
  }
}

defineElement('bw-intake-questions', IntakeQuestions);

/** The rules the questions are checked by, for a walk-in line's form, which keeps its errors itself (booking-steps.ts `answerChecks`). */
export { validateAnswers };

declare global {
  interface HTMLElementTagNameMap {
    'bw-intake-questions': IntakeQuestions;
  }
}
