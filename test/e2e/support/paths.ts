import { fileURLToPath } from 'node:url';

const at = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

export const REPO = at('');
/** `npm run build`'s output: the script-tag bundle and its chunks. */
export const DIST = at('dist');
export const PAGES = at('test/e2e/pages');
export const APPS = at('test/e2e/apps');
/** Demo files the tests share (the hostile theme). */
export const DEMO = at('demo');
