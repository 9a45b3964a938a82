import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ProxyEnv } from '../../packages/proxy/src/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const doc = readFileSync(resolve(root, 'docs/proxy.md'), 'utf8');

describe('docs/proxy.md', () => {
  it('shows the deployment examples exactly as the checked files are', () => {
    const blocks = [...doc.matchAll(/```(?:ts|jsonc) file=(\S+)\n([\s\S]*?)```/g)];
    assert.deepEqual(
      blocks.map((b) => b[1]),
      ['docs/deploy/wrangler.jsonc', 'docs/deploy/cloudflare-worker.ts', 'docs/deploy/deno.ts'],
    );
    for (const [, file, code] of blocks)
      assert.equal(code, readFileSync(resolve(root, file!), 'utf8'), `${file} differs from its copy in docs/proxy.md`);
  });

  it('documents every environment variable the Node entry reads', () => {
    for (const name of Object.values(ProxyEnv)) assert.match(doc, new RegExp(`\\| \`${name}\` \\|`), name);
  });
});
