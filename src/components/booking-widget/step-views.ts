/**
 * The steps' views and the time step's controller, with the steps' elements: one lazy
 * chunk, asked for as the widget connects (lazy-parts.ts). The host renders a step once
 * it is in.
 */
import './step-elements.js';
import type { ReactiveElement } from 'lit';
import type { Announcer } from '../shared/announcer.js';
import type { LocaleController } from '../../i18n/locale-controller.js';
import type { FlowAction, FlowState } from '../../booking/flow.js';
import { type TimeDependencies, TimeController } from './time-controller.js';
import { type CatalogRefreshHost, refreshCatalog } from './catalog-refresh.js';
import { askDurationChoice } from './choice-steps.js';
import { warmFonts } from './warm-fonts.js';
import { warmUp as warmFormatters } from '../../i18n/warm-up.js';
import type { Localizer } from '../../i18n/localizer.js';
import { timeStepWarmUps } from './warm-time-step.js';

export { TimeController };
export { AutoColors } from './auto-colors.js';
export { renderResourceStep, renderServiceStep, renderStaffStep } from './choice-steps.js';
export { renderProgress, renderStep } from './step-shell.js';
export { renderTimeStep } from './time-view.js';
export { adoptStepStyles } from './step-styles.js';

/**
 * While the widget waits for its first answer: a time step drawn unseen (warm-time-step.ts), then the first
 * screen's formatters (warm-up.ts), a task each; `done`: the answer is in, what is left of the step is skipped.
 */
export function warmUp(localizer: Localizer, now: number, root: Node, done: () => boolean): void {
  warmFormatters(localizer, now, timeStepWarmUps(root, localizer, now, done));
}

/** Attributes any element may carry, beside the widget's own. */
const EVERY_ELEMENT =
  /^(id|class|style|slot|part|exportparts|lang|dir|hidden|inert|title|tabindex|role|nonce|is|autofocus|translate|popover)$|^(data|aria|on)-?/;

/**
 * A misspelt attribute (`compnay-id`) is silently ignored by the browser, and in React and Solid
 * TypeScript lets any hyphenated attribute through: say so on the console, in every framework. Here,
 * in a chunk every widget loads at once, so the script-tag bundle carries only the call.
 */
export function warnUnknownAttributes(element: Element): void {
  const known = (element.constructor as { observedAttributes?: string[] }).observedAttributes ?? [];
  for (const name of element.getAttributeNames()) {
    if (!known.includes(name) && !EVERY_ELEMENT.test(name))
      console.warn(`<${element.localName}>: unknown attribute "${name}" is ignored (a typo?). Its attributes: ${known.join(', ')}.`);
  }
}

/**
 * The widget's time step controller, wired to its flow (the owner of the chosen day and time), its
 * language and its announcer; `failed` tells the page a load failed. Here, so the entry carries the call only.
 * The resource step's "How long?" is asked for from here too, when the company has one.
 */
export function timesFor(
  host: ReactiveElement & CatalogRefreshHost,
  flow: {
    readonly state: FlowState | undefined;
    timeInputs: TimeDependencies['inputs'];
    dispatch(action: FlowAction): void;
    timesShown(): void;
    timesUp(): void;
  },
  locale: LocaleController,
  announcer: Announcer,
  failed: (error: unknown) => void,
): TimeController {
  askDurationChoice(host, flow);
  const { renderRoot } = host;
  const { messages } = locale.localizer;
  warmFonts(
    () => renderRoot.querySelector('.root'),
    `${messages.morning} 0`,
    // The step drawn on screen, not the one drawn unseen meanwhile (warm-time-step.ts), beside the root.
    () => !!renderRoot.querySelector('.root bw-time-step'),
  );
  return new TimeController(host, {
    inputs: () => flow.timeInputs(),
    localizer: () => locale.localizer,
    chooseDay: (day) => flow.dispatch({ type: 'choose-day', day }),
    chooseTime: (day, slot) => flow.dispatch({ type: 'time', day, slot }),
    // Said on the step ("Sorry, that time was just taken…"), Continue gone until another is chosen: focus that
    // was on Continue goes to the day's times, not to the page.
    chosenGone: () => {
      const onContinue = (renderRoot as ShadowRoot).activeElement?.getAttribute('part') === 'continue';
      flow.dispatch({ type: 'slot-taken' });
      if (onContinue) void host.updateComplete.then(() => renderRoot.querySelector('bw-time-step')?.focusTimes());
    },
    zone: (timeZone) => flow.dispatch({ type: 'zone', timeZone }),
    shown: () => flow.timesShown(),
    companyChanged: () => {
      const clock = flow.timeInputs()?.clock;
      if (clock) void refreshCatalog(host, clock);
    },
    announce: (text, politeness) => announcer.say(text, politeness),
    // The step is up, if only with "Try again": the catalog's other lists follow, not the booking code.
    failed: (error) => {
      failed(error);
      flow.timesUp();
    },
  });
}

/**
 * "Try again" after the company could not load: the company is asked for again, and focus follows
 * what takes the button's place rather than falling to the page: the widget's "Loading…" (the first
 * status in its order), then the first step's heading, or the next "Try again"; in manage mode and
 * the walk-in line, which bring their own screens, the company's name above them. Here, so the entry
 * carries the call only.
 */
export async function reload(host: ReactiveElement, task: { run(): Promise<void> }): Promise<void> {
  const find = (selector: string) => host.renderRoot.querySelector<HTMLElement>(selector);
  const focus = (element: HTMLElement | null | undefined) => {
    // A heading or a status takes focus without entering the tab order; the button keeps its place in it.
    if (element && !(element instanceof HTMLButtonElement)) element.tabIndex = -1;
    element?.focus();
  };
  const loaded = task.run();
  await host.updateComplete;
  focus(find('[role=status]'));
  await loaded;
  await host.updateComplete;
  // The header is new (the problem stood in its place): its name shows once it has rendered too.
  const header = host.renderRoot.querySelector<ReactiveElement>('bw-company-header');
  await header?.updateComplete;
  focus(find('#step-heading, [part=problem] button') ?? header?.renderRoot.querySelector<HTMLElement>('h2'));
}
