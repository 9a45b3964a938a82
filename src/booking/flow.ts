/**
 * The booking flow as a reducer: `(state, action) → state`, no DOM and no I/O, so
 * every company mode is tested with plain data (test/node/booking-flow.test.ts).
 * The widget's FlowController holds the state, sends it actions, and turns what
 * changed into focus moves and events.
 */
import type { CalendarDate } from 'booking-widget-shared/calendar-date';
import { instantToWallClock } from 'booking-widget-shared/zone';
import type { Form } from 'booking-widget-shared/form-types';
import type { Appointment } from 'booking-widget-shared/types';
import { type Catalog, servicesForStaff, staffForService } from './catalog.js';
import type { Preselected } from './preselection.js';
import { type Selection, type StaffChoice, chosen, memberId } from './selection.js';
import { Step, stepsFor } from './steps.js';

export interface FlowState {
  readonly catalog: Catalog;
  /** The page's preselections that the company offers: their steps are skipped, and a restart keeps them. */
  readonly preselected: Preselected;
  /** The steps of this company's mode, minus the preselected ones. */
  readonly steps: readonly Step[];
  readonly step: Step;
  readonly selection: Selection;
  /** The zone the visitor switched the times to; until then the page's `display-time-zone` decides. */
  readonly chosenZone?: string | undefined;
  /** The appointment made, on the last step. */
  readonly appointment?: Appointment | undefined;
  /**
   * The time chosen was just taken, on the step the visitor is on: the time step says so; the
   * details step offers the nearest free times (the AlternativesController's, in the booking chunk).
   */
  readonly slotTaken: boolean;
  /** The company's intake forms (§11): `undefined` until loaded, `null` when loading them failed. */
  readonly forms?: readonly Form[] | null | undefined;
  /** The visitor's answers to them, by item id: they survive failures, as the contact fields do. */
  readonly answers?: Readonly<Record<string, string>> | undefined;
}

export type FlowAction =
  | { type: 'choose-service'; serviceId: string }
  | { type: 'choose-staff'; staff: StaffChoice }
  | { type: 'choose-resource'; resourceId: string }
  | { type: 'quantity'; quantity: number }
  /** How many consecutive durations of the resource (service contract §13). */
  | { type: 'iterations'; iterations: number }
  /** A day chosen in the calendar (display zone): its times show, none of them chosen yet. */
  | { type: 'choose-day'; day: CalendarDate }
  /** A time chosen, with the day it was shown on. */
  | { type: 'time'; day: CalendarDate | undefined; slot: number | undefined }
  | { type: 'zone'; timeZone: string }
  | { type: 'go-to'; step: Step }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'restart' }
  | { type: 'slot-taken' }
  | { type: 'booked'; appointment: Appointment }
  /** The company's intake forms arrived (`null`: they could not be loaded; `undefined`: ask again). */
  | { type: 'forms'; forms: readonly Form[] | null | undefined }
  | { type: 'answer'; id: string; value: string }
  /** More of the company's lists arrived (the ones the first screen did not need). */
  | { type: 'catalog'; catalog: Catalog };

const initialSelection = ({ serviceId, staffId, resourceId, day }: Preselected): Selection => ({
  quantity: 1,
  // A link's day (`bw_date`) only when there is one: a fresh selection has no day key.
  ...(day && { day }),
  serviceId,
  staff: staffId === undefined ? undefined : { kind: 'member', id: staffId },
  resourceId,
});

/** Whether the flow is where times are offered instead of a taken one: on the details step, the time just taken and none chosen since. */
export function offering({ step, slotTaken, selection }: FlowState): boolean {
  return step === Step.Details && slotTaken && selection.slot === undefined;
}

/** `locations`: the widget has several; this catalog is the one the visitor chose, so the flow opens on the step after. */
export function startFlow(catalog: Catalog, preselected: Preselected, locations = false): FlowState {
  const resource = catalog.resources.find((r) => r.id === preselected.resourceId);
  const steps = stepsFor(catalog.mode, {
    service: Boolean(preselected.serviceId),
    staff: Boolean(preselected.staffId),
    resource: Boolean(preselected.resourceId),
    // The resource step also asks how long when the merchant allows more than one duration.
    resourceNeedsQuantity: (resource?.count ?? 1) > 1 || (catalog.settings.maxIterations ?? 1) > 1,
    locations,
  });
  return { catalog, preselected, steps, step: steps[locations ? 1 : 0]!, selection: initialSelection(preselected), slotTaken: false };
}

export function reduceFlow(state: FlowState, action: FlowAction): FlowState {
  const { catalog, selection } = state;
  switch (action.type) {
    case 'choose-service': {
      const service = catalog.services.find((s) => s.id === action.serviceId);
      if (!service) return state;
      // A staff member chosen before stays only if they perform the new service.
      const staffId = memberId(selection.staff);
      const staffFits = staffId === undefined || staffForService(service, catalog.staff).some((s) => s.id === staffId);
      return move(select(state, { serviceId: service.id, staff: staffFits ? selection.staff : undefined }), 1);
    }
    case 'choose-staff': {
      const id = memberId(action.staff);
      const member = id === undefined ? undefined : catalog.staff.find((s) => s.id === id);
      if (id !== undefined && !member) return state;
      // In staff-service mode, a service chosen before stays only if the new staff member offers it.
      const { serviceId } = selection;
      const serviceFits =
        !serviceId ||
        !member ||
        catalog.mode !== 'staff-service' ||
        servicesForStaff(member, catalog.services).some((s) => s.id === serviceId);
      return move(select(state, { staff: action.staff, serviceId: serviceFits ? serviceId : undefined }), 1);
    }
    case 'choose-resource':
      if (!catalog.resources.some((r) => r.id === action.resourceId)) return state;
      return select(state, { resourceId: action.resourceId, quantity: 1 });
    case 'quantity': {
      const count = chosen(catalog, selection).resource?.count ?? 1;
      const quantity = Number.isFinite(action.quantity) ? Math.min(count, Math.max(1, Math.round(action.quantity))) : 1;
      return select(state, { quantity });
    }
    case 'iterations': {
      const iterations = Math.min(catalog.settings.maxIterations ?? 1, Math.max(1, action.iterations | 0));
      // Another length has other free starts: a time chosen for the old one is chosen again.
      return iterations === (selection.iterations ?? 1) ? state : select(state, { iterations, slot: undefined });
    }
    case 'choose-day':
      return select(state, { day: action.day, slot: undefined });
    case 'time':
      // Another time chosen on the time step answers "that time was just taken" there; the details step's own
      // offer of times keeps its notice while its choice books.
      return select(state.step === Step.Time ? { ...state, slotTaken: false } : state, { day: action.day, slot: action.slot });
    case 'zone': {
      // The chosen time stays; its day is read again in the new zone.
      const { slot } = selection;
      const day = slot === undefined ? selection.day : instantToWallClock(slot, action.timeZone).date;
      return { ...select(state, { day }), chosenZone: action.timeZone };
    }
    case 'go-to':
      // Back to a step already passed (the progress list); forward only through the flow's own actions.
      return state.steps.indexOf(action.step) >= 0 && state.steps.indexOf(action.step) < state.steps.indexOf(state.step)
        ? goTo(state, action.step)
        : state;
    case 'next':
      return move(state, 1);
    case 'back':
      return state.step === Step.Done ? state : move(state, -1);
    case 'restart':
      return {
        ...goTo(state, state.steps[0]!),
        selection: initialSelection(state.preselected),
        appointment: undefined,
        answers: undefined,
      };
    case 'forms':
      return { ...state, forms: action.forms };
    case 'answer':
      return { ...state, answers: { ...state.answers, [action.id]: action.value } };
    case 'slot-taken':
      // The visitor stays where they were, everything typed kept: on the details step they are offered the nearest free times (#24).
      return { ...select(state, { slot: undefined }), slotTaken: true };
    case 'booked':
      return { ...goTo(state, Step.Done), appointment: action.appointment };
    case 'catalog':
      return { ...state, catalog: action.catalog };
  }
}

function select(state: FlowState, changes: Partial<Selection>): FlowState {
  return { ...state, selection: { ...state.selection, ...changes } };
}

function goTo(state: FlowState, step: Step): FlowState {
  // A time just taken is news only on the step where it was taken.
  return { ...state, step, slotTaken: step === state.step && state.slotTaken };
}

function move(state: FlowState, by: 1 | -1): FlowState {
  const next = state.steps[state.steps.indexOf(state.step) + by];
  return next ? goTo(state, next) : state;
}
