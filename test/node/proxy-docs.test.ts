import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ProxyEnv } from '../../packages/proxy/src/index.js';
import { PROXY_USAGE } from '../../packages/proxy/src/node/cli-help.js';
import { environmentTable } from '../../packages/proxy/src/node/settings.js';
import { ENVIRONMENT_END, ENVIRONMENT_FILES, ENVIRONMENT_START, withEnvironmentTable } from '../../scripts/proxy-environment.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const doc = readFileSync(resolve(root, 'docs/proxy.md'), 'utf8');

describe('docs/proxy.md', () => {
  it('shows the deployment examples exactly as the checked files are', () => {
    const blocks = [...doc.matchAll(/```(?:ts|jsonc) file=(\S+)\n([\s\S]*?)```/g)];
    assert.deepEqual(
      blocks.map((b) => b[1]),
      ['packages/proxy/examples/wrangler.jsonc', 'packages/proxy/examples/cloudflare-worker.ts', 'packages/proxy/examples/deno.ts'],
    );
    for (const [, file, code] of blocks)
      assert.equal(code, readFileSync(resolve(root, file!), 'utf8'), `${file} differs from its copy in docs/proxy.md`);
  });
});

describe("the proxy's settings: one list, printed by --help and tabled in its README and docs/proxy.md", () => {
  for (const [file, links] of Object.entries(ENVIRONMENT_FILES)) {
    it(`${file} holds the Environment table made from the list (npm run docs:proxy writes it)`, () => {
      const text = readFileSync(resolve(root, file), 'utf8');
      assert.equal(text, withEnvironmentTable(text, environmentTable(links)), `${file} differs: run npm run docs:proxy`);
      const table = text.slice(text.indexOf(ENVIRONMENT_START), text.indexOf(ENVIRONMENT_END));
      for (const name of Object.values(ProxyEnv)) assert.match(table, new RegExp(`\\| \`${name}\` \\|`), `${name} in ${file}`);
      if (!links) assert.doesNotMatch(table, /\]\(#/, 'no link to a section the README lacks');
    });
  }

  it('--help names every variable with its default, and sends the reader to the README section that exists', () => {
    for (const name of Object.values(ProxyEnv))
      assert.match(PROXY_USAGE, new RegExp(`^  ${name} +\\S.*\\((required|default)\\b`, 'm'), name);
    assert.match(PROXY_USAGE, /BOOKING_PROXY_CACHE_SECONDS +.*\(default 60\)/);
    assert.match(PROXY_USAGE, /"Environment" section of this package's README\.md/);
    assert.match(readFileSync(resolve(root, 'packages/proxy/README.md'), 'utf8'), /^## Environment$/m);
  });
});
