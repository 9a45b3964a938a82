import type { Collection } from './collection.js';
import type { ServiceResourceRow } from '../store/rows.js';
import type { CompanyScope } from '../store/scope.js';
import { readDescription, readExtendedProperties, readName } from '../validate/fields.js';
import { merge } from './merge.js';

/** Served under 2.1 only. The spec does not show its fields, so it has no effect on availability. */
export const serviceResources: Collection<CompanyScope, ServiceResourceRow> = {
  noun: 'service resource',
  rows: (scope) => scope.company.serviceResources,

  write(body, _scope, previous, id) {
    const row = merge<ServiceResourceRow>(previous ?? { id, name: '' }, {
      name: readName(body, 'name', !previous),
      description: readDescription(body),
      extendedProperties: readExtendedProperties(body),
    });
    return { row };
  },

  toWire: (row) => row,
};
