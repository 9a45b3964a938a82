import type { Collection } from './collection.js';
import type { ResourceRow } from '../store/rows.js';
import type { CompanyScope } from '../store/scope.js';
import { readDescription, readExtendedProperties, readName, readPicture, readWorkingHours } from '../validate/fields.js';
import { merge } from './merge.js';
import { DURATION } from './services.js';

export const resources: Collection<CompanyScope, ResourceRow> = {
  noun: 'resource',
  rows: (scope) => scope.company.resources,

  write(body, _scope, previous, id) {
    const row = merge<ResourceRow>(previous ?? { id, name: '', duration: 0, count: 1 }, {
      name: readName(body, 'name', !previous),
      description: readDescription(body),
      duration: body.integer('duration', { required: !previous, ...DURATION }),
      count: body.integer('count', { min: 1, max: 10_000 }),
      price: body.number('price', { min: 0, max: 1e9 }),
      picture: readPicture(body, 'picture'),
      workingHours: readWorkingHours(body),
      extendedProperties: readExtendedProperties(body),
    });
    return { row };
  },

  toWire: (resource) => resource,

  forget({ company }, resource) {
    for (const group of company.resourceGroups.values()) {
      group.memberIds = group.memberIds.filter((id) => id !== resource.id);
    }
  },
};
