import type { AnswerRewrite } from './booking-guard.js';
import type { Deadline } from './deadline.js';
import { withoutPrivateProperties } from './strip-private.js';

/**
 * Upstream headers the browser may see. Everything else stays behind, notably
 * `Set-Cookie`, anything naming credentials, and validators (`ETag`) that describe
 * the body before private properties were removed.
 */
const SAFE_RESPONSE_HEADERS = ['content-type', 'content-language', 'cache-control', 'expires', 'retry-after'];

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * The service's answer, re-issued with safe headers and without private
 * properties; `rewrite` may change its JSON first (booking-guard.ts).
 */
export async function browserResponse(upstream: Response, deadline: Deadline, rewrite?: AnswerRewrite): Promise<Response> {
  const headers = new Headers();
  for (const name of SAFE_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (NULL_BODY_STATUSES.has(upstream.status)) {
    await upstream.body?.cancel();
    return new Response(null, { status: upstream.status, headers });
  }
  const bytes = new Uint8Array(await deadline.race(upstream.arrayBuffer()));
  return new Response(await publicBody(bytes, (value) => rewrite?.(value, upstream.status) ?? value), { status: upstream.status, headers });
}

/**
 * Any body that parses as JSON is cleaned, whatever its declared type: a service
 * that mislabels JSON must not leak private properties. Other bodies pass unchanged.
 */
async function publicBody(bytes: Uint8Array<ArrayBuffer>, rewrite: (value: unknown) => unknown): Promise<BodyInit> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return bytes;
  }
  return JSON.stringify(withoutPrivateProperties(await rewrite(value)));
}
