import type { Deadline } from './deadline.js';
import { errorCodeForStatus } from 'booking-widget-shared/error-codes';
import type { ErrorCode } from 'booking-widget-shared/types';
import { ERROR_HEADERS, errorBodyText, Refusal, RefusalReason } from '../http/refusal.js';
import { inUtf8, isPlainUtf8, possibleTexts } from './response-text.js';
import { withoutPrivateProperties } from './strip-private.js';

/** Turns the parsed JSON of the service's answer into what the browser may see (rules/). */
export type AnswerRewrite = (value: unknown, status: number) => unknown;

/**
 * Upstream headers the browser may see. Everything else stays behind, notably
 * `Set-Cookie`, anything naming credentials, and validators (`ETag`) that describe
 * the body before private properties were removed.
 */
const SAFE_RESPONSE_HEADERS = ['content-type', 'content-language', 'cache-control', 'expires', 'retry-after'];

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

const SERVICE_FAILED = 'The scheduling service could not answer this request. Try again in a moment.';

/**
 * The service's answer, re-issued with safe headers and without private
 * properties; `rewrite` may change its JSON first (a route's guard, rules/).
 */
export async function browserResponse(upstream: Response, deadline: Deadline, rewrite?: AnswerRewrite): Promise<Response> {
  // As on the proxy's own answers: a body is never to be read as anything but its declared type.
  const headers = new Headers({ 'X-Content-Type-Options': 'nosniff' });
  for (const name of SAFE_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (NULL_BODY_STATUSES.has(upstream.status)) {
    await upstream.body?.cancel();
    return new Response(null, { status: upstream.status, headers });
  }
  if (upstream.status >= 500) {
    // The service's own failure: its words may name its hosts, its stack or its configuration, and say nothing a
    // visitor can act on. The browser gets the status (and any Retry-After), in the proxy's words.
    await upstream.body?.cancel();
    headers.set('Content-Type', ERROR_HEADERS['Content-Type']);
    const code = errorCodeForStatus(upstream.status) as ErrorCode;
    return new Response(errorBodyText(upstream.status, code, SERVICE_FAILED), { status: upstream.status, headers });
  }
  const bytes = new Uint8Array(await deadline.race(upstream.arrayBuffer()));
  const json = await cleanJson(bytes, headers.get('Content-Type'), (value) => rewrite?.(value, upstream.status) ?? value);
  if (json !== undefined) {
    const contentType = inUtf8(headers.get('Content-Type'));
    if (contentType !== null) headers.set('Content-Type', contentType);
    return new Response(json, { status: upstream.status, headers });
  }
  if (isPlainUtf8(bytes, headers.get('Content-Type'))) return new Response(bytes, { status: upstream.status, headers });
  // Bytes that some reader could take for something the filter did not see: none pass.
  throw new Refusal(
    502,
    'UNAVAILABLE',
    'The scheduling service answered in a form the booking proxy cannot check.',
    RefusalReason.upstreamUnreadable,
  );
}

/**
 * Any body that some reader parses as JSON is cleaned, whatever its declared type
 * or charset: a service that mislabels JSON, or sends one byte that is not UTF-8,
 * must not leak private properties. The browser then gets UTF-8 JSON.
 */
async function cleanJson(bytes: Uint8Array, contentType: string | null, rewrite: (value: unknown) => unknown): Promise<string | undefined> {
  for (const text of possibleTexts(bytes, contentType)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      continue;
    }
    return JSON.stringify(withoutPrivateProperties(await rewrite(value)));
  }
  return undefined;
}

/**
 * A copy of a shared answer (upstream/slot-cache.ts), already cleaned by {@link browserResponse}, with `rewrite`
 * applied now: what it takes out (times held by other visitors) is as of this request, not as of the shared read.
 */
export async function rewriteShared(answer: Response, rewrite: AnswerRewrite | undefined): Promise<Response> {
  if (!rewrite || NULL_BODY_STATUSES.has(answer.status)) return answer;
  const text = await answer.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return new Response(text, { status: answer.status, headers: answer.headers });
  }
  return new Response(JSON.stringify(withoutPrivateProperties(await rewrite(value, answer.status))), {
    status: answer.status,
    headers: answer.headers,
  });
}
