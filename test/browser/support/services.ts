/** Browser side of test/support/test-services.ts: a fresh sandbox (behind the proxy) per test. */
import { TEST_NOW } from './now.js';

export interface ServiceSetup {
  proxy?: boolean;
  latencyMs?: number;
  failures?: { path: string; status: number; method?: string; times?: number }[];
  /** The sandbox's clock. Default: this run's TEST_NOW; give the widget the same. */
  now?: string;
  postRateLimit?: number;
  /** Companies the proxy serves besides the seed's (ones the test creates). */
  companies?: string[];
  /** Turn on the proxy's manage links (service contract §7a). */
  manage?: boolean;
  /** Turn on the proxy's walk-in lines (service contract §16). */
  queues?: boolean;
  /** Turn on the proxy's booking challenge (docs/proxy.md, "Bots: the booking challenge"). */
  challenge?: boolean;
  /** The proxy names its public URL, so the sandbox's watches reach it: changes made on the sandbox reach open pages. */
  watches?: boolean;
  /** Paths the front answers itself with `status`, before the proxy (a path contains `path`): a front that refuses the live stream, say. */
  refuse?: { path: string; status: number }[];
}

export interface Services {
  apiBase: string;
  /** The sandbox's "now": the widget under test must be given the same. */
  now: string;
  accessToken?: string;
  /** Reads from the sandbox itself, with partner credentials: what was booked, say. */
  inspect<T = unknown>(path: string): Promise<T>;
  /** Writes to the sandbox itself, with partner credentials: records a test needs, another visitor's booking. */
  post<T = unknown>(path: string, body: unknown): Promise<{ status: number; body: T }>;
  /** Replaces a record in the sandbox itself: the merchant changing a setting from the dashboard, say. */
  put<T = unknown>(path: string, body: unknown): Promise<{ status: number; body: T }>;
  /** Deletes a record in the sandbox itself: the merchant cancelling a booking from the dashboard, say. Answers the status. */
  remove(path: string): Promise<number>;
}

export async function startServices(setup: ServiceSetup = {}): Promise<Services> {
  const response = await fetch('/__services', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...setup, now: setup.now ?? TEST_NOW, origin: location.origin }),
  });
  const { id, apiBase, accessToken } = (await response.json()) as { id: string; apiBase: string; accessToken?: string };
  return {
    apiBase,
    now: setup.now ?? TEST_NOW,
    ...(accessToken && { accessToken }),
    async inspect<T>(path: string) {
      const answer = await fetch(`/__services/${id}/sandbox${path}`);
      return (await answer.json()) as T;
    },
    post: <T>(path: string, body: unknown) => write<T>('POST', path, body),
    put: <T>(path: string, body: unknown) => write<T>('PUT', path, body),
    remove: async (path: string) => (await fetch(`/__services/${id}/sandbox${path}`, { method: 'DELETE' })).status,
  };

  async function write<T>(method: string, path: string, body: unknown) {
    const answer = await fetch(`/__services/${id}/sandbox${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json()) as T };
  }
}
