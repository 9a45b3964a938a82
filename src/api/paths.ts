/**
 * Every path the adapter calls, in one table that follows docs/service-contract.md §1.
 * Versions are the ones the contract gives each family; ids are URL-encoded, so
 * an externalId with any characters stays one path segment.
 */

const SCHEDULING_2_0 = '/api/2.0/scheduling';
const SCHEDULING_2_1 = '/api/2.1/scheduling';

const segment = (id: string): string => {
  if (typeof id !== 'string' || id === '') throw new TypeError(`Expected a non-empty id, got ${JSON.stringify(id)}.`);
  return encodeURIComponent(id);
};

const company = (companyId: string) => `/companies/${segment(companyId)}`;

export const paths = {
  company: (companyId: string) => `${SCHEDULING_2_1}${company(companyId)}`,
  services: (companyId: string) => `${SCHEDULING_2_1}${company(companyId)}/services`,
  staff: (companyId: string) => `${SCHEDULING_2_1}${company(companyId)}/staff`,
  resources: (companyId: string) => `${SCHEDULING_2_1}${company(companyId)}/resources`,
  appointments: (companyId: string) => `${SCHEDULING_2_1}${company(companyId)}/appointments`,
  staffGroups: (companyId: string) => `${SCHEDULING_2_0}${company(companyId)}/staffGroups`,
  resourceGroups: (companyId: string) => `${SCHEDULING_2_1}${company(companyId)}/resourceGroups`,
  freeSlots: (companyId: string) => `${SCHEDULING_2_0}${company(companyId)}/widget/freeSlots`,
  nextSlots: (companyId: string) => `${SCHEDULING_2_0}${company(companyId)}/widget/nextSlots`,
  clients: () => '/api/2.0/clients',
  /** Intake questions (service contract §11), with `companyId` in the query. */
  forms: () => '/api/2.3/forms',
} as const;
