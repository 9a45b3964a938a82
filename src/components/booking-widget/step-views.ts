/**
 * The steps' views and the time step's controller: one lazy chunk, asked for with the
 * steps' elements as the widget connects (lazy-parts.ts). The host renders a step once
 * both are in.
 */
export { TimeController } from './time-controller.js';
export { renderResourceStep, renderServiceStep, renderStaffStep } from './choice-steps.js';
export { renderLocationStep } from './location-view.js';
export { renderProgress, renderStep } from './step-shell.js';
export { renderTimeStep } from './time-view.js';

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
