import type { Staff } from 'booking-widget-shared/types';
import type { Collection } from './collection.js';
import type { CompanyRow, StaffRow } from '../store/rows.js';
import type { CompanyScope } from '../store/scope.js';
import {
  readDescription,
  readExtendedProperties,
  readIdList,
  readName,
  readPicture,
  readVacations,
  readWorkingHours,
} from '../validate/fields.js';
import { merge } from './merge.js';

/** Who performs a service is stored on the service; this sets it from the staff member's side. */
function setServices(company: CompanyRow, staffId: string, serviceIds: string[]): void {
  for (const service of company.services.values()) {
    const performs = service.staffIds.includes(staffId);
    if (serviceIds.includes(service.id) && !performs) service.staffIds = [...service.staffIds, staffId];
    if (!serviceIds.includes(service.id) && performs) service.staffIds = service.staffIds.filter((id) => id !== staffId);
  }
}

export const staff: Collection<CompanyScope, StaffRow> = {
  noun: 'staff member',
  rows: (scope) => scope.company.staff,

  write(body, scope, previous, id) {
    const row = merge<StaffRow>(previous ?? { id, firstName: '', lastName: '', availableForWidget: true }, {
      firstName: readName(body, 'firstName', !previous),
      lastName: readName(body, 'lastName', !previous),
      description: readDescription(body),
      picture: readPicture(body, 'picture'),
      workingHours: readWorkingHours(body),
      vacations: readVacations(body),
      availableForWidget: body.boolean('availableForWidget'),
      extendedProperties: readExtendedProperties(body),
    });
    const serviceIds = readIdList(body, 'services', scope.company.services);
    return { row, apply: serviceIds && (() => setServices(scope.company, row.id, serviceIds)) };
  },

  toWire(member, scope): Staff {
    const services = [...scope.company.services.values()]
      .filter((service) => service.staffIds.includes(member.id))
      .map((service) => ({ id: service.id, name: service.name }));
    return { ...member, services };
  },

  forget({ company }, member) {
    setServices(company, member.id, []);
    for (const group of company.staffGroups.values()) group.memberIds = group.memberIds.filter((id) => id !== member.id);
  },
};
