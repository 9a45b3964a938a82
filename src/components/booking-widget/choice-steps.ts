/**
 * The steps before the calendar: a service, a staff member, or a resource and
 * how many of it. Rendering only: each choice is an action for the flow.
 */
import { html, nothing } from 'lit';
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

export function renderResourceStep(context: StepContext) {
  const { state, localizer, dispatch } = context;
  const { catalog, selection } = state;
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
      resource && (catalog.settings.maxIterations ?? 1) > 1
        ? // Defined by the time step's chunk, requested as the widget connects.
          html`<bw-duration-choice
            .localizer=${localizer}
            .unitMinutes=${resource.duration}
            .max=${catalog.settings.maxIterations}
            .value=${selection.iterations ?? 1}
            @bw-duration-select=${(event: DurationSelectEvent) => dispatch({ type: 'iterations', iterations: event.iterations })}
          ></bw-duration-choice>`
        : nothing
    }
    <div>
      <button type="button" class="button" part="continue" ?hidden=${!resource} @click=${() => dispatch({ type: 'next' })}>
        ${messages.continue}
      </button>
    </div>
  `;
}
