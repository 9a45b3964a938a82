import type { Step } from '../../booking/steps.js';

export interface StepChangeEventDetail {
  step: Step;
  previousStep: Step | undefined;
}

/** The visitor moved to another step of the booking. */
export class StepChangeEvent extends CustomEvent<StepChangeEventDetail> {
  constructor(detail: StepChangeEventDetail) {
    super('bw-step-change', { bubbles: true, composed: true, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'bw-step-change': StepChangeEvent;
  }
}
