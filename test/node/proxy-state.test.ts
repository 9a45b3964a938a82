/**
 * One contract, three implementations of the proxy's state: memory, Redis (a real
 * redis-server) and the Durable Object classes (on an in-memory storage here; the
 * Worker tests run them in workerd).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  BookingProxyRateLimit,
  BookingProxyRecord,
  durableObjectState,
  type DurableObjectNamespaceLike,
  type DurableObjectStateLike,
} from '../../packages/proxy/src/state/durable-objects.js';
import { MemoryState } from '../../packages/proxy/src/state/memory-state.js';
import { StateUnavailable, type ProxyState } from '../../packages/proxy/src/state/proxy-state.js';
import { connectRedis, RedisState } from '../../packages/proxy/src/state/redis-state.js';
import { REDIS_SKIP, startRedisServer, type RedisServer } from './support/redis-server.js';

interface Backend {
  state: ProxyState;
  /** Lets `ms` pass for the state's expiry. */
  pass(ms: number): Promise<void>;
}

/** Storage of a Durable Object, in memory: get, put, deleteAll; alarms are recorded, and fired by the test. */
function memoryStorage(): DurableObjectStateLike & { alarm?: number } {
  const data = new Map<string, unknown>();
  const ctx: DurableObjectStateLike & { alarm?: number } = {
    storage: {
      get: async <T>(key: string) => structuredClone(data.get(key)) as T | undefined,
      put: async (key, value) => void data.set(key, structuredClone(value)),
      deleteAll: async () => data.clear(),
      setAlarm: async (time) => void (ctx.alarm = time),
    },
  };
  return ctx;
}

/** A namespace that makes one object per name, as Cloudflare does, and reaches it through `fetch`. */
function namespace(make: (ctx: DurableObjectStateLike) => { fetch(request: Request): Promise<Response>; alarm(): Promise<void> }) {
  const objects = new Map<string, ReturnType<typeof make> & { ctx: ReturnType<typeof memoryStorage> }>();
  const binding: DurableObjectNamespaceLike = {
    idFromName: (name) => name,
    get: (id: never) => {
      const name = id as string;
      if (!objects.has(name)) {
        const ctx = memoryStorage();
        objects.set(name, Object.assign(make(ctx), { ctx }));
      }
      const object = objects.get(name)!;
      return { fetch: (input, init) => object.fetch(new Request(input, init)) };
    },
  };
  /** Fires the alarms that are due, as the runtime would. */
  const fireAlarms = async (now: number) => {
    for (const object of objects.values()) if (object.ctx.alarm !== undefined && object.ctx.alarm <= now) await object.alarm();
  };
  return { binding, fireAlarms, objects };
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

let objectsNow = 0;
contract('Durable Objects (classes on an in-memory storage)', false, async () => {
  const rateLimits = namespace((ctx) => new BookingProxyRateLimit(ctx, {}, () => objectsNow));
  const records = namespace((ctx) => new BookingProxyRecord(ctx, {}, () => objectsNow));
  return {
    state: durableObjectState({ rateLimits: rateLimits.binding, records: records.binding }),
    pass: async (ms) => {
      objectsNow += ms;
      await rateLimits.fireAlarms(objectsNow);
      await records.fireAlarms(objectsNow);
      // The alarms emptied the storage of every object whose data expired.
      assert.equal(await records.objects.get('brief')!.ctx.storage.get('record'), undefined);
      assert.equal(await rateLimits.objects.get('rate:brief')!.ctx.storage.get('hits'), undefined);
    },
  };
});

let redis: RedisServer | undefined;
const clients: ReturnType<typeof connectRedis>[] = [];
after(async () => {
  for (const client of clients) client.disconnect();
  await redis?.stop();
});

/** Resolves once `check` holds, trying again on every turn of the event loop; fails after `ms`. */
async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const giveUp = performance.now() + ms;
  while (!(await check())) {
    assert.ok(performance.now() < giveUp, 'the condition never held');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

contract('Redis', REDIS_SKIP, async () => {
  redis = await startRedisServer();
  const client = connectRedis(redis.url);
  clients.push(client);
  await new Promise((resolve) => client.once('ready', resolve));
  const state = new RedisState(client, 'test:');
  return {
    state,
    // Redis keeps its own time: wait until it has dropped every key that expires within `ms`.
    pass: (ms) =>
      until(async () => {
        for (const key of await client.keys('test:*')) {
          const ttl = await client.pttl(key);
          if (ttl >= 0 && ttl <= ms) return false;
        }
        return true;
      }, ms + 2000),
  };
});

describe('proxy state: Redis unreachable', () => {
  it('raises StateUnavailable at once instead of queueing commands', { skip: REDIS_SKIP }, async () => {
    const down = await startRedisServer();
    try {
      const client = connectRedis(down.url);
      clients.push(client);
      await new Promise((resolve) => client.once('ready', resolve));
      await down.stop();
      const state = new RedisState(client);
      for (const operation of [() => state.get('k'), () => state.setIfAbsent('k', 'v', 1000), () => state.hit('k', 1, 1)]) {
        await assert.rejects(operation(), StateUnavailable);
      }
    } finally {
      await down.stop();
    }
  });
});
