/**
 * Waits for `check` over turns of the event loop (never on a timer of its own), and gives up
 * after `guardMs` of the wall clock, naming what it waited for: a hang guard, not a budget.
 * A count of turns gave up after about 400 ms on a busy machine, while the booking challenge's
 * proof of work, solved in timer slices, was still on its way (a walk-in join, stop 45's CI).
 */
export async function until(check: () => boolean, what: string, guardMs = 30_000): Promise<void> {
  const giveUp = performance.now() + guardMs;
  while (!check()) {
    if (performance.now() > giveUp) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
