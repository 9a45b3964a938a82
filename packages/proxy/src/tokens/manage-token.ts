import { Refusal, RefusalReason } from '../http/refusal.js';
import type { TokenSigner } from './signing.js';

/**
 * The manage token (service contract §7a): the proxy's signature over a company and
 * one of its appointments. It holds no personal data, so it can sit in a link, a
 * calendar file or a URL bar. The proxy remembers nothing: any instance holding the
 * key can check it.
 *
 * Its life is the booking's, as the service has it now: the link works while the
 * booking is upcoming or ended less than a week ago, however often it was moved
 * (the proxy reads the booking on every manage call anyway, `checkLinkLife`). The
 * token's own `exp` (the booking's first end plus a week) is not checked: a link in
 * an e-mail or a calendar cannot be re-issued after a move. It is still written, so
 * that an instance of an older release, in a fleet being upgraded, reads it as before.
 * What ends a link early is the key: see docs/proxy.md on rotating keys.
 */

const KIND = 'manage';

/** A link outlives its appointment's end by this much, so a visitor who opens it afterwards sees what it was. */
export const MANAGE_TOKEN_GRACE_MS = 7 * 24 * 3_600_000;

/** The header the browser sends the token back in; never forwarded upstream. */
export const MANAGE_TOKEN_HEADER = 'Manage-Token';

export const issueManageToken = (signer: TokenSigner, companyId: string, appointmentId: string, endMs: number): Promise<string> =>
  signer.sign({ kind: KIND, exp: endMs + MANAGE_TOKEN_GRACE_MS, co: companyId, id: appointmentId });

/**
 * Passes only a token this proxy signed (with the current or the previous key) for
 * exactly this appointment of exactly this company. Every other case, missing,
 * forged or another booking's, is the same 403, before anything is sent upstream;
 * whether the link has lived its life is the booking's to say (`checkLinkLife`).
 */
export async function checkManageToken(signer: TokenSigner, token: string | null, companyId: string, appointmentId: string): Promise<void> {
  const payload = token === null || token.length > 1024 ? undefined : await signer.verify(token, KIND, null);
  if (payload?.co !== companyId || payload.id !== appointmentId) throw linkRefused();
}

/**
 * A link whose booking, as the service has it now, ended more than a week before
 * `nowMs` is refused like a forged one: it has lived its life.
 */
export function checkLinkLife(endMs: number, nowMs: number): void {
  if (endMs + MANAGE_TOKEN_GRACE_MS <= nowMs) throw linkRefused();
}

const linkRefused = (): Refusal =>
  new Refusal(
    403,
    'FORBIDDEN',
    'This link does not let you change this booking, or it has expired.',
    RefusalReason.manageTokenInvalid,
    MANAGE_TOKEN_HEADER,
  );
