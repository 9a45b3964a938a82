import { LitElement, type PropertyValues, html, nothing, type PropertyDeclarations } from 'lit';
import type { Localizer } from '../../i18n/localizer.js';
import { AnnounceEvent } from '../events/announce-event.js';
import { DetailsInputEvent } from '../events/details-input-event.js';
import { defineElement } from '../shared/define.js';
import { fieldStyles } from '../fields/field.styles.js';
import { baseStyles, buttonStyles } from '../shared/styles.js';
import { contactDirection, inNameOrder } from '../fields/text-fields.js';
import { detailsFormStyles } from './details-form.styles.js';
import { validateDetails } from '../../booking/validate-details.js';
import {
  type DetailsErrors,
  type DetailsField,
  type DetailsRules,
  EMPTY_DETAILS,
  type VisitorDetails,
} from '../../booking/visitor-details.js';

const AUTOCOMPLETE: Record<'firstName' | 'lastName' | 'email' | 'phone', string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phone: 'tel',
};

/**
 * @summary The visitor's name, email, phone, notes and consent, checked field by
 * field with messages tied to each field.
 *
 * @event bw-details-input - The visitor changed a field ({@link DetailsInputEvent}); the parent hands the details back as `value`.
 * @event submit - Every field is valid and the visitor asked to book.
 *
 * @slot questions - More questions, after the contact fields: each one with a `report(focus)` method is checked on submit,
 *   and one with a `focusInvalid()` method (resolving true when it focused something) is asked for focus after the service refused an answer.
 *
 * @csspart field-error - The message under a field that needs correcting.
 * @csspart submit - The booking button.
 */
export class DetailsForm extends LitElement {
  static override styles = [baseStyles, buttonStyles, fieldStyles, detailsFormStyles];
  static override properties: PropertyDeclarations = {
    _errors: { state: true, attribute: false },
    _edited: { state: true, attribute: false },
    localizer: { attribute: false },
    value: { attribute: false },
    rules: { attribute: false },
    privacyPolicyUrl: {},
    errors: { attribute: false },
    alert: {},
    busy: { type: Boolean },
  };

  /** Errors from checking the form here; `errors` from the service are merged in. */
  private _errors: DetailsErrors = {};
  /** After a first submit, fields are re-checked as the visitor corrects them. */
  private _submitted = false;
  /** Fields changed since the service's `errors` came: its message about them no longer applies. */
  private _edited: ReadonlySet<DetailsField> = new Set();
  /**
   * Changes sent up that the parent has not handed back yet: autofill, then a password
   * manager's submit, can come in one task, before the parent renders. They are shown,
   * checked and submitted with the rest until `value` brings them.
   */
  private _unconfirmed: Partial<VisitorDetails> = {};

  localizer!: Localizer;

  /** What the visitor typed (or what the page prefilled). */
  value: VisitorDetails = EMPTY_DETAILS;

  rules: DetailsRules = { phone: 'optional', notes: 'optional', consentRequired: false };

  /** Link for the consent checkbox; consent is asked for only when set. */
  privacyPolicyUrl: string | undefined;

  /** Errors the service reported for particular fields. */
  errors: DetailsErrors = {};

  /** A message about the booking as a whole (it failed and may be retried). */
  alert = '';

  /** The booking is being sent: the button is busy and further submits do nothing. */
  busy = false;

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('errors')) this._edited = new Set();
    if (changed.has('value')) this._unconfirmed = {};
    // After a first submit, the fields are checked again as the corrections come.
    if (this._submitted) this._errors = validateDetails(this._typed, this.rules, this.localizer.messages);
  }

  /**
   * What the visitor typed: `value`, and what is on its way back into it. The fields bind it
   * as plain properties (no `live()`): each input is handed back and drawn before the next, so
   * what was last drawn is what the field holds, and the directive's 500 bytes stay in the
   * intake questions' chunk.
   */
  private get _typed(): VisitorDetails {
    return { ...this.value, ...this._unconfirmed };
  }

  private get _allErrors(): DetailsErrors {
    const service = Object.fromEntries(Object.entries(this.errors).filter(([field]) => !this._edited.has(field as DetailsField)));
    return { ...service, ...this._errors };
  }

  private _onInput(field: DetailsField, event: Event) {
    // The native event stops here: the form says which field changed, and the parent hands the details back as `value`.
    event.stopPropagation();
    const input = event.target as HTMLInputElement;
    const typed = input.type === 'checkbox' ? input.checked : input.value;
    this._unconfirmed = { ...this._unconfirmed, [field]: typed };
    // Sent before this element asks to render again, so the parent's update (with the new `value`) comes first.
    this.dispatchEvent(new DetailsInputEvent(field, typed));
    if (this.errors[field]) this._edited = new Set([...this._edited, field]);
    else if (this._submitted) this.requestUpdate();
  }

  private _onSubmit(event: SubmitEvent) {
    event.preventDefault();
    if (this.busy) return;
    this._submitted = true;
    this._errors = validateDetails(this._typed, this.rules, this.localizer.messages);
    const invalid = Object.keys(this._allErrors).filter((field) => this._allErrors[field as DetailsField]);
    // The slotted questions show their own errors, and take focus when every contact field is right.
    let more = 0;
    for (const element of this.renderRoot.querySelector('slot')?.assignedElements() ?? []) {
      const questions = element as Element & { report?: (focus: boolean) => number };
      more += questions.report?.(invalid.length + more === 0) ?? 0;
    }
    if (invalid.length + more) {
      const { localizer } = this;
      this.dispatchEvent(new AnnounceEvent(localizer.plural(localizer.messages.fixErrors, invalid.length + more), 'assertive'));
      if (invalid.length) void this.focusInvalid();
      return;
    }
    this.dispatchEvent(new Event('submit', { bubbles: true }));
  }

  /**
   * Enter in a slotted question submits, as in the contact fields: the browser's implicit
   * submission stops at the question's own shadow root.
   */
  private _onKeydown(event: KeyboardEvent) {
    const field = event.composedPath()[0] as HTMLInputElement;
    if (
      event.key !== 'Enter' ||
      field.tagName !== 'INPUT' ||
      field.getRootNode() === this.renderRoot ||
      /^(checkbox|radio)$/.test(field.type)
    )
      return;
    event.preventDefault();
    this.renderRoot.querySelector('form')?.requestSubmit();
  }

  /** " (optional)", its space in a string: the build's template minifier drops whitespace between bindings. */
  private _optional() {
    const { messages } = this.localizer;
    return html`<span class="optional">${messages.aside(messages.optional)}</span>`;
  }

  private _renderText(field: 'firstName' | 'lastName' | 'email' | 'phone', type: string, required: boolean) {
    const error = this._allErrors[field];
    const { messages } = this.localizer;
    return html`<div class="field">
      <label for=${field}> ${messages[field]}${required ? nothing : this._optional()} </label>
      <input
        id=${field}
        name=${field}
        type=${type}
        dir=${contactDirection(type) ?? nothing}
        autocomplete=${AUTOCOMPLETE[field]}
        ?required=${required}
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${`${field}-error`}
        .value=${this._typed[field]}
        @input=${(event: Event) => this._onInput(field, event)}
      />
      <p id=${`${field}-error`} class="error" part="field-error">${error ?? ''}</p>
    </div>`;
  }

  private _renderNotes() {
    const { notes } = this.rules;
    if (notes === 'hidden') return nothing;
    const error = this._allErrors.notes;
    const { messages } = this.localizer;
    return html`<div class="field">
      <label for="notes"> ${messages.notes}${notes === 'required' ? nothing : this._optional()} </label>
      <textarea
        id="notes"
        name="notes"
        rows="3"
        ?required=${notes === 'required'}
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby="notes-error"
        .value=${this._typed.notes}
        @input=${(event: Event) => this._onInput('notes', event)}
      ></textarea>
      <p id="notes-error" class="error" part="field-error">${error ?? ''}</p>
    </div>`;
  }

  private _renderConsent() {
    if (!this.rules.consentRequired || !this.privacyPolicyUrl) return nothing;
    const { messages } = this.localizer;
    const error = this._allErrors.consent;
    const [before, after] = messages.consent.split('{policy}');
    return html`<div class="field">
      <label class="consent">
        <input
          type="checkbox"
          name="consent"
          required
          aria-invalid=${error ? 'true' : 'false'}
          aria-describedby="consent-error"
          .checked=${this._typed.consent}
          @input=${(event: Event) => this._onInput('consent', event)}
        />
        <span
          >${before}<a href=${this.privacyPolicyUrl} target="_blank" rel="noopener noreferrer">${messages.privacyPolicy}</a>${after}</span
        >
      </label>
      <p id="consent-error" class="error" part="field-error">${error ?? ''}</p>
    </div>`;
  }

  /** Asks to book as the button does, every field checked first: a time offered after one was taken books with one key press. */
  submit(): void {
    this.renderRoot.querySelector('form')?.requestSubmit();
  }

  /** Focuses the first field to correct, its own or then a slotted question's, once every message shows. */
  async focusInvalid(): Promise<void> {
    await this.updateComplete;
    const own = this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (own) return own.focus();
    for (const element of this.renderRoot.querySelector('slot')?.assignedElements() ?? []) {
      if (await (element as Element & { focusInvalid?: () => Promise<boolean> }).focusInvalid?.()) return;
    }
  }

  override render() {
    const { messages } = this.localizer;
    const { phone } = this.rules;
    return html`<form novalidate @submit=${this._onSubmit} @keydown=${this._onKeydown}>
      <div class="names">
        ${inNameOrder(messages, this._renderText('firstName', 'text', true), this._renderText('lastName', 'text', true))}
      </div>
      ${this._renderText('email', 'email', true)} ${phone === 'hidden' ? nothing : this._renderText('phone', 'tel', phone === 'required')}
      ${this._renderNotes()} ${this._renderConsent()}
      <slot name="questions"></slot>
      <div class="alert" role="alert">${this.alert}</div>
      <div class="actions">
        <button type="submit" class="button" part="submit" aria-disabled=${this.busy ? 'true' : 'false'}>
          ${this.busy ? messages.booking : messages.book}
        </button>
      </div>
      ${this.busy ? html`<p class="slow" role="status">${messages.slowAnswer}</p>` : nothing}
    </form>`;
  }
}

defineElement('bw-details-form', DetailsForm);

declare global {
  interface HTMLElementTagNameMap {
    'bw-details-form': DetailsForm;
  }
}
