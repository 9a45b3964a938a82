import type { Service } from 'booking-widget-shared/types';
import type { Collection } from './collection.js';
import type { ServiceRow } from '../store/rows.js';
import type { CompanyScope } from '../store/scope.js';
import { readColor, readDescription, readExtendedProperties, readIdList, readName, readPicture } from '../validate/fields.js';
import { membersOf } from './members.js';
import { merge } from './merge.js';

/** Durations and buffers up to a day, in minutes. */
export const DURATION = { min: 1, max: 1440 } as const;

export const services: Collection<CompanyScope, ServiceRow> = {
  noun: 'service',
  rows: (scope) => scope.company.services,

  write(body, scope, previous, id) {
    const row = merge<ServiceRow>(previous ?? { id, name: '', duration: 0, staffIds: [] }, {
      name: readName(body, 'name', !previous),
      description: readDescription(body),
      duration: body.integer('duration', { required: !previous, ...DURATION }),
      bufferDuration: body.integer('bufferDuration', { min: 0, max: DURATION.max }),
      price: body.number('price', { min: 0, max: 1e9 }),
      color: readColor(body),
      picture: readPicture(body, 'picture'),
      availability: body.string('availability', { max: 64 }),
      extendedProperties: readExtendedProperties(body),
      staffIds: readIdList(body, 'staff', scope.company.staff),
    });
    return { row };
  },

  toWire({ staffIds, ...service }, scope): Service {
    const staff = membersOf(staffIds, scope.company.staff, ({ id, firstName, lastName }) => ({ id, firstName, lastName }));
    return { ...service, staff };
  },
};
