// Lint, and the import boundaries of DESIGN.md, enforced per folder:
//   renderer -> common;  main -> db, common (workers through the pool);  workers -> common;  db -> common;
//   only main/electron/ imports `electron`;  common/ imports no Node (and, by its tsconfig, no DOM).
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
const noNode = { paths: nodeBuiltins.map((name) => ({ name, message: 'This folder runs without Node.' })) };
const electronOnlyInShell = { name: 'electron', message: 'Only main/electron/ imports electron.' };

/** Blocks imports of the given top-level folders from anywhere below the linted folder. */
function folders(names, message) {
  return names.map((name) => ({ group: [`**/${name}/**`, `**/${name}`], message }));
}

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'migrations/', 'test-results/', 'playwright-report/', 'e2e/artifacts/', '.scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [electronOnlyInShell] }],
    },
  },
  {
    files: ['main/electron/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['common/**'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInShell, ...noNode.paths, { name: 'react', message: 'common/ is pure TypeScript.' }],
          patterns: [{ group: ['../*'], message: 'common/ imports nothing outside common/.' }],
        },
      ],
    },
  },
  {
    files: ['renderer/**'],
    ignores: ['renderer/vite.config.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInShell, ...noNode.paths],
          patterns: folders(['main', 'db', 'workers', 'cloud', 'bench', 'e2e'], 'renderer/ imports only common/.'),
        },
      ],
    },
  },
  {
    files: ['db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronOnlyInShell], patterns: folders(['main', 'renderer', 'workers', 'cloud'], 'db/ imports only common/.') },
      ],
    },
  },
  {
    files: ['workers/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronOnlyInShell], patterns: folders(['main', 'renderer', 'db', 'cloud'], 'workers/ import only common/.') },
      ],
    },
  },
  {
    files: ['main/**'],
    ignores: ['main/electron/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronOnlyInShell], patterns: folders(['renderer'], 'main/ never imports the renderer.') },
      ],
    },
  },
);
