/**
 * The company's view: its header, then what the widget does for it now: a visitor's
 * booking to manage or the walk-in line (`mode`), else its contact, the line's offer
 * and the booking steps. Once booked, the contact is the confirmation's (with the booking,
 * where the visitor looks for it), not said twice. Rendering only: the host hands over what it has.
 */
import { type TemplateResult, html, nothing } from 'lit';
import type { Localizer } from '../../i18n/localizer.js';
import { COMPANY_HEADER_PARTS } from '../company-header/company-header.parts.js';
import { exportParts } from '../shared/parts.js';
import { Step } from '../../booking/steps.js';
import type { StepContext } from './choice-steps.js';

export interface CompanyView {
  context: StepContext;
  localizer: Localizer;
  /** Manage mode's view or the whole walk-in line, shown instead of the steps. */
  mode: unknown;
  /** The walk-in line's offer above the steps. */
  offer: unknown;
  /** The steps' progress and the current step, or the fallback until their chunk is in. */
  steps: unknown;
}

export function renderCompany({ context, localizer, mode, offer, steps }: CompanyView): TemplateResult {
  const { catalog, step } = context.state;
  const { company, settings } = catalog;
  const contact =
    step === Step.Done ? nothing : html`<bw-company-contact .company=${company} .localizer=${localizer}></bw-company-contact>`;
  return html`
    <bw-company-header
      part="header"
      exportparts=${exportParts(COMPANY_HEADER_PARTS)}
      .company=${company}
      welcomeMessage=${settings.welcomeMessage ?? nothing}
    ></bw-company-header>
    ${mode ?? html`${contact}${offer} ${steps}`}
  `;
}
