/** Browser side of test/support/test-services.ts: a fresh sandbox (behind the proxy) per test. */

export interface ServiceSetup {
  proxy?: boolean;
  latencyMs?: number;
  failures?: { path: string; status: number; method?: string; times?: number }[];
  now?: string;
  postRateLimit?: number;
  /** Companies the proxy serves besides the seed's (ones the test creates). */
  companies?: string[];
}

export interface Services {
  apiBase: string;
  accessToken?: string;
  /** Reads from the sandbox itself, with partner credentials: what was booked, say. */
  inspect<T = unknown>(path: string): Promise<T>;
  /** Writes to the sandbox itself, with partner credentials: records a test needs, another visitor's booking. */
  post<T = unknown>(path: string, body: unknown): Promise<{ status: number; body: T }>;
}

export async function startServices(setup: ServiceSetup = {}): Promise<Services> {
  const response = await fetch('/__services', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...setup, origin: location.origin }),
  });
  const { id, apiBase, accessToken } = (await response.json()) as { id: string; apiBase: string; accessToken?: string };
  return {
    apiBase,
    ...(accessToken && { accessToken }),
    async inspect<T>(path: string) {
      const answer = await fetch(`/__services/${id}/sandbox${path}`);
      return (await answer.json()) as T;
    },
    async post<T>(path: string, body: unknown) {
      const answer = await fetch(`/__services/${id}/sandbox${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: answer.status, body: (await answer.json()) as T };
    },
  };
}
