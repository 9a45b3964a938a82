/**
 * Sends one logical request: builds the URL, adds credentials, enforces the
 * timeout, honours the caller's `AbortSignal`, retries what is safe to retry and
 * turns every outcome into parsed JSON or a {@link SchedulingError}.
 */
import { abortedError, sleep, throwIfAborted } from './abort.js';
import type { Authenticate } from './credentials.js';
import { SchedulingError, TransportErrorCode, errorFromAnswer } from './errors.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, parseRetryAfter, retryDelay } from './retry.js';

export type QueryValue = string | number | undefined;

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Makes a write safe to retry: the service answers a repeat with the first result (service contract §7). */
  idempotencyKey?: string | undefined;
  /** Sent as `Hold-Token` (docs/proxy.md, "Held times"). */
  holdToken?: string | undefined;
  /** Sent as `Altcha`: a booking proxy's solved challenge (docs/proxy.md, "Bots: the booking challenge"). */
  altcha?: string | undefined;
}

export interface TransportOptions {
  apiBase: string;
  authenticate: Authenticate;
  fetch?: typeof fetch | undefined;
  headers?: Record<string, string> | undefined;
  timeoutMs?: number | undefined;
  retry?: Partial<RetryPolicy> | undefined;
}

export interface Transport {
  /** The absolute URL a request goes to: also the identity under which reads are shared. */
  url(path: string, query?: Record<string, QueryValue>): string;
  send<T>(spec: RequestSpec): Promise<T>;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

/** Resolves `apiBase` (relative ones against the page) and drops a trailing slash. */
function resolveApiBase(apiBase: string): string {
  if (typeof apiBase !== 'string' || apiBase.trim() === '') {
    throw new TypeError('apiBase is required: the URL of your booking proxy, or of the service itself.');
  }
  const page = (globalThis as { location?: { href: string } }).location?.href;
  let url: URL;
  try {
    url = new URL(apiBase, page);
  } catch {
    throw new TypeError(`apiBase "${apiBase}" is not a URL (relative URLs only work in a page).`);
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * The proxy's own routes (docs/proxy.md: held times, the booking challenge, live times), beside the service's paths under
 * the same `apiBase`, resolved as the adapter's own requests are: one slash between, however the merchant wrote it
 * (`/booking-api/`); the page's own origin for an empty one.
 */
export const proxyUrl = (apiBase: string, path: string): string => `${resolveApiBase(apiBase || '/')}/proxy${path}`;

export function createTransport(options: TransportOptions): Transport {
  const base = resolveApiBase(options.apiBase);
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };

  function url(path: string, query: Record<string, QueryValue> = {}): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
    const qs = search.toString();
    return `${base}${path}${qs ? `?${qs}` : ''}`;
  }

  async function attempt<T>(spec: RequestSpec, target: string): Promise<T> {
    const { signal } = spec;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', forwardAbort, { once: true });

    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');
    if (spec.body !== undefined) headers.set('Content-Type', 'application/json');
    if (spec.idempotencyKey) headers.set('Idempotency-Key', spec.idempotencyKey);
    if (spec.holdToken) headers.set('Hold-Token', spec.holdToken);
    if (spec.altcha) headers.set('Altcha', spec.altcha);

    try {
      await options.authenticate(headers);
      let response: Response;
      let text: string;
      try {
        response = await fetchImpl(target, {
          method: spec.method,
          headers,
          body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
          signal: controller.signal,
          // The widget never needs cookies: it sets none and sends none.
          credentials: 'omit',
        });
        text = await response.text();
      } catch (cause) {
        if (signal?.aborted) throw abortedError(signal);
        throw new SchedulingError(
          timedOut
            ? { status: 0, errorCode: TransportErrorCode.Timeout, message: `No answer within ${timeoutMs} ms.`, cause }
            : { status: 0, errorCode: TransportErrorCode.Network, message: 'The service could not be reached.', cause },
        );
      }
      return parseAnswer<T>(response, text);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }

  async function send<T>(spec: RequestSpec): Promise<T> {
    const target = url(spec.path, spec.query);
    // Reads are always safe to repeat; a write only when the service can recognise the repeat.
    const mayRetry = spec.method === 'GET' || Boolean(spec.idempotencyKey);
    for (let retry = 0; ; retry++) {
      throwIfAborted(spec.signal);
      try {
        return await attempt<T>(spec, target);
      } catch (error) {
        const failure = error instanceof SchedulingError ? error : unexpected(error);
        if (!mayRetry || !failure.retryable || retry >= policy.retries) throw failure;
        const delay = retryDelay(retry, policy, failure.retryAfterMs);
        if (delay === null) throw failure;
        await sleep(delay, spec.signal);
      }
    }
  }

  return { url, send };
}

function parseAnswer<T>(response: Response, text: string): T {
  let body: unknown;
  let isJson = true;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      isJson = false;
    }
  }
  const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'));
  if (!response.ok) throw errorFromAnswer(response.status, isJson ? body : undefined, text, retryAfterMs);
  if (!isJson) {
    throw new SchedulingError({
      status: response.status,
      errorCode: 'INVALID_RESPONSE',
      message: `The service answered ${response.status} with a body that is not JSON: ${text.trim().slice(0, 120)}`,
      retryable: false,
    });
  }
  if (typeof body === 'object' && body !== null && 'error' in body) {
    throw errorFromAnswer(response.status, body, text, retryAfterMs);
  }
  return body as T;
}

/** A failure of our own code (a throwing token function, say) still leaves as a SchedulingError. */
function unexpected(error: unknown): SchedulingError {
  return new SchedulingError({
    status: 0,
    errorCode: 'CLIENT_ERROR',
    message: error instanceof Error ? error.message : String(error),
    retryable: false,
    cause: error,
  });
}
