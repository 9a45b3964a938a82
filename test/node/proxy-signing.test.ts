import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTokenSigner, randomSigningKey } from '../../packages/proxy/src/tokens/signing.js';

const NOW = Date.parse('2026-03-04T15:00:00Z');
const OLD_KEY = 'old-key-'.repeat(5);
const NEW_KEY = 'new-key-'.repeat(5);
const payload = { kind: 'client', exp: NOW + 60_000, id: '5001' };

describe('proxy token signing (HMAC-SHA256, Web Crypto)', () => {
  it('gives back the payload of a token it signed, until it expires', async () => {
    const signer = createTokenSigner([NEW_KEY]);
    const token = await signer.sign(payload);
    assert.deepEqual(await signer.verify(token, 'client', NOW), payload);
    assert.deepEqual(await signer.verify(token, 'client', NOW + 59_999), payload);
    assert.equal(await signer.verify(token, 'client', NOW + 60_000), undefined, 'expired');
  });

  it('refuses a token of another kind, so one purpose cannot stand in for another', async () => {
    const signer = createTokenSigner([NEW_KEY]);
    assert.equal(await signer.verify(await signer.sign(payload), 'manage', NOW), undefined);
  });

  it('refuses tampered, forged and malformed tokens', async () => {
    const signer = createTokenSigner([NEW_KEY]);
    const token = await signer.sign(payload);
    const [body, signature] = token.split('.') as [string, string];
    const otherBody = Buffer.from(JSON.stringify({ ...payload, id: '5002' })).toString('base64url');
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    for (const forged of [
      `${otherBody}.${signature}`,
      `${body}.${flipped}`,
      `${body}.`,
      body,
      '',
      '5001',
      `${token}.x`,
      `${body}.${signature}=`,
      '..',
    ]) {
      assert.equal(await signer.verify(forged, 'client', NOW), undefined, forged);
    }
    assert.equal(await signer.verify(await createTokenSigner([OLD_KEY]).sign(payload), 'client', NOW), undefined, 'another key');
  });

  it('accepts a token in its one canonical spelling only', async () => {
    const signer = createTokenSigner([NEW_KEY]);
    const token = await signer.sign(payload);
    const [body, signature] = token.split('.') as [string, string];
    // 32 bytes are 43 base64url characters: the last one holds 2 bits no byte uses, so 4 characters decode alike.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature.at(-1)!);
    const spellings = [0, 1, 2, 3].map((low) => `${body}.${signature.slice(0, -1)}${alphabet[(last & ~3) | low]}`);
    assert.ok(spellings.every((spelling) => Buffer.from(spelling.split('.')[1]!, 'base64url').equals(Buffer.from(signature, 'base64url'))));
    const accepted = [];
    for (const spelling of spellings) if (await signer.verify(spelling, 'client', NOW)) accepted.push(spelling);
    assert.deepEqual(accepted, [token]);
  });

  it('verifies with the previous key during a rotation, and signs with the new one', async () => {
    const before = createTokenSigner([OLD_KEY]);
    const during = createTokenSigner([NEW_KEY, OLD_KEY]);
    const after = createTokenSigner([NEW_KEY]);
    const old = await before.sign(payload);
    assert.deepEqual(await during.verify(old, 'client', NOW), payload);
    const fresh = await during.sign(payload);
    assert.deepEqual(await after.verify(fresh, 'client', NOW), payload);
    assert.equal(await before.verify(fresh, 'client', NOW), undefined);
    assert.equal(await after.verify(old, 'client', NOW), undefined);
  });

  it('makes tokens that can stand where an id stands (path segment or JSON string)', async () => {
    const token = await createTokenSigner([NEW_KEY]).sign({ ...payload, id: 'ünïcode/&?=' });
    assert.match(token, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    assert.ok(token.length < 255);
  });

  it('makes random keys of 256 bits, never the same twice', () => {
    const keys = new Set(Array.from({ length: 20 }, randomSigningKey));
    assert.equal(keys.size, 20);
    for (const key of keys) assert.equal(Buffer.from(key, 'base64url').length, 32);
  });
});
