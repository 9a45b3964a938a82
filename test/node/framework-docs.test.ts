/**
 * The framework guides against the projects their readers start from: the templates of
 * `npm create vite@latest` (create-vite 9.3.0), kept in test/e2e/apps/create-vite/. A
 * setting the guides give must add to what a template holds (its `types` list carries
 * `vite/client`, without which `import './style.css'` fails with TS2882), and a file they
 * tell the reader to edit must exist in the templates.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';

const root = resolve(import.meta.dirname, '../..');
const TEMPLATES = join(root, 'test/e2e/apps/create-vite');
const GUIDES = ['docs/embed/frameworks.md', 'docs/embed/react.md'];
const FRAMEWORKS = { vue: 'vue-ts', react: 'react-ts', svelte: 'svelte-ts', solid: 'solid-ts' } as const;

/** JSON with comments, as tsconfig files and the guides' `jsonc` blocks are written. */
const jsonc = (text: string): Record<string, unknown> =>
  JSON.parse(
    text
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '')
      .replace(/,(\s*[}\]])/g, '$1'),
  ) as Record<string, unknown>;

const templateTypes = (template: string): string[] =>
  (jsonc(readFileSync(join(TEMPLATES, template, 'tsconfig.app.json'), 'utf8')).compilerOptions as { types?: string[] }).types ?? [];

/** Every `jsonc` block of the guides that is a tsconfig.app.json, with the framework whose typings it names. */
function tsconfigBlocks(): { guide: string; framework: keyof typeof FRAMEWORKS; config: Record<string, unknown> }[] {
  return GUIDES.flatMap((guide) =>
    [...readFileSync(join(root, guide), 'utf8').matchAll(/```jsonc\n(\/\/ tsconfig\.app\.json[\s\S]*?)```/g)].map(([, block]) => {
      const framework = /booking-widget\/types\/(\w+)/.exec(block!)![1] as keyof typeof FRAMEWORKS;
      return { guide, framework, config: jsonc(block!) };
    }),
  );
}

describe('the framework guides, against the create-vite templates', () => {
  it('every tsconfig the guides show adds the typings to the template’s types, keeping what it lists', () => {
    const blocks = tsconfigBlocks();
    assert.deepEqual([...new Set(blocks.map((block) => block.framework))].sort(), ['react', 'svelte', 'vue']);
    for (const { guide, framework, config } of blocks) {
      const types = (config.compilerOptions as { types: string[] }).types;
      assert.ok(types.includes(`booking-widget/types/${framework}`), `${guide}: ${framework}`);
      for (const kept of templateTypes(FRAMEWORKS[framework])) assert.ok(types.includes(kept), `${guide}: ${framework} keeps "${kept}"`);
    }
  });

  it('Vue: strictTemplates goes in vueCompilerOptions, beside compilerOptions', () => {
    const vue = tsconfigBlocks().find((block) => block.framework === 'vue')!;
    assert.deepEqual(vue.config.vueCompilerOptions, { strictTemplates: true });
    assert.equal((vue.config.compilerOptions as Record<string, unknown>).strictTemplates, undefined);
  });

  it('every template lists types in tsconfig.app.json, so "add it to compilerOptions.types" applies to each', () => {
    for (const template of Object.values(FRAMEWORKS)) assert.ok(templateTypes(template).includes('vite/client'), template);
  });

  it('every file under src/ the guides name exists in the templates', () => {
    const files = new Set(Object.values(FRAMEWORKS).flatMap((t) => readFileSync(join(TEMPLATES, t, 'src-files.txt'), 'utf8').split('\n')));
    for (const guide of GUIDES) {
      for (const [, path] of readFileSync(join(root, guide), 'utf8').matchAll(/[`\s(](src\/[\w./-]+\.\w+)/g)) {
        assert.ok(files.has(path!), `${guide} names ${path}, which no create-vite template has`);
      }
    }
    assert.ok(existsSync(join(TEMPLATES, 'README.md')), 'the fixtures say where they come from');
  });
});
