/**
 * The steps before the calendar: a service, a staff member, or a resource and
 * how many of it. Rendering only; the element decides what a choice changes.
 */
import { html, nothing } from 'lit';
import type { Localizer } from '../../i18n/localizer.js';
import '../choice-list/choice-list.js';
import type { ChoiceGroup } from '../choice-list/choice-list.js';
import { type Catalog, servicesForStaff, staffForService } from './catalog.js';
import { resourceChoices, serviceChoices, staffChoices } from './choices.js';
import { type Selection, chosen } from './selection.js';

export interface ChoiceStepContext {
  catalog: Catalog;
  selection: Selection;
  localizer: Localizer;
  /** The resource came from the `resource-id` attribute: only its quantity is asked. */
  resourcePreselected: boolean;
  onService(id: string): void;
  onStaff(id: string): void;
  onResource(id: string): void;
  onQuantity(quantity: number): void;
  onContinue(): void;
}

function choiceList(localizer: Localizer, groups: ChoiceGroup[], value: string | undefined, label: string, onChoose: (id: string) => void) {
  if (!groups.some((group) => group.choices.length)) return html`<p>${localizer.messages.noChoices}</p>`;
  return html`<bw-choice-list
    exportparts="group, choice"
    .groups=${groups}
    .value=${value}
    label=${label}
    @change=${(event: Event) => onChoose((event.target as HTMLElement & { value: string }).value)}
  ></bw-choice-list>`;
}

export function renderServiceStep({ catalog, selection, localizer, onService }: ChoiceStepContext) {
  // In staff-service mode, only what the chosen staff member offers.
  const member = catalog.mode === 'staff-service' ? chosen(catalog, selection).staff : undefined;
  const services = member ? servicesForStaff(member, catalog.services) : catalog.services;
  const groups = serviceChoices(services, localizer, catalog.company.currency);
  return choiceList(localizer, groups, selection.serviceId, localizer.messages.steps.service, onService);
}

export function renderStaffStep({ catalog, selection, localizer, onStaff }: ChoiceStepContext) {
  // In service-staff mode, only who performs the chosen service, and "anyone".
  const service = chosen(catalog, selection).service;
  const serviceFirst = catalog.mode === 'service-staff';
  const staff = serviceFirst && service ? staffForService(service, catalog.staff) : catalog.staff;
  const groups = staffChoices(staff, localizer, serviceFirst);
  return choiceList(localizer, groups, selection.staffId, localizer.messages.steps.staff, onStaff);
}

export function renderResourceStep(context: ChoiceStepContext) {
  const { catalog, selection, localizer, resourcePreselected } = context;
  const { messages } = localizer;
  const resource = chosen(catalog, selection).resource;
  const count = resource?.count ?? 1;
  const onQuantity = (event: Event) => {
    const input = event.target as HTMLInputElement;
    const value = Math.round(Number(input.value));
    const quantity = Number.isFinite(value) ? Math.min(count, Math.max(1, value)) : 1;
    input.value = String(quantity);
    context.onQuantity(quantity);
  };
  return html`
    ${resourcePreselected
      ? nothing
      : choiceList(
          localizer,
          resourceChoices(catalog.resources, catalog.resourceGroups, localizer, catalog.company.currency),
          selection.resourceId,
          messages.steps.resource,
          context.onResource,
        )}
    ${resource && count > 1
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
      : nothing}
    <div>
      <button type="button" class="button" part="continue" ?hidden=${!resource} @click=${context.onContinue}>${messages.continue}</button>
    </div>
  `;
}
