import { Refusal, RefusalReason } from '../http/refusal.js';
import type { TokenSigner } from './signing.js';

/**
 * The manage token (service contract §7a): the proxy's signature over a company, one of
 * its appointments and an expiry. It holds no personal data, so it can sit in a
 * link, a calendar file or a URL bar. The proxy remembers nothing: any instance
 * holding the key can check it.
 */

const KIND = 'manage';

/** A token outlives its appointment by this much, so a visitor who opens the link afterwards hears why nothing can change. */
export const MANAGE_TOKEN_GRACE_MS = 7 * 24 * 3_600_000;

/** The header the browser sends the token back in; never forwarded upstream. */
export const MANAGE_TOKEN_HEADER = 'Manage-Token';

export const issueManageToken = (signer: TokenSigner, companyId: string, appointmentId: string, endMs: number): Promise<string> =>
  signer.sign({ kind: KIND, exp: endMs + MANAGE_TOKEN_GRACE_MS, co: companyId, id: appointmentId });

/**
 * Passes only a token this proxy signed (with the current or the previous key), not
 * expired, for exactly this appointment of exactly this company. Every other case,
 * missing, forged, expired or another booking's, is the same 403, before anything
 * is sent upstream.
 */
export async function checkManageToken(
  signer: TokenSigner,
  token: string | null,
  companyId: string,
  appointmentId: string,
  nowMs: number,
): Promise<void> {
  const payload = token === null || token.length > 1024 ? undefined : await signer.verify(token, KIND, nowMs);
  if (payload?.co !== companyId || payload.id !== appointmentId) {
    throw new Refusal(
      403,
      'FORBIDDEN',
      'This link does not let you change this booking, or it has expired.',
      RefusalReason.manageTokenInvalid,
      MANAGE_TOKEN_HEADER,
    );
  }
}
