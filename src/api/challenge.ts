/**
 * A booking proxy's booking challenge (docs/proxy.md, "Bots: the booking challenge"): an
 * ALTCHA proof of work, fetched and solved while the visitor types, sent with the booking
 * in the `Altcha` header. Nothing is shown: there is no puzzle, only a few hundred
 * milliseconds of hashing, in a Web Worker when the page lets one start, otherwise on the
 * main thread in slices short enough never to make a long task. Only a proxy asks one
 * (its challenge route answers 204, nothing to solve, when it does not); loads with the booking code,
 * and the solver (solve-challenge.ts) only once a proxy has sent a challenge to solve.
 */

import type { Challenge } from './solve-challenge.js';
import { proxyUrl } from './transport.js';

export type { Challenge };

const challengeUrl = (apiBase: string) => proxyUrl(apiBase, '/challenge');

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
async function fetchChallenge(
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

/** A proxy's answer to a booking without a good solution (403, field `altcha`). */
export const isChallengeRefusal = (error: { status?: number; field?: string | undefined }): boolean =>
  error.status === 403 && error.field === 'altcha';

/** A fresh challenge from the proxy at `apiBase`, solved; `undefined` when it asks none or it could not be solved (`fresh`: as fetchChallenge's). */
export async function solvedChallenge(
  { apiBase, fetch, fresh }: { apiBase: string; fetch?: typeof globalThis.fetch | undefined; fresh?: boolean },
  signal?: AbortSignal,
): Promise<string | undefined> {
  const challenge = await fetchChallenge(apiBase, fetch, signal, fresh);
  return (
    challenge &&
    import('./solve-challenge.js').then(
      ({ solveChallenge }) => solveChallenge(challenge, signal),
      () => undefined,
    )
  );
}
