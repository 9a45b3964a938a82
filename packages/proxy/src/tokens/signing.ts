/**
 * Tokens the proxy hands to the browser and accepts back, so that it can trust
 * what it issued without remembering it: nothing to share between processes or
 * edge isolates except the key. HMAC-SHA256 through Web Crypto, which Node,
 * Cloudflare Workers and Deno all provide.
 *
 * A token is `base64url(JSON payload).base64url(HMAC)`. The payload names its
 * `kind`, so that a token issued for one purpose (a client the proxy created)
 * is never accepted for another (a manage token, say), and carries its expiry.
 */

/** What a token says; `kind` and `exp` are checked by {@link TokenSigner.verify}, the rest is the caller's. */
export interface TokenPayload {
  /** What the token is for, e.g. `client`. */
  kind: string;
  /** Expiry, epoch milliseconds. */
  exp: number;
  [claim: string]: string | number;
}

export interface TokenSigner {
  /** A token for `payload`, signed with the current key. */
  sign(payload: TokenPayload): Promise<string>;
  /**
   * The payload of a token signed by any of the keys, of this `kind` and not
   * expired at `nowMs`; `undefined` for anything else, whatever is wrong with it.
   * `nowMs` `null`: the expiry is not checked, the caller judges the token's life
   * (a manage token's is its booking's, as the service has it now).
   */
  verify(token: string, kind: string, nowMs: number | null): Promise<TokenPayload | undefined>;
  /**
   * An HMAC of `text` with the current key (base64url): a stable name for something
   * personal, such as a phone number, that no one without the key can read back.
   */
  digest(text: string): Promise<string>;
}

/** The shortest key accepted: 32 characters, such as `openssl rand -base64 32` prints. */
export const MIN_SIGNING_KEY_LENGTH = 32;

const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/**
 * The bytes of a base64url text, only in the one spelling `toBase64Url` writes: the
 * last character of a text whose length is not a multiple of 4 carries bits that no
 * byte uses, and `atob` ignores them, so four texts would decode to one signature.
 * A token has exactly one accepted spelling.
 */
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
  return toBase64Url(bytes) === text ? bytes : undefined;
}

const isPayload = (value: unknown): value is TokenPayload =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TokenPayload).kind === 'string' &&
  Number.isFinite((value as TokenPayload).exp);

/** A random key for a proxy that was given none: good for one process, and only for it. */
export function randomSigningKey(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * Signs with the first of `keys` and verifies with any of them, so that a key can
 * be rotated: put the new one first and keep the previous one until the tokens it
 * signed have expired.
 *
 * @example
 * const signer = createTokenSigner([env.BOOKING_PROXY_SIGNING_KEY, env.BOOKING_PROXY_SIGNING_KEY_PREVIOUS]);
 * const token = await signer.sign({ kind: 'client', exp: now + 3_600_000, id: '5001' });
 * const payload = await signer.verify(token, 'client', now); // { kind, exp, id } or undefined
 */
export function createTokenSigner(keys: readonly string[]): TokenSigner {
  if (keys.length === 0) throw new TypeError('booking proxy: at least one signing key is needed.');
  // Imported on first use: key import is asynchronous and the proxy is created synchronously.
  let imported: Promise<CryptoKey[]> | undefined;
  const cryptoKeys = () =>
    (imported ??= Promise.all(
      keys.map((key) => crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])),
    ));

  return {
    async sign(payload) {
      const body = toBase64Url(encoder.encode(JSON.stringify(payload)));
      const [current] = await cryptoKeys();
      const signature = new Uint8Array(await crypto.subtle.sign('HMAC', current!, encoder.encode(body)));
      return `${body}.${toBase64Url(signature)}`;
    },

    async digest(text) {
      const [current] = await cryptoKeys();
      return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', current!, encoder.encode(text))));
    },

    async verify(token, kind, nowMs) {
      const parts = token.split('.');
      if (parts.length !== 2) return undefined;
      const [body, signatureText] = parts as [string, string];
      const signature = fromBase64Url(signatureText);
      if (!signature) return undefined;
      let valid = false;
      // `crypto.subtle.verify` compares in constant time; a plain string comparison would not.
      for (const key of await cryptoKeys()) valid ||= await crypto.subtle.verify('HMAC', key, signature, encoder.encode(body));
      if (!valid) return undefined;
      let payload: unknown;
      try {
        payload = JSON.parse(new TextDecoder().decode(fromBase64Url(body)));
      } catch {
        return undefined;
      }
      if (!isPayload(payload) || payload.kind !== kind || (nowMs !== null && payload.exp <= nowMs)) return undefined;
      return payload;
    },
  };
}
