/**
 * When the shared state is down, bookings are refused with a clear 503 (never sent
 * without the rate limit and the duplicate check) and reads go on being served.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, describe, it } from 'node:test';
import { StateUnavailable, type ProxyState } from '../../packages/proxy/src/state/proxy-state.js';
import { connectRedis, RedisState } from '../../packages/proxy/src/state/redis-state.js';
import {
  A_CLIENT,
  AN_APPOINTMENT,
  bookingUpstream,
  COMPANY_PATH,
  expectError,
  issuedClientId,
  OAUTH,
  postJson,
  request,
  testProxy,
} from './proxy-harness.js';
import { REDIS_SKIP, startRedisServer, type RedisServer } from './support/redis-server.js';

const unreachable = async (): Promise<never> => {
  throw new StateUnavailable(new Error('connect ECONNREFUSED'));
};
const downState: ProxyState = { hit: unreachable, get: unreachable, set: unreachable, setIfAbsent: unreachable, delete: unreachable };

describe('proxy with its shared state down', () => {
  it('refuses bookings and client creation 503 UNAVAILABLE with Retry-After, and serves reads', async () => {
    const { proxy, upstream, logs } = testProxy({ state: downState });
    const booking = await proxy(postJson(`${COMPANY_PATH}/appointments`, AN_APPOINTMENT, { 'Idempotency-Key': 'k' }));
    assert.equal(booking.headers.get('Retry-After'), '5');
    const error = await expectError(booking, 503, 'UNAVAILABLE', /ECONNREFUSED|redis/i);
    assert.equal(error.message, 'The booking proxy cannot take bookings right now; try again shortly.');
    assert.equal(logs.at(-1)!.reason, 'state-unavailable');
    await expectError(await proxy(postJson('/api/2.0/clients', A_CLIENT)), 503, 'UNAVAILABLE');
    assert.equal(upstream.calls.length, 0, 'nothing reached the service');
    assert.equal((await proxy(request('GET', `${COMPANY_PATH}/services`))).status, 200);
  });

  it('still gets an OAuth token for reads, on its own', async () => {
    const { proxy, upstream } = testProxy({ credentials: OAUTH, state: downState });
    assert.equal((await proxy(request('GET', `${COMPANY_PATH}/services`))).status, 200);
    assert.equal(upstream.tokenCalls().length, 1);
  });

  describe('on a real redis-server that stops and comes back', () => {
    const clients: ReturnType<typeof connectRedis>[] = [];
    // Stopped here whatever the test did: a redis-server left running keeps this file's process alive.
    const servers: RedisServer[] = [];
    after(async () => {
      clients.forEach((client) => client.disconnect());
      await Promise.all(servers.map((server) => server.stop()));
    });

    it(
      'refuses bookings while Redis is away, serves reads, and books again once it is back',
      { skip: REDIS_SKIP, timeout: 30_000 },
      async () => {
        const server = await startRedisServer();
        servers.push(server);
        const client = connectRedis(server.url);
        clients.push(client);
        client.on('error', () => {});
        await once(client, 'ready');
        const { proxy } = testProxy({ state: new RedisState(client) }, bookingUpstream());
        // As the widget does: the appointment names the client the proxy created, before Redis went away.
        const clientId = await issuedClientId(proxy);
        const book = (notes: string) =>
          proxy(postJson(`${COMPANY_PATH}/appointments`, { ...AN_APPOINTMENT, client: { id: clientId }, notes }));
        assert.equal((await book('before')).status, 201);

        await server.stop();
        await expectError(await book('while away'), 503, 'UNAVAILABLE');
        assert.equal((await proxy(request('GET', `${COMPANY_PATH}/services`))).status, 200);

        servers.push(await startRedisServer(server.port));
        if (client.status !== 'ready') await once(client, 'ready');
        assert.equal((await book('after')).status, 201);
      },
    );
  });
});
