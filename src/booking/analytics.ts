/**
 * What a booking looks like to the merchant's analytics: GA4's recommended
 * e-commerce events (`view_item_list`, `select_item`, `begin_checkout`, `purchase`,
 * `refund`) built from the catalog and the flow, never from what the visitor typed.
 * Pure data, so every company mode is tested in Node; the AnalyticsController sends
 * them. Nothing personal may reach here: no client, notes, answers or attribution.
 */
import type { Appointment, Resource, Service, Staff } from 'booking-widget-shared/types';
import type { Catalog } from './catalog.js';
import { servicesForStaff, staffForService } from './catalog.js';
import type { FlowState } from './flow.js';
import { chosen, memberId, staffName } from './selection.js';
import { Step } from './steps.js';

/** GA4's event names; the only ones sent. */
export const AnalyticsEventName = {
  ViewItemList: 'view_item_list',
  SelectItem: 'select_item',
  BeginCheckout: 'begin_checkout',
  Purchase: 'purchase',
  Refund: 'refund',
} as const;
export type AnalyticsEventName = (typeof AnalyticsEventName)[keyof typeof AnalyticsEventName];

/** What a list or an order holds, as GA4 names it. `item_category` is what kind of choice it is. */
export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  item_category: 'service' | 'staff' | 'resource' | 'location';
  /** The staff member who performs the service, on an order. */
  item_variant?: string;
  price?: number;
  quantity?: number;
  index?: number;
}

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  params: {
    item_list_id?: string;
    items: AnalyticsItem[];
    transaction_id?: string;
    value?: number;
    currency?: string;
  };
}

const serviceItem = (service: Service): AnalyticsItem => ({
  item_id: service.id,
  item_name: service.name,
  item_category: 'service',
  ...(typeof service.price === 'number' && { price: service.price }),
});
const staffItem = (member: Pick<Staff, 'id' | 'firstName' | 'lastName'>): AnalyticsItem => ({
  item_id: member.id,
  item_name: staffName(member),
  item_category: 'staff',
});
const resourceItem = (resource: Resource): AnalyticsItem => ({
  item_id: resource.id,
  item_name: resource.name,
  item_category: 'resource',
  ...(typeof resource.price === 'number' && { price: resource.price }),
});

/** A location of several, as its list shows it. */
export const locationItem = (id: string, name: string): AnalyticsItem => ({ item_id: id, item_name: name, item_category: 'location' });

/** The list a step shows (as choice-steps.ts filters it), or `undefined` on a step that shows none. */
export function listOf(state: FlowState): AnalyticsItem[] | undefined {
  const { catalog, selection, step } = state;
  const picked = chosen(catalog, selection);
  if (step === Step.Service) {
    const member = catalog.mode === 'staff-service' ? picked.staff : undefined;
    return (member ? servicesForStaff(member, catalog.services) : catalog.services).map(serviceItem);
  }
  if (step === Step.Staff) {
    const service = catalog.mode === 'service-staff' ? picked.service : undefined;
    return (service ? staffForService(service, catalog.staff) : catalog.staff).map(staffItem);
  }
  if (step === Step.Resource) return catalog.resources.map(resourceItem);
  return undefined;
}

/** `view_item_list` for a list shown; `listId` names the step (`service`, `staff`, `resource`, `location`). */
export const viewItemList = (listId: string, items: AnalyticsItem[]): AnalyticsEvent => ({
  name: AnalyticsEventName.ViewItemList,
  params: { item_list_id: listId, items: items.map((item, index) => ({ ...item, index })) },
});

export const selectItem = (item: AnalyticsItem): AnalyticsEvent => ({
  name: AnalyticsEventName.SelectItem,
  params: { item_list_id: item.item_category, items: [item] },
});

/** The service, staff member or resource `next` chose that `previous` had not: one at a time, as the visitor chooses. */
export function newChoice(previous: FlowState, next: FlowState): AnalyticsItem | undefined {
  const before = previous.selection;
  const after = next.selection;
  const picked = chosen(next.catalog, after);
  if (after.serviceId !== before.serviceId && picked.service) return serviceItem(picked.service);
  if (memberId(after.staff) !== memberId(before.staff) && picked.staff) return staffItem(picked.staff);
  if (after.resourceId !== before.resourceId && picked.resource) return resourceItem(picked.resource);
  return undefined;
}

/** What an order holds and costs: price × quantity × iterations, in the company's currency. */
function orderOf(catalog: Catalog, appointment: Pick<Appointment, 'service' | 'resource' | 'staff' | 'resourceCount' | 'iterationCount'>) {
  const service = appointment.service && catalog.services.find((s) => s.id === appointment.service!.id);
  const resource = appointment.resource && catalog.resources.find((r) => r.id === appointment.resource!.id);
  const quantity = resource ? (appointment.resourceCount ?? 1) * (appointment.iterationCount ?? 1) : 1;
  const base: AnalyticsItem = service
    ? serviceItem(service)
    : resource
      ? resourceItem(resource)
      : // Booked, but no longer in the lists: still one order, named by its id.
        {
          item_id: (appointment.service ?? appointment.resource)?.id ?? '',
          item_name: (appointment.service ?? appointment.resource)?.name ?? '',
          item_category: appointment.resource ? 'resource' : 'service',
        };
  const staff = appointment.staff && staffName(appointment.staff);
  const item: AnalyticsItem = { ...base, quantity, ...(staff && { item_variant: staff }) };
  const currency = catalog.company.currency;
  return {
    items: [item],
    ...(item.price !== undefined && { value: item.price * quantity }),
    ...(currency && { currency }),
  };
}

/** `begin_checkout`: a time was chosen for what the flow holds. */
export function beginCheckout(state: FlowState): AnalyticsEvent | undefined {
  const { catalog, selection } = state;
  const picked = chosen(catalog, selection);
  if (!picked.service && !picked.resource) return undefined;
  return {
    name: AnalyticsEventName.BeginCheckout,
    params: orderOf(catalog, {
      service: picked.service,
      resource: picked.resource,
      staff: picked.staff,
      resourceCount: selection.quantity,
      iterationCount: selection.iterations ?? 1,
    }),
  };
}

/** `purchase` (booked) or `refund` (cancelled in manage mode), named by the booking reference. */
export function order(
  name: typeof AnalyticsEventName.Purchase | typeof AnalyticsEventName.Refund,
  catalog: Catalog,
  appointment: Appointment,
): AnalyticsEvent {
  return { name, params: { transaction_id: appointment.reference, ...orderOf(catalog, appointment) } };
}
