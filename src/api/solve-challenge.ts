/**
 * Solving a booking proxy's challenge (challenge.ts): a chunk of its own, fetched only once a
 * proxy has sent one, since most proxies ask none and every booking would otherwise carry it.
 */

/** What the proxy's challenge route answers (ALTCHA's challenge). */
export interface Challenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber?: number;
}

/** Numbers tried between two yields of the main thread: a few milliseconds of hashing. */
const SLICE = 200;
/** ALTCHA's own default, for a challenge that names no maximum. */
const DEFAULT_MAX = 1_000_000;

/**
 * The number in [from, to) whose SHA-256 of `salt + number`, in hex, is `challenge`; -1 if
 * none is. Self-contained: a worker runs it from its source text.
 */
async function search(challenge: string, salt: string, from: number, to: number): Promise<number> {
  const encoder = new TextEncoder();
  for (let n = from; n < to; n++) {
    let hex = '';
    for (const byte of new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(salt + n))))
      hex += byte.toString(16).padStart(2, '0');
    if (hex === challenge) return n;
  }
  return -1;
}

/** In a worker: `undefined` when none can start (a strict CSP, no `Worker`) or it fails, so the caller solves it itself. */
function inWorker(challenge: Challenge, max: number, signal?: AbortSignal): Promise<number | undefined> {
  return new Promise((resolve) => {
    let worker: Worker;
    // A worker must come from the page's origin: a blob made here is, where a script on a CDN would not be.
    const url = URL.createObjectURL(
      new Blob([`const search=${search.toString()};onmessage=async({data:d})=>postMessage(await search(d[0],d[1],0,d[2]))`], {
        type: 'text/javascript',
      }),
    );
    try {
      worker = new Worker(url);
    } catch {
      resolve(undefined);
      return;
    } finally {
      URL.revokeObjectURL(url);
    }
    const end = (result: number | undefined) => {
      worker.terminate();
      resolve(result);
    };
    worker.onmessage = ({ data }: MessageEvent<number>) => end(data);
    worker.onerror = () => end(undefined);
    signal?.addEventListener('abort', () => end(-1), { once: true });
    worker.postMessage([challenge.challenge, challenge.salt, max + 1]);
  });
}

/** On the main thread, a slice at a time, with the page free to answer the visitor between slices. */
async function onMainThread(challenge: Challenge, max: number, signal?: AbortSignal): Promise<number> {
  for (let from = 0; from <= max && !signal?.aborted; from += SLICE) {
    const found = await search(challenge.challenge, challenge.salt, from, Math.min(from + SLICE, max + 1));
    if (found >= 0) return found;
    await new Promise((resolve) => setTimeout(resolve));
  }
  return -1;
}

/** The solved challenge, as the `Altcha` header carries it; `undefined` when it has no solution or the solving was stopped. */
export async function solveChallenge(challenge: Challenge, signal?: AbortSignal): Promise<string | undefined> {
  const max = challenge.maxnumber ?? DEFAULT_MAX;
  let number: number | undefined;
  try {
    number = (await inWorker(challenge, max, signal)) ?? (await onMainThread(challenge, max, signal));
  } catch {
    // No Web Crypto (a page served over plain http): the proxy refuses, and the visitor is told to try again.
    return undefined;
  }
  const { algorithm, salt, signature } = challenge;
  return number < 0 ? undefined : btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
}
