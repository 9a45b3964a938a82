/**
 * A `fetch` for fault tests: each call is recorded and answered by a handler
 * the test controls, so failures happen exactly where the test says.
 */
export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
  signal: AbortSignal | undefined;
  credentials: RequestCredentials | undefined;
  at: number;
}

export type FakeAnswer = (call: RecordedCall, index: number) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: typeof fetch;
  calls: RecordedCall[];
}

export function fakeFetch(answer: FakeAnswer): FakeFetch {
  const calls: RecordedCall[] = [];
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: RecordedCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
      signal: init.signal ?? undefined,
      credentials: init.credentials,
      at: performance.now(),
    };
    calls.push(call);
    return answer(call, calls.length - 1);
  };
  return { fetch: fetchFn as typeof fetch, calls };
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** A fetch that never answers until its signal aborts, as a hung connection. */
export function hang(call: RecordedCall): Promise<Response> {
  return new Promise((_, reject) => {
    call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}
