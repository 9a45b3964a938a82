/**
 * SHA-256 of `text` in hex, with Web Crypto (Node, Deno and Workers alike). Keys of
 * the shared state are digests: bounded in length, free of characters a store might
 * treat specially, and not readable (an address or a refresh token is not in them).
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
