/** The parts of `<bw-choice-list>` (documented on the element). */
export const CHOICE_LIST_PARTS = ['group', 'choice'] as const;
