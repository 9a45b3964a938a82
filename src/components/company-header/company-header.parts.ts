/** The parts of `<bw-company-header>` (documented on the element). */
export const COMPANY_HEADER_PARTS = ['picture', 'name', 'description', 'welcome'] as const;
