/**
 * The production chain for one test file: the sandbox on its own port, and
 * the booking proxy (holding the sandbox's credentials) mounted on the site at
 * /booking-api. The browser only ever reaches the proxy.
 */
import { createBookingProxy } from '../../../packages/proxy/src/index.js';
import { SANDBOX_CREDENTIALS, createSandbox } from '../../../packages/sandbox/src/index.js';
import { type Listening, listen } from './listen.js';

export const PROXY_PATH = '/booking-api';

/**
 * The instant the sandbox and the pages call "now": `TEST_NOW` when the command sets one
 * (`TEST_NOW=now`: the real instant this file started at), else a fixed one, a Tuesday
 * at 10:00 in demo-salon's zone (US/Eastern) on the hour: the suite's outcome never depends on the
 * hour or the day it runs (a test that books "a day's last time" fails only in the evening),
 * and a slot starting at that very instant is the edge it meets every run. Either way both sides agree.
 * The browser suite's plain groups run at the real instant, and its pinned ones at the instants
 * date arithmetic breaks on (test/support/test-clock.ts).
 */
const E2E_NOW = '2027-05-11T14:00:00Z';
export const TEST_NOW = process.env.TEST_NOW === 'now' ? new Date().toISOString() : process.env.TEST_NOW || E2E_NOW;
export const COMPANIES = ['demo-salon', 'demo-courts', 'demo-clinic', 'demo-salon-west'];

/** Strings that must never reach a browser. */
export const SECRETS = [SANDBOX_CREDENTIALS.apiKey, SANDBOX_CREDENTIALS.token, SANDBOX_CREDENTIALS.oauth.clientSecret];

export interface SandboxAppointment {
  id: string;
  reference: string;
  client: { firstName?: string; lastName?: string };
  start: { dateTime: string; timeZone: string };
}

/** Signs the manage links of the e2e proxy (service contract §7a): fixed, as a merchant's key would be. */
const SIGNING_KEY = 'e2e-signing-key-of-at-least-32-characters';

export interface ServicesOptions {
  /**
   * The instant the sandbox, the proxy and the pages call "now" (default `TEST_NOW`): a file
   * that needs a moment of its own (a walk-in line open, or closed) passes it here and to `openPage`.
   * @example '2026-03-04T15:00:00Z'
   */
  now?: string;
  /** The proxy serves the companies' walk-in lines (service contract §16); off by default, as in the proxy. */
  walkInQueues?: boolean;
}

export interface Services {
  sandbox: Listening;
  /** The instant this sandbox and its proxy call "now": give it to `openPage` so the pages agree. */
  now: string;
  /** A GET on the sandbox itself, with the partner credentials (never by the page): status and JSON body. */
  inspect(path: string): Promise<{ status: number; body: unknown }>;
  /** Answers requests under /booking-api for pages of `origin`. */
  proxy(origin: string): (request: Request) => Promise<Response>;
  /** What the sandbox holds, read with the partner credentials (never by the page). */
  appointments(companyId: string): Promise<SandboxAppointment[]>;
}

export async function startServices({ now = TEST_NOW, walkInQueues = false }: ServicesOptions = {}): Promise<Services> {
  const sandbox = await listen(createSandbox({ now }));
  return {
    sandbox,
    now,
    proxy: (origin) =>
      createBookingProxy({
        upstream: sandbox.url,
        credentials: { apiKey: SANDBOX_CREDENTIALS.apiKey, token: SANDBOX_CREDENTIALS.token },
        companies: COMPANIES,
        allowedOrigins: [origin],
        basePath: PROXY_PATH,
        log: false,
        // The proxy checks the booking window against the sandbox's clock.
        now: () => Date.parse(now),
        manageBookings: true,
        walkInQueues,
        // Signs manage links and, with walk-in lines on, each place's queue token.
        signingKeys: [SIGNING_KEY],
      }),
    async inspect(path) {
      const response = await fetch(`${sandbox.url}${path}`, {
        headers: { apiKey: SANDBOX_CREDENTIALS.apiKey, token: SANDBOX_CREDENTIALS.token },
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
    async appointments(companyId) {
      const response = await fetch(`${sandbox.url}/api/2.1/scheduling/companies/${companyId}/appointments`, {
        headers: { apiKey: SANDBOX_CREDENTIALS.apiKey, token: SANDBOX_CREDENTIALS.token },
      });
      return ((await response.json()) as { items: SandboxAppointment[] }).items;
    },
  };
}
