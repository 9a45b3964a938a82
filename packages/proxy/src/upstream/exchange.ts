import { Refusal, RefusalReason } from '../http/refusal.js';
import type { Trace } from '../http/log.js';
import type { CredentialSource } from './credentials.js';
import { DeadlineExceeded, startDeadline, type Deadline } from './deadline.js';

export type UpstreamFetch = (input: string, init: RequestInit) => Promise<Response>;

export interface UpstreamRequest {
  method: string;
  /** Decoded path segments: the service receives the canonical encoding of exactly these. */
  path: readonly string[];
  /** `?…` as forwarded, or empty. */
  query?: string;
  headers: Headers;
  /** Already serialised, so that it can be sent twice. */
  body?: string;
}

/** Reads the service's answer within the exchange's deadline. */
export type AnswerReader<T> = (answer: Response, deadline: Deadline) => Promise<T>;

/**
 * The one way to the scheduling service. Every call (a forwarded request, the
 * appointment a manage link changes, the catalog the rules read) goes through
 * `exchange`: one deadline for the call and the reading of its answer, the
 * merchant's credentials added (renewed once on a 401), redirects not followed,
 * and any failure on the way answered as the browser's 502 or 504.
 */
export interface Upstream {
  exchange<T>(request: UpstreamRequest, read: AnswerReader<T>, trace?: Trace): Promise<T>;
}

export interface UpstreamOptions {
  /** `scheme://host[:port][/prefix]`, without a trailing slash. */
  base: string;
  credentials: CredentialSource;
  fetch: UpstreamFetch;
  timeoutMs: number;
}

export function createUpstream({ base, credentials, fetch, timeoutMs }: UpstreamOptions): Upstream {
  return {
    async exchange(request, read, trace) {
      const url = `${base}/${request.path.map(encodeURIComponent).join('/')}${request.query ?? ''}`;
      const deadline = startDeadline(timeoutMs);
      try {
        const answer = await send(url, request, credentials, fetch, deadline);
        if (trace) trace.upstreamStatus = answer.status;
        return await read(answer, deadline);
      } catch (error) {
        throw upstreamFailure(error);
      } finally {
        deadline.clear();
      }
    },
  };
}

/**
 * Sends one request with credentials, and once more with renewed credentials if
 * the service answers 401 (an access token revoked or expired early). Redirects
 * are not followed: a redirect would carry the credentials to wherever it points.
 */
async function send(
  url: string,
  request: UpstreamRequest,
  credentials: CredentialSource,
  fetch: UpstreamFetch,
  deadline: Deadline,
): Promise<Response> {
  const attempt = (auth: Record<string, string>) => {
    const headers = new Headers(request.headers);
    for (const [name, value] of Object.entries(auth)) headers.set(name, value);
    return deadline.race(fetch(url, { method: request.method, headers, body: request.body, signal: deadline.signal, redirect: 'manual' }));
  };
  const auth = await deadline.race(credentials.headers());
  const response = await attempt(auth);
  if (response.status !== 401) return response;
  const renewed = await deadline.race(credentials.renew(auth));
  if (!renewed) return response;
  await response.body?.cancel();
  return attempt(renewed);
}

/** What the browser hears when the exchange with the service failed: no details, no stack. */
function upstreamFailure(error: unknown): Refusal {
  if (error instanceof Refusal) return error;
  if (error instanceof DeadlineExceeded) {
    return new Refusal(504, 'UNAVAILABLE', 'The scheduling service did not answer in time.', RefusalReason.upstreamTimeout);
  }
  return new Refusal(502, 'UNAVAILABLE', 'The scheduling service could not be reached.', RefusalReason.upstreamUnreachable);
}
