import type { CredentialSource } from './credentials.js';
import { DeadlineExceeded, type Deadline } from './deadline.js';
import { Refusal, RefusalReason } from '../http/refusal.js';

export type UpstreamFetch = (input: string, init: RequestInit) => Promise<Response>;

export interface UpstreamRequest {
  url: string;
  method: string;
  headers: Headers;
  /** Already serialised, so that it can be sent twice. */
  body?: string;
}

/**
 * Sends one request with credentials, and once more with renewed credentials if
 * the service answers 401 (an access token revoked or expired early). Redirects
 * are not followed: a redirect would carry the credentials to wherever it points.
 */
export async function callUpstream(
  request: UpstreamRequest,
  credentials: CredentialSource,
  fetch: UpstreamFetch,
  deadline: Deadline,
): Promise<Response> {
  const send = (auth: Record<string, string>) => {
    const headers = new Headers(request.headers);
    for (const [name, value] of Object.entries(auth)) headers.set(name, value);
    return deadline.race(
      fetch(request.url, { method: request.method, headers, body: request.body, signal: deadline.signal, redirect: 'manual' }),
    );
  };
  const auth = await deadline.race(credentials.headers());
  const response = await send(auth);
  if (response.status !== 401) return response;
  const renewed = await deadline.race(credentials.renew(auth));
  if (!renewed) return response;
  await response.body?.cancel();
  return send(renewed);
}

/** What the browser hears when the exchange with the service failed: no details, no stack. */
export function upstreamFailure(error: unknown): Refusal {
  if (error instanceof Refusal) return error;
  if (error instanceof DeadlineExceeded) {
    return new Refusal(504, 'UNAVAILABLE', 'The scheduling service did not answer in time.', RefusalReason.upstreamTimeout);
  }
  return new Refusal(502, 'UNAVAILABLE', 'The scheduling service could not be reached.', RefusalReason.upstreamUnreachable);
}
