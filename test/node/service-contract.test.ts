/**
 * Every "service contract §N" in the code and the docs names a section that
 * docs/service-contract.md has, and no citation names the contract any other way: a
 * reader of any of the packages (each ships that page) can follow each one.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONTRACT = 'docs/service-contract.md';
const sections = new Set([...readFileSync(`${ROOT}${CONTRACT}`, 'utf8').matchAll(/^## (\d+a?)\. /gm)].map((m) => m[1]));
const files = execFileSync('git', ['ls-files', '*.ts', '*.mjs', '*.md'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && file !== CONTRACT && file !== 'test/node/service-contract.test.ts' && !file.startsWith('test/e2e/apps/'));
const texts = files.map((file) => ({ file, text: readFileSync(`${ROOT}${file}`, 'utf8') }));

describe('service contract citations', () => {
  it('reads the contract’s sections', () => {
    assert.ok(
      ['1', '7', '7a', '14', '16'].every((section) => sections.has(section)),
      [...sections].join(' '),
    );
  });

  it('every "service contract §N" names a section of docs/service-contract.md', () => {
    const cited = texts.flatMap(({ file, text }) =>
      [...text.matchAll(/service contract §(\d+a?)((?:, §\d+a?)*)/g)].flatMap((m) =>
        [m[1], ...m[2].split(', §').filter(Boolean)].map((section) => ({ file, section: section!.replace(/^§/, '') })),
      ),
    );
    assert.ok(cited.length > 100, `${cited.length} citations`);
    assert.deepEqual(
      cited.filter(({ section }) => !sections.has(section)),
      [],
    );
  });

  it('no citation of a contract the packages do not ship ("contract §N" alone, api-contract.md)', () => {
    const stray = texts.flatMap(({ file, text }) =>
      text.split('\n').flatMap((line, i) => (/(?<!service )contract §|api-contract\.md/.test(line) ? [`${file}:${i + 1}`] : [])),
    );
    assert.deepEqual(stray, []);
  });
});
