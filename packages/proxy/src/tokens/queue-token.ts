import { Refusal, RefusalReason } from '../http/refusal.js';
import type { TokenSigner } from './signing.js';

/**
 * The queue token (service contract §16): the proxy's signature over one registration in a
 * walk-in line of a company it serves, and an expiry. Like the manage token it holds no
 * personal data, so it can sit in the link that reopens a visitor's place; and the
 * proxy remembers nothing: any instance holding the key can check it.
 */

const KIND = 'queue';

/** A line lasts a working day at most; the link stays readable a day after joining, then says it expired. */
export const QUEUE_TOKEN_TTL_MS = 24 * 3_600_000;

/** The header the browser sends the token back in; never forwarded upstream. */
export const QUEUE_TOKEN_HEADER = 'Queue-Token';

export const issueQueueToken = (signer: TokenSigner, companyId: string, registrationId: string, nowMs: number): Promise<string> =>
  signer.sign({ kind: KIND, exp: nowMs + QUEUE_TOKEN_TTL_MS, co: companyId, id: registrationId });

/**
 * Passes only a token this proxy signed, not expired, for exactly this registration, in a
 * line of a company the proxy still serves. Every other case (missing, forged, expired,
 * another visitor's) is the same 403, before anything is sent upstream.
 */
export async function checkQueueToken(
  signer: TokenSigner,
  token: string | null,
  registrationId: string,
  companies: ReadonlySet<string>,
  nowMs: number,
): Promise<void> {
  const payload = token === null || token.length > 1024 ? undefined : await signer.verify(token, KIND, nowMs);
  if (payload?.id !== registrationId || typeof payload.co !== 'string' || !companies.has(payload.co)) {
    throw new Refusal(
      403,
      'FORBIDDEN',
      'This link does not show your place in this line, or it has expired.',
      RefusalReason.queueTokenInvalid,
      QUEUE_TOKEN_HEADER,
    );
  }
}
