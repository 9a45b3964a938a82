/**
 * `npm run docs:proxy`: writes the proxy's "Environment" table, made from its one list of settings
 * (packages/proxy/src/node/settings.ts, which `--help` prints too), into the package's README.md and
 * into docs/proxy.md, between the markers below. test/node/proxy-docs.test.ts fails when either differs.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { environmentTable } from '../packages/proxy/src/node/settings.js';

export const ENVIRONMENT_START = '<!-- environment: made from packages/proxy/src/node/settings.ts by npm run docs:proxy -->';
export const ENVIRONMENT_END = '<!-- /environment -->';

/** Each file the table goes into, and whether its `(#anchor)` links work there. */
export const ENVIRONMENT_FILES = { 'packages/proxy/README.md': false, 'docs/proxy.md': true } as const;

/** `text` with its marked block holding `table`; throws when the markers are missing. */
export function withEnvironmentTable(text: string, table: string): string {
  const start = text.indexOf(ENVIRONMENT_START);
  const end = text.indexOf(ENVIRONMENT_END);
  if (start < 0 || end < start) throw new Error(`no ${ENVIRONMENT_START} … ${ENVIRONMENT_END} block`);
  return `${text.slice(0, start + ENVIRONMENT_START.length)}\n${table}\n${text.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [file, links] of Object.entries(ENVIRONMENT_FILES)) {
    const path = fileURLToPath(new URL(`../${file}`, import.meta.url));
    await writeFile(path, withEnvironmentTable(await readFile(path, 'utf8'), environmentTable(links)));
  }
}
