/** Staff groups and resource groups: named, colored lists of members, stored as ids. */
import type { ResourceGroup, StaffGroup } from 'booking-widget-shared/types';
import type { Collection } from './collection.js';
import type { ResourceGroupRow, StaffGroupRow } from '../store/rows.js';
import type { CompanyScope } from '../store/scope.js';
import { readColor, readDescription, readIdList, readName, readWorkingHours } from '../validate/fields.js';
import { membersOf } from './members.js';
import { merge } from './merge.js';

const DEFAULT_COLOR = '#EFEFEF';

export const staffGroups: Collection<CompanyScope, StaffGroupRow> = {
  noun: 'staff group',
  rows: (scope) => scope.company.staffGroups,

  write(body, scope, previous, id) {
    const row = merge<StaffGroupRow>(previous ?? { id, name: '', color: DEFAULT_COLOR, memberIds: [] }, {
      name: readName(body, 'name', !previous),
      color: readColor(body),
      workingHours: readWorkingHours(body),
      memberIds: readIdList(body, 'members', scope.company.staff),
    });
    return { row };
  },

  toWire({ memberIds, ...group }, { company }, links): StaffGroup {
    const members = membersOf(memberIds, company.staff, ({ id, firstName, lastName }) => ({
      id,
      firstName,
      lastName,
      selfLink: `${links.company(company.record.id)}/staff/${id}`,
    }));
    return { ...group, members };
  },
};

export const resourceGroups: Collection<CompanyScope, ResourceGroupRow> = {
  noun: 'resource group',
  rows: (scope) => scope.company.resourceGroups,

  write(body, scope, previous, id) {
    const row = merge<ResourceGroupRow>(previous ?? { id, name: '', color: DEFAULT_COLOR, memberIds: [] }, {
      name: readName(body, 'name', !previous),
      description: readDescription(body),
      color: readColor(body),
      memberIds: readIdList(body, 'members', scope.company.resources),
    });
    return { row };
  },

  toWire({ memberIds, ...group }, { company }, links): ResourceGroup {
    const members = membersOf(memberIds, company.resources, ({ id, name }) => ({
      id,
      name,
      selfLink: `${links.company(company.record.id)}/resources/${id}`,
    }));
    return { ...group, members };
  },
};
