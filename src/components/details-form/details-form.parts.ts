/** The parts of `<bw-details-form>` (documented on the element). */
export const DETAILS_FORM_PARTS = ['field-error', 'submit'] as const;
