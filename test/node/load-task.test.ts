/**
 * The catalog's load (src/components/booking-widget/load-task.ts): it starts as the host connects and when its inputs change,
 * the last one started is the one shown however late an earlier one answers, and "nothing to load"
 * (several locations, none chosen) goes back to the initial screen.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LoadTask, NOTHING_TO_LOAD } from '../../src/components/booking-widget/load-task.js';
import { FakeHost } from './support/fake-host.js';

/** A load per company whose answer the test gives, and what the task reported. */
function setUp() {
  const host = new FakeHost();
  const answers = new Map<string, { resolve(value: string): void; reject(error: Error): void; signal: AbortSignal }>();
  const reported: string[] = [];
  let company = 'salon';
  const task = new LoadTask<string>(host, {
    load: ([id], { signal }) =>
      id === ''
        ? Promise.resolve(NOTHING_TO_LOAD)
        : new Promise((resolve, reject) => answers.set(id as string, { resolve, reject, signal })),
    inputs: () => [company],
    loaded: (value) => reported.push(`loaded ${value}`),
    failed: (error) => reported.push(`failed ${(error as Error).message}`),
  });
  const shown = () =>
    task.render({
      initial: () => 'initial',
      pending: () => 'pending',
      complete: () => 'complete',
      error: (error) => `error ${(error as Error).message}`,
    });
  return { host, answers, reported, task, shown, choose: (id: string) => (company = id) };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('LoadTask: the catalog’s load', () => {
  it('loads at the first update, and again only when an input changes', async () => {
    const { host, answers, reported, shown } = setUp();
    assert.equal(shown(), 'initial');
    host.render();
    assert.equal(shown(), 'pending');
    answers.get('salon')!.resolve('Maple Street');
    await settled();
    assert.equal(shown(), 'complete');
    assert.deepEqual(reported, ['loaded Maple Street']);
    host.render();
    assert.equal(answers.size, 1, 'the same inputs load nothing again');
  });

  it('starts loading as the host connects, after what was set in the same task, not waiting for the first update', async () => {
    const { host, answers, shown, choose } = setUp();
    host.connect();
    // The page sets an input just after adding the element: the load asks for that.
    choose('clinic');
    assert.equal(answers.size, 0, 'not before the task has run its own code');
    await Promise.resolve();
    assert.deepEqual([...answers.keys()], ['clinic']);
    assert.equal(shown(), 'pending');
    host.render();
    assert.deepEqual([...answers.keys()], ['clinic'], 'the first update, with the same inputs, loads nothing again');
  });

  it('shows the company chosen last, though the one before answers after it, and aborts that one', async () => {
    const { host, answers, reported, shown, choose } = setUp();
    host.render();
    choose('clinic');
    host.render();
    assert.equal(answers.get('salon')!.signal.aborted, true);
    answers.get('clinic')!.resolve('Harbourside');
    await settled();
    answers.get('salon')!.resolve('Maple Street');
    await settled();
    assert.equal(shown(), 'complete');
    assert.deepEqual(reported, ['loaded Harbourside']);
  });

  it('says a failure, loads again on run(), and goes back to the initial screen when there is nothing to load', async () => {
    const { host, answers, reported, task, shown, choose } = setUp();
    host.render();
    answers.get('salon')!.reject(new Error('offline'));
    await settled();
    assert.equal(shown(), 'error offline');
    void task.run();
    assert.equal(shown(), 'pending');
    answers.get('salon')!.resolve('Maple Street');
    await settled();
    choose('');
    host.render();
    await settled();
    assert.equal(shown(), 'initial');
    assert.deepEqual(reported, ['failed offline', 'loaded Maple Street']);
  });
});
