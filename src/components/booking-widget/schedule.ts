/**
 * When deferred work runs: what follows the first screen (the later chunks, the live
 * channel, the lists the next steps need) waits until the browser is idle, and after the
 * time step's first times are painted (time-controller.ts), so none of it competes with
 * the first time slot (issue 28).
 */

/** Runs `work` at the browser's next idle moment: after what was just shown is painted. */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 1000 });
  else setTimeout(work, 200);
}
