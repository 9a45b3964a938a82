/**
 * The booking challenge (docs/proxy.md, "Bots: the booking challenge"): an opt-in
 * proof of work with ALTCHA, so that every booking costs its sender a fraction of a
 * second of computing, which a visitor's widget spends while they type and a bot
 * sending thousands spends thousands of times. Each solution is accepted once: the
 * state remembers it until its challenge expires, on every instance sharing it.
 *
 * One solution covers one booking: the client POST spends it, and the client token
 * the proxy signs for that client carries its name; the appointment POST for that
 * client claims it once (a retry with the same `Idempotency-Key` is the same claim).
 * A second appointment for the same client needs a solution of its own.
 */
import { isRecord } from 'booking-widget-shared/is-record';
import { ERROR_HEADERS, Refusal, RefusalReason } from '../http/refusal.js';
import type { ChallengeSettings, ResolvedProxy } from '../resolve-options.js';
import { CLIENT_TOKEN_TTL_MS } from '../tokens/client-token.js';
import type { Guard } from './guard.js';

/** Loaded when a challenge is first asked for or checked: a proxy with the challenge off starts without altcha-lib. */
const altcha = () => import('altcha-lib/v1');

/** The header a POST carries its solved challenge in: ALTCHA's base64 payload. */
export const CHALLENGE_HEADER = 'Altcha';

/** ALTCHA's own algorithm names; only SHA-256 is offered, so only it is accepted. */
const ALGORITHM = 'SHA-256';

interface Solved {
  algorithm: 'SHA-256';
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/**
 * The ALTCHA key: derived from the signing key, so that every instance sharing that key
 * (as they must, for client tokens) verifies every other's challenges, with no secret more.
 */
const hmacKey = (proxy: ResolvedProxy): Promise<string> => proxy.signer.digest('booking-challenge');

const refused = (reason: RefusalReason): Refusal =>
  new Refusal(403, 'FORBIDDEN', 'This booking needs a solved booking challenge: fetch a new one and solve it.', reason, 'altcha');

function decode(header: string | null): Solved | undefined {
  if (!header || header.length > 1024) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(atob(header));
  } catch {
    return undefined;
  }
  if (!isRecord(value) || value.algorithm !== ALGORITHM || !Number.isSafeInteger(value.number)) return undefined;
  const { challenge, salt, signature } = value;
  return typeof challenge === 'string' && typeof salt === 'string' && typeof signature === 'string' && /^[0-9a-f]{64}$/.test(signature)
    ? (value as unknown as Solved)
    : undefined;
}

/**
 * `GET {basePath}/proxy/challenge`: a fresh challenge, or 204 when the merchant has not turned challenges
 * on: nothing to solve, and no failed request in the console of every booking page.
 */
export const issueChallenge: Guard = async ({ proxy }) => {
  const settings = proxy.challenge;
  if (!settings) return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  const { createChallenge } = await altcha();
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    hmacKey: await hmacKey(proxy),
    maxNumber: settings.maxNumber,
    // The proxy's clock, not the machine's: a pinned preview or test expires on its own day.
    expires: new Date(proxy.now() + settings.expiresSeconds * 1000),
  });
  return new Response(JSON.stringify(challenge), { headers: ERROR_HEADERS });
};

/**
 * Spends the request's solved challenge, or refuses the request (403, field `altcha`) before
 * anything is sent upstream: no solution, a wrong one, an expired one, or one already spent.
 * Returns the solution's name (its signature), which the client token carries.
 */
export async function spendChallenge(proxy: ResolvedProxy, request: Request, settings: ChallengeSettings): Promise<string> {
  const solved = decode(request.headers.get(CHALLENGE_HEADER));
  if (!solved) throw refused(RefusalReason.challengeMissing);
  const { extractParams, verifySolution } = await altcha();
  const expiresAt = Number(extractParams(solved).expires) * 1000;
  const now = proxy.now();
  // Expiry is judged on the proxy's clock (altcha-lib's own check reads the machine's), and no later than a challenge it issues.
  if (!(expiresAt > now && expiresAt <= now + settings.expiresSeconds * 1000)) throw refused(RefusalReason.challengeInvalid);
  if (!(await verifySolution(solved, await hmacKey(proxy), false))) throw refused(RefusalReason.challengeInvalid);
  // Kept until the challenge expires: after that it is refused as expired anyway.
  if (!(await proxy.state.setIfAbsent(`challenge:${solved.signature}`, '1', expiresAt - now)))
    throw refused(RefusalReason.challengeReplayed);
  return solved.signature;
}

/**
 * The appointment POST's part: a fresh solution in its own header, or the one its client
 * was created with, claimed for this booking. Returns what gives the claim back when the
 * service refuses the booking (a taken time, a field to correct), so the visitor can try
 * again without solving anew; a booking made, or whose outcome is unknown, keeps it.
 */
export async function claimForBooking(
  proxy: ResolvedProxy,
  request: Request,
  settings: ChallengeSettings,
  clientProof: string | undefined,
  companyId: string,
): Promise<(answer: Response) => Promise<void>> {
  const keep = async () => {};
  if (request.headers.has(CHALLENGE_HEADER) || !clientProof) {
    await spendChallenge(proxy, request, settings);
    return keep;
  }
  const key = `challenge-booking:${clientProof}`;
  // The same booking retried (the same key, for the same company) is the same claim: the idempotency record answers it.
  // The same key for another company is another booking, which must not pass as this claim, nor give it back when refused.
  const claim = `${companyId} ${request.headers.get('Idempotency-Key') ?? crypto.randomUUID()}`;
  if (!(await proxy.state.setIfAbsent(key, claim, CLIENT_TOKEN_TTL_MS)) && (await proxy.state.get(key)) !== claim) {
    throw refused(RefusalReason.challengeReplayed);
  }
  return async (answer) => {
    if (answer.status >= 400 && answer.status < 500) await proxy.state.delete(key, claim);
  };
}
