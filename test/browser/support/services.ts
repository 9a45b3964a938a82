/** Browser side of test/support/test-services.ts: a fresh sandbox (behind the proxy) per test. */

export interface ServiceSetup {
  proxy?: boolean;
  latencyMs?: number;
  failures?: { path: string; status: number; method?: string; times?: number }[];
  now?: string;
  postRateLimit?: number;
}

export interface Services {
  apiBase: string;
  accessToken?: string;
  /** Calls the sandbox itself with partner credentials, to see what was booked. */
  inspect<T = unknown>(path: string): Promise<T>;
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
  };
}
