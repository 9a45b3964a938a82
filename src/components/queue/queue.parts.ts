/** The parts of `<bw-queue>`: its own and the field errors of the questions it shows. */
export const QUEUE_PARTS = ['queue-action', 'place', 'notice', 'field-error'] as const;
