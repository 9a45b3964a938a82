import { Refusal, RefusalReason } from '../http/refusal.js';
import type { TokenSigner } from './signing.js';

/**
 * The browser never sees a client's real id. The proxy answers `POST clients`
 * with a token in its place: the real id signed together with an expiry. The
 * widget puts that `id` in the appointment as it would any id, and the proxy
 * books only a client whose token it signed. So a visitor can book for the
 * client they just created, and for no other: not by guessing ids, and not by
 * learning from the errors which ids exist.
 */

const KIND = 'client';

/**
 * How long a created client may be booked. A visitor who takes longer is not
 * stuck: the widget (`BookingAttempt`) creates the client again when the proxy
 * refuses the old token.
 */
export const CLIENT_TOKEN_TTL_MS = 60 * 60_000;

/**
 * `phone`, the client's phone number, goes in as the signer's digest only: a walk-in
 * line limits joins per phone number (rules/queue-guard.ts) without the number in clear.
 */
export const issueClientToken = async (
  signer: TokenSigner,
  clientId: string,
  nowMs: number,
  phone?: string,
  proof?: string,
): Promise<string> =>
  signer.sign({
    kind: KIND,
    exp: nowMs + CLIENT_TOKEN_TTL_MS,
    id: clientId,
    ...(phone && { ph: await phoneDigest(signer, phone) }),
    // The booking challenge the client was created with (rules/booking-challenge.ts): its appointment claims it.
    ...(proof && { pow: proof }),
  });

/** The same digest for every way of writing one number: only its digits (and a leading +) count. */
const phoneDigest = (signer: TokenSigner, phone: string): Promise<string> =>
  signer.digest(`phone:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`);

/**
 * The real id behind a client token, or a 403 that reads the same for every id
 * the proxy did not issue (existing or not, expired or forged), and that sends
 * nothing upstream.
 */
export async function issuedClientId(signer: TokenSigner, token: string | undefined, nowMs: number): Promise<string> {
  return (await issuedClient(signer, token, nowMs)).id;
}

/** {@link issuedClientId}, with the digest of the phone number the client was created with, if any. */
export async function issuedClient(
  signer: TokenSigner,
  token: string | undefined,
  nowMs: number,
): Promise<{ id: string; phone?: string; proof?: string }> {
  const payload = token === undefined ? undefined : await signer.verify(token, KIND, nowMs);
  if (typeof payload?.id !== 'string') {
    throw new Refusal(
      403,
      'FORBIDDEN',
      'Book for the client created on this booking page: create the client again, then the appointment.',
      RefusalReason.clientNotIssued,
      'client.id',
    );
  }
  return {
    id: payload.id,
    ...(typeof payload.ph === 'string' && { phone: payload.ph }),
    ...(typeof payload.pow === 'string' && { proof: payload.pow }),
  };
}
