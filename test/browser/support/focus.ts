/**
 * Where focus is, and where it went between two keys: a visitor on a screen reader hears
 * every place focus passes through, the page's <body> included.
 */
import { deepActiveElement, nameOf, roleOf, waitFor } from './dom.js';

export const focused = () => deepActiveElement() as HTMLElement | null;

export const describeFocus = (element: Element | null = focused()) =>
  element ? `${roleOf(element) ?? element.tagName} "${nameOf(element)}"` : 'nothing';

/** Waits until focus is on the element with this role and name. */
export async function focusIs(role: string, name: string | RegExp): Promise<HTMLElement> {
  return waitFor(
    () => {
      const element = focused();
      if (!element || roleOf(element) !== role) return false;
      return (typeof name === 'string' ? nameOf(element) === name : name.test(nameOf(element))) && element;
    },
    () => `focus on ${role} ${String(name)} (it is on ${describeFocus()})`,
  );
}

/**
 * Samples where focus is on every frame, from now until `stop()`, which returns the
 * frames on which focus had fallen to the page (nothing focused, or <body>), described.
 * Frames are what a visitor can perceive: a render that moves focus within one task is
 * not a fall; a request answered while focus sits on <body> is.
 */
export function watchFocus(): { stop(): string[] } {
  const fell: string[] = [];
  let watching = true;
  const sample = () => {
    if (!watching) return;
    const element = focused();
    if (!element || element === document.body)
      fell.push(`frame at ${Math.round(performance.now())} ms: focus on ${element?.tagName ?? 'nothing'}`);
    requestAnimationFrame(sample);
  };
  sample();
  return {
    stop() {
      watching = false;
      return fell;
    },
  };
}
