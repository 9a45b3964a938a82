/** Small helpers that make waiting and racing respect an `AbortSignal`. */
import { SchedulingError, TransportErrorCode } from './errors.js';

export function abortedError(signal?: AbortSignal): SchedulingError {
  return new SchedulingError({
    status: 0,
    errorCode: TransportErrorCode.Aborted,
    message: 'The request was aborted.',
    retryable: false,
    cause: signal?.reason,
  });
}

export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw abortedError(signal);
}

/** Resolves after `ms`, or rejects with an abort error as soon as `signal` fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Settles like `promise`, except that it rejects with an abort error as soon as
 * `signal` fires. The work behind `promise` goes on: use this where other callers
 * still wait for the same result.
 */
export function raceAbort<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortedError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** What `promise` gives if it settles within `ms`, else `undefined` (a rejection passes through). */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([promise, sleep(ms).then(() => undefined)]);
}
