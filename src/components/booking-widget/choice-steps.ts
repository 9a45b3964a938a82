/**
 * The steps before the calendar: a service, a staff member, or a resource and
 * how many of it. Rendering only: each choice is an action for the flow.
 */
import { type ReactiveControllerHost, type TemplateResult, html, nothing } from 'lit';
import { servicesForStaff, staffForService } from '../../booking/catalog.js';
import type { FlowAction, FlowState } from '../../booking/flow.js';
import { chosen } from '../../booking/selection.js';
import type { Localizer } from '../../i18n/localizer.js';
import type { ChoiceGroup } from '../choice-list/choice-list.js';
import { CHOICE_LIST_PARTS } from '../choice-list/choice-list.parts.js';
import type { ChoiceSelectEvent } from '../events/choice-select-event.js';
import type { DurationSelectEvent } from '../events/duration-select-event.js';
import { exportParts } from '../shared/parts.js';
import { resourceChoices, serviceChoices, staffChoiceOf, staffChoices, staffKey } from './choices.js';

export interface StepContext {
  state: FlowState;
  localizer: Localizer;
  dispatch(action: FlowAction): void;
  /** The state after the last action (`state` is the one this render started from). */
  getState(): FlowState;
}

/** Whether the company lets a resource be booked for several of its durations back to back (service contract §13). */
const severalDurations = (state: FlowState | undefined) => (state?.catalog.settings.maxIterations ?? 1) > 1;

/** Set once `<bw-duration-choice>` is defined. */
let durationChoice: Promise<unknown> | undefined | true;

/**
 * "How long?" (`<bw-duration-choice>`) is a chunk of its own (issue 28: most companies book one duration): asked for as
 * soon as the company's settings allow several, whatever the step, so it is in before the visitor reaches the resource
 * step, which waits for it (a step without its "How long?" would book one duration). Made with the time step's controller.
 */
export function askDurationChoice(host: ReactiveControllerHost, flow: { readonly state: FlowState | undefined }): void {
  host.addController({
    hostUpdate: () => {
      if (severalDurations(flow.state))
        durationChoice ??= import('../duration-choice/duration-choice.js').then(
          () => ((durationChoice = true), host.requestUpdate()),
          () => (durationChoice = undefined),
        );
    },
  });
}

function choiceList(localizer: Localizer, groups: ChoiceGroup[], value: string | undefined, label: string, onChoose: (id: string) => void) {
  if (!groups.some((group) => group.choices.length)) return html`<p>${localizer.messages.noChoices}</p>`;
  return html`<bw-choice-list
    exportparts=${exportParts(CHOICE_LIST_PARTS)}
    .groups=${groups}
    .value=${value}
    label=${label}
    @bw-choice-select=${(event: ChoiceSelectEvent) => onChoose(event.value)}
  ></bw-choice-list>`;
  // Defined by the step elements' chunk, which the first screen waits for (lazy-parts.ts).
}

export function renderServiceStep({ state, localizer, dispatch }: StepContext) {
  const { catalog, selection } = state;
  // In staff-service mode, only what the chosen staff member offers.
  const member = catalog.mode === 'staff-service' ? chosen(catalog, selection).staff : undefined;
  const services = member ? servicesForStaff(member, catalog.services) : catalog.services;
  const groups = serviceChoices(services, localizer, catalog.company.currency);
  return choiceList(localizer, groups, selection.serviceId, localizer.messages.steps.service, (serviceId) =>
    dispatch({ type: 'choose-service', serviceId }),
  );
}

export function renderStaffStep({ state, localizer, dispatch }: StepContext) {
  const { catalog, selection } = state;
  // In service-staff mode, only who performs the chosen service, and "anyone".
  const service = chosen(catalog, selection).service;
  const serviceFirst = catalog.mode === 'service-staff';
  const staff = serviceFirst && service ? staffForService(service, catalog.staff) : catalog.staff;
  const groups = staffChoices(staff, localizer, serviceFirst);
  return choiceList(localizer, groups, staffKey(selection.staff), localizer.messages.steps.staff, (key) =>
    dispatch({ type: 'choose-staff', staff: staffChoiceOf(key) }),
  );
}

/**
 * `fallback` stands for "How long?" until it is defined, where the company has one: the resources show at once, and
 * Continue waits for it (a step without its "How long?" would book one duration).
 */
export function renderResourceStep(context: StepContext, fallback: TemplateResult) {
  const { state, localizer, dispatch } = context;
  const { catalog, selection } = state;
  const durationsReady = !severalDurations(state) || durationChoice === true;
  const { messages } = localizer;
  const resource = chosen(catalog, selection).resource;
  const count = resource?.count ?? 1;
  const onQuantity = (event: Event) => {
    const input = event.target as HTMLInputElement;
    dispatch({ type: 'quantity', quantity: Number(input.value) });
    // The flow keeps the quantity within what can be booked; the field shows what it kept, even where nothing changed.
    input.value = String(context.getState().selection.quantity);
  };
  return html`
    ${
      state.preselected.resourceId
        ? nothing
        : choiceList(
            localizer,
            resourceChoices(catalog.resources, catalog.resourceGroups, localizer, catalog.company.currency),
            selection.resourceId,
            messages.steps.resource,
            (resourceId) => dispatch({ type: 'choose-resource', resourceId }),
          )
    }
    ${
      resource && count > 1
        ? html`<div class="quantity">
            <label for="quantity">${messages.quantity}</label>
            <input
              id="quantity"
              type="number"
              inputmode="numeric"
              min="1"
              max=${count}
              .value=${String(Math.min(selection.quantity, count))}
              aria-describedby="quantity-hint"
              @change=${onQuantity}
            />
            <span id="quantity-hint" class="hint">${localizer.plural(messages.unitsAvailable, count)}</span>
          </div>`
        : nothing
    }
    ${
      !resource || !severalDurations(state)
        ? nothing
        : durationsReady
          ? html`<bw-duration-choice
              .localizer=${localizer}
              .unitMinutes=${resource.duration}
              .max=${catalog.settings.maxIterations}
              .value=${selection.iterations ?? 1}
              @bw-duration-select=${(event: DurationSelectEvent) => dispatch({ type: 'iterations', iterations: event.iterations })}
            ></bw-duration-choice>`
          : fallback
    }
    <div>
      <button
        type="button"
        class="button"
        part="continue"
        ?hidden=${!resource || !durationsReady}
        @click=${() => dispatch({ type: 'next' })}
      >
        ${messages.continue}
      </button>
    </div>
  `;
}
