import type { MiddlewareHandler } from 'hono';
import type { ForcedFailure } from '../options.js';
import { errorCodeForStatus } from 'booking-widget-shared/error-codes';
import { ApiError } from './api-error.js';

interface Rule {
  matches(method: string, path: string): boolean;
  status: number;
  left: number;
}

/** A string pattern matches a path that contains it, `*` standing for any characters. */
export function pathMatcher(pattern: string | RegExp): (path: string) => boolean {
  if (pattern instanceof RegExp) return (path) => pattern.test(path);
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const regexp = new RegExp(source);
  return (path) => regexp.test(path);
}

/** Answers matching requests with the forced status and a §9 body, before anything else runs. */
export function forcedFailures(failures: ForcedFailure[]): MiddlewareHandler {
  const rules: Rule[] = failures.map((failure) => {
    if (!Number.isInteger(failure.status) || failure.status < 400 || failure.status > 599) {
      throw new RangeError(`A forced failure's status must be from 400 to 599, not ${failure.status}.`);
    }
    const method = failure.method?.toUpperCase();
    const matchesPath = pathMatcher(failure.path);
    return {
      matches: (requestMethod, path) => (!method || method === requestMethod) && matchesPath(path),
      status: failure.status,
      left: failure.times ?? Infinity,
    };
  });
  return async (c, next) => {
    const rule = rules.find((candidate) => candidate.left > 0 && candidate.matches(c.req.method, c.req.path));
    if (!rule) return next();
    rule.left--;
    const error = new ApiError(rule.status, errorCodeForStatus(rule.status), `Forced failure (sandbox option) for ${c.req.path}.`);
    return error.toResponse(rule.status === 429 || rule.status === 503 ? { 'Retry-After': '1' } : {});
  };
}
