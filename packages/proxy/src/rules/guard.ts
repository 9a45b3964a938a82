import type { Trace } from '../http/log.js';
import type { ResolvedProxy } from '../resolve-options.js';
import type { AnswerRewrite } from '../upstream/browser-response.js';

/**
 * A request that passed the checks every route makes (its path, query, headers,
 * rate limit, manage token and body shape), as its route's guard sees it.
 */
export interface GuardedRequest {
  proxy: ResolvedProxy;
  /** The checked path segments, as the service will receive them. */
  path: readonly string[];
  /** The company the path names (`:company`), when it names one. */
  companyId?: string;
  /** The appointment the path names (`:id` of the manage routes). */
  appointmentId?: string;
  /** The registration the path names (`:id` of the walk-in routes, service contract §16). */
  registrationId?: string;
  /** The visitor's address as the proxy's `clientAddress` reads it: what rate limits count by. */
  clientAddress: string;
  /** The body, parsed and of the route's shape; `undefined` for a route without one. */
  body: unknown;
  trace: Trace;
  /** The browser's request, for what a guard reads of it beyond the body (a hold token, the client address). */
  request: Request;
  /** The request's query, as checked against the route's list. */
  query: URLSearchParams;
  /** Hands work that outlives the answer to the platform (`BookingProxyContext.waitUntil`); never rejects. */
  waitUntil: (work: Promise<unknown>) => void;
}

/** What the service receives, and what becomes of its answer. */
export interface Forwarding {
  /** What the service receives: nothing when `undefined`. */
  body?: unknown;
  /** Applied to the service's JSON answer before private properties are removed. */
  rewrite?: AnswerRewrite;
  /** Runs once the browser's answer is ready: what the service's answer changes in the proxy's state. */
  settled?: (answer: Response) => Promise<void>;
}

/**
 * A route's own rules: what it checks before anything is sent (throwing a
 * `Refusal`), what the service receives and what the browser gets of its answer;
 * or the browser's answer itself, when the service has already said no.
 */
export type Guard = (request: GuardedRequest) => Promise<Forwarding | Response>;
