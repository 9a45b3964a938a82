/**
 * The Cloudflare Worker of packages/proxy/examples, run for real in workerd with its Durable
 * Objects: it books against the sandbox, and two isolates of it keep the promises
 * of one.
 */
import { after, before, describe, it } from 'node:test';
import { SANDBOX_CREDENTIALS } from '../../packages/sandbox/src/index.js';
import { startHttpSandbox, type HttpSandbox } from './support/http-sandbox.js';
import {
  FLEET_RATE_LIMIT,
  FLEET_TEST_TIMEOUT_MS as timeout,
  FLEET_TIMEOUT_MS,
  fleetEnv,
  nothingAcknowledgedIsLost,
  oneAppointmentFor20,
  holdsAgreeAcrossInstances,
  liveAcrossInstances,
  CHALLENGE_ENV,
  challengeAcrossInstances,
  oneRefreshFor50,
  rateLimitHoldsInTotal,
  visitorBooks,
  type Fleet,
} from './support/scale-scenarios.js';
import { secondNodeSkip } from './support/second-node.js';
import { startWorkerFleet, workerdVersion, type WorkerFleet } from './support/workerd.js';

const skip = secondNodeSkip('workerd');

describe('the Cloudflare Worker in workerd, two isolates on Durable Objects', () => {
  let sandbox: HttpSandbox;
  let workers: WorkerFleet | undefined;
  let fleet: Fleet;
  let env: Record<string, string>;

  before(async () => {
    if (skip) return;
    sandbox = await startHttpSandbox();
    workers = await startWorkerFleet(
      2,
      (env = {
        BOOKING_PROXY_UPSTREAM: sandbox.url,
        BOOKING_PROXY_CLIENT_ID: SANDBOX_CREDENTIALS.oauth.clientId,
        BOOKING_PROXY_CLIENT_SECRET: SANDBOX_CREDENTIALS.oauth.clientSecret,
        BOOKING_PROXY_REFRESH_TOKEN: await sandbox.refreshToken(),
        BOOKING_PROXY_COMPANIES: 'demo-salon',
        BOOKING_PROXY_ORIGINS: 'https://shop.example',
        BOOKING_PROXY_RATE_LIMIT: String(FLEET_RATE_LIMIT),
        BOOKING_PROXY_TIMEOUT_MS: String(FLEET_TIMEOUT_MS),
        ...fleetEnv(sandbox),
      }),
    );
    fleet = { instances: workers.fetchers, sandbox, addressHeader: 'CF-Connecting-IP' };
  });

  after(async () => {
    await workers?.close();
    await sandbox?.close();
  });

  it('books a visitor’s appointment against the sandbox', { skip, timeout }, async (t) => {
    t.diagnostic(`back end: workerd ${workerdVersion()} (Durable Objects)`);
    await visitorBooks(fleet.instances[0]!, sandbox);
  });

  it('holds the POST rate limit in total', { skip, timeout }, async () => {
    await rateLimitHoldsInTotal(fleet);
  });

  it('refreshes the OAuth token once when 50 requests arrive with an expired one', { skip, timeout }, async () => {
    await oneRefreshFor50(fleet);
  });

  it('agrees on held times: hidden, refused and released alike on every instance', { skip, timeout }, async () => {
    await holdsAgreeAcrossInstances(fleet);
  });

  it('carries a time held through one isolate to a page connected through the other', { skip, timeout }, async (t) => {
    await liveAcrossInstances(fleet, (text) => t.diagnostic(text));
  });

  it('makes one appointment of a 20-way race with one Idempotency-Key, and gives 20 identical answers', { skip, timeout }, async () => {
    await oneAppointmentFor20(fleet);
  });

  it('with the booking challenge on, a solution books once across the isolates', { skip, timeout }, async () => {
    const challenged = await startWorkerFleet(2, { ...env, ...CHALLENGE_ENV });
    try {
      await challengeAcrossInstances({ instances: challenged.fetchers, sandbox, addressHeader: 'CF-Connecting-IP' });
    } finally {
      await challenged.close();
    }
  });

  it('loses no acknowledged booking when an isolate is killed mid-stream', { skip, timeout }, async () => {
    await nothingAcknowledgedIsLost(fleet, () => workers!.kill(0));
  });
});
