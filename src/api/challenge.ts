/**
 * A booking proxy's booking challenge (docs/proxy.md, "Bots: the booking challenge"): an
 * ALTCHA proof of work, fetched and solved while the visitor types, sent with the booking
 * in the `Altcha` header. Nothing is shown: there is no puzzle, only a few hundred
 * milliseconds of hashing, in a Web Worker when the page lets one start, otherwise on the
 * main thread in slices short enough never to make a long task. Only a proxy asks one
 * (its challenge route answers 204, nothing to solve, when it does not); loads with the booking code.
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

const challengeUrl = (apiBase: string) => `${new URL(apiBase || '/', globalThis.location?.href).href.replace(/\/+$/, '')}/proxy/challenge`;

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

/**
 * The challenge routes that answered "none" (204, or a proxy of before challenges), for the
 * page's life: a page books with the same proxy again and again, and a merchant who leaves
 * the challenge off should not pay a request per booking for it. A refusal asking for one
 * (the merchant turned it on meanwhile) makes the next fetch ask again.
 */
const asksNone = new Set<string>();

/**
 * A fresh challenge from the proxy at `apiBase`, or `undefined`: it asks none (204), it
 * answered something else, or it could not be reached (the booking then goes without, and
 * a proxy that wanted one says so). `fresh`: the proxy refused a booking without one, so ask
 * even where it said "none" before.
 */
export async function fetchChallenge(
  apiBase: string,
  fetcher: typeof fetch | undefined,
  signal?: AbortSignal,
  fresh = false,
): Promise<Challenge | undefined> {
  const url = challengeUrl(apiBase);
  if (fresh) asksNone.delete(url);
  if (asksNone.has(url)) return undefined;
  try {
    const response = await (fetcher ?? globalThis.fetch)(url, { headers: { Accept: 'application/json' }, signal });
    // 204: the proxy asks none; anything else but a challenge (a proxy of before challenges refuses the path): none either.
    // A 5xx or 429 says nothing about the setting: asked again next time.
    if (response.status !== 200) {
      if (response.status < 500 && response.status !== 429) asksNone.add(url);
      return undefined;
    }
    const body = (await response.json()) as Partial<Challenge>;
    return ['algorithm', 'challenge', 'salt', 'signature'].every((key) => typeof body[key as keyof Challenge] === 'string')
      ? (body as Challenge)
      : undefined;
  } catch {
    return undefined;
  }
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

/** A proxy's answer to a booking without a good solution (403, field `altcha`). */
export const isChallengeRefusal = (error: { status?: number; field?: string | undefined }): boolean =>
  error.status === 403 && error.field === 'altcha';

/** A fresh challenge from the proxy at `apiBase`, solved; `undefined` when it asks none or it could not be solved (`fresh`: as fetchChallenge's). */
export async function solvedChallenge(
  { apiBase, fetch, fresh }: { apiBase: string; fetch?: typeof globalThis.fetch | undefined; fresh?: boolean },
  signal?: AbortSignal,
): Promise<string | undefined> {
  const challenge = await fetchChallenge(apiBase, fetch, signal, fresh);
  return challenge && solveChallenge(challenge, signal);
}
