import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'packages/*/dist/', 'node_modules/', 'bench/results.json', 'coverage/', '.sandbox-data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/components/**/*.ts', 'src/embed/**/*.ts', 'src/index.ts', 'test/browser/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
  {
    files: ['src/components/**/*.ts', 'src/embed/**/*.ts'],
    ...wc.configs['flat/recommended'],
  },
  {
    files: ['*.js', '*.mjs', 'scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'packages/sandbox/src/cli.ts', 'packages/proxy/src/cli.ts', 'test/**'],
    rules: { 'no-console': 'off' },
  },
);
