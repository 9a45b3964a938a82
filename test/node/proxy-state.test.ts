/**
 * The contract of the proxy's state, run on each implementation.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { MemoryState } from '../../src/proxy/state/memory-state.js';
import type { ProxyState } from '../../src/proxy/state/proxy-state.js';

interface Backend {
  state: ProxyState;
  /** Lets `ms` pass for the state's expiry. */
  pass(ms: number): Promise<void>;
}

function contract(name: string, skip: string | false, open: () => Promise<Backend>) {
  describe(`proxy state: ${name}`, () => {
    let backend: Backend;
    before(async () => {
      if (!skip) backend = await open();
    });

    it('counts hits in a sliding window, per key', { skip }, async () => {
      const { state } = backend;
      assert.deepEqual([await state.hit('rate:a', 2, 60), await state.hit('rate:a', 2, 60)], [0, 0]);
      const wait = await state.hit('rate:a', 2, 60);
      assert.ok(wait >= 59 && wait <= 60, `wait ${wait}`);
      assert.equal(await state.hit('rate:b', 2, 60), 0);
    });

    it('stores values, and sets one only if absent', { skip }, async () => {
      const { state } = backend;
      assert.equal(await state.get('missing'), undefined);
      await state.set('value', 'one', 60_000);
      await state.set('value', 'two', 60_000);
      assert.equal(await state.get('value'), 'two');
      assert.equal(await state.setIfAbsent('lock', 'mine', 60_000), true);
      assert.equal(await state.setIfAbsent('lock', 'theirs', 60_000), false);
      assert.equal(await state.get('lock'), 'mine');
    });

    it('deletes, or only while the key holds the value given', { skip }, async () => {
      const { state } = backend;
      await state.set('held', 'mine', 60_000);
      await state.delete('held', 'theirs');
      assert.equal(await state.get('held'), 'mine');
      await state.delete('held', 'mine');
      assert.equal(await state.setIfAbsent('held', 'theirs', 60_000), true);
      await state.delete('held');
      assert.equal(await state.get('held'), undefined);
    });

    it('forgets values and hits when they expire', { skip }, async () => {
      const { state, pass } = backend;
      await state.set('brief', 'x', 50);
      assert.equal(await state.setIfAbsent('brief-lock', 'x', 50), true);
      for (let i = 0; i < 2; i++) assert.equal(await state.hit('rate:brief', 2, 1), 0);
      assert.ok((await state.hit('rate:brief', 2, 1)) > 0);
      await pass(1000);
      assert.equal(await state.get('brief'), undefined);
      assert.equal(await state.setIfAbsent('brief-lock', 'y', 50), true);
      assert.equal(await state.hit('rate:brief', 2, 1), 0);
    });
  });
}

let memoryNow = 0;
contract('memory', false, async () => ({
  state: new MemoryState({ now: () => memoryNow }),
  pass: async (ms) => void (memoryNow += ms),
}));

describe('proxy state: memory limits', () => {
  it('drops the oldest values past its byte budget', async () => {
    const state = new MemoryState({ maxBytes: 10 });
    await state.set('a', '12345', 60_000);
    await state.set('b', '12345', 60_000);
    await state.set('c', '12345', 60_000);
    assert.deepEqual([await state.get('a'), await state.get('b'), await state.get('c')], [undefined, '12345', '12345']);
  });
});
