/** Services, staff and resources as the choice list shows them. */
import type { Resource, ResourceGroup, Service, Staff } from 'booking-widget-shared/types';
import { ANYONE, type StaffChoice, staffName } from '../../booking/selection.js';
import type { Localizer } from '../../i18n/localizer.js';
import type { Choice, ChoiceGroup } from '../choice-list/choice-list.js';

/**
 * The choice list's key for a staff choice. Members are keyed in their own
 * namespace, so no staff id (not even "anyone") can be mistaken for "anyone".
 */
export const staffKey = (choice: StaffChoice | undefined): string | undefined =>
  choice && (choice.kind === 'anyone' ? '*' : `member:${choice.id}`);

export const staffChoiceOf = (key: string): StaffChoice => (key === '*' ? ANYONE : { kind: 'member', id: key.slice('member:'.length) });

function facts(localizer: Localizer, duration: number | undefined, price: number | undefined, currency?: string) {
  const details: string[] = [];
  if (duration) details.push(localizer.duration(duration));
  if (typeof price === 'number') details.push(localizer.price(price, currency));
  return details;
}

export function serviceChoices(services: readonly Service[], localizer: Localizer, currency?: string): ChoiceGroup[] {
  return [
    {
      title: '',
      choices: services.map((service) => ({
        id: service.id,
        title: service.name,
        details: facts(localizer, service.duration, service.price, currency),
        description: service.description,
        picture: service.picture?.url,
      })),
    },
  ];
}

export function staffChoices(staff: readonly Staff[], localizer: Localizer, offerAnyone: boolean): ChoiceGroup[] {
  const people: Choice[] = staff.map((member) => ({
    id: staffKey({ kind: 'member', id: member.id })!,
    title: staffName(member),
    description: member.description,
    picture: member.picture?.url,
  }));
  const anyone: Choice = { id: staffKey(ANYONE)!, title: localizer.messages.anyone, description: localizer.messages.anyoneDescription };
  return [{ title: '', choices: offerAnyone && people.length > 1 ? [anyone, ...people] : people }];
}

/** Resources by resource group, in the groups' order; resources in no group come last. */
export function resourceChoices(
  resources: readonly Resource[],
  groups: readonly ResourceGroup[],
  localizer: Localizer,
  currency?: string,
): ChoiceGroup[] {
  const toChoice = (resource: Resource): Choice => ({
    id: resource.id,
    title: resource.name,
    details: facts(localizer, resource.duration, resource.price, currency),
    description: resource.description,
    picture: resource.picture?.url,
  });
  const byId = new Map(resources.map((resource) => [resource.id, resource]));
  const placed = new Set<string>();
  const result: ChoiceGroup[] = [];
  for (const group of groups) {
    const members = group.members.map((member) => byId.get(member.id)).filter((r): r is Resource => Boolean(r));
    if (!members.length) continue;
    members.forEach((member) => placed.add(member.id));
    result.push({ title: group.name, choices: members.map(toChoice) });
  }
  const rest = resources.filter((resource) => !placed.has(resource.id));
  if (rest.length) result.push({ title: result.length ? localizer.messages.otherResources : '', choices: rest.map(toChoice) });
  return result;
}
