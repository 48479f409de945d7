// Lint, and the import boundaries of DESIGN.md, enforced per folder:
//   renderer -> common;  main -> db, common, cloud (the local cloud beside the app);  workers -> common;  db -> common;
//   main reaches workers/ only through the pool, and fixtures/ only in its tests (the demo is written by a worker);
//   only main/electron/ imports `electron`;  common/ imports no Node (and, by its tsconfig, no DOM);
//   cloud -> common;  main/electron/preload.ts -> electron, common (it runs in the renderer's process);
//   bench, e2e -> harness/ (starting and signing in a host), never each other's files;  harness -> neither;
//   fixtures/ (generators and scenarios shared by tests, benches and e2e) -> common, db, workers, cloud;
//   nothing but bench/ itself imports bench/: what a test needs from it belongs in fixtures/;
//   renderer/features -> renderer/api, never renderer/bridge (nor `window.api`).
// In the renderer, no bridge call inside an effect: a read is an RTK Query endpoint the change feed refreshes.
// Also: no floating or misused promises on the Node side (type-aware), and a size limit per file.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
const noNode = { paths: nodeBuiltins.map((name) => ({ name, message: 'This folder runs without Node.' })) };
const electronOnlyInShell = { name: 'electron', message: 'Only main/electron/ imports electron.' };

/** Blocks imports of the given top-level folders from anywhere below the linted folder. */
function folders(names, message) {
  // A top folder is reached by climbing (`../../db/x`); a subject folder of the same name inside common/
  // (`../../common/cloud/x`) is not that folder.
  return names.map((name) => ({ regex: `^(\\.\\./)+${name}(/|$)`, message }));
}

const mainNeverImports = folders(['renderer', 'e2e', 'harness', 'bench'], 'main/ never imports the renderer, the e2e tools or the benchmarks.');
/** The product at run time: workers run in the pool (a task), and nothing of fixtures/ ships. */
const mainAtRunTimeNeverImports = folders(['workers', 'fixtures'], 'main/ reaches workers/ through the pool, and imports fixtures/ only in tests.');

/**
 * No call on the bridge inside an effect's callback (issue 44): a read held in `useState` and read again by hand goes
 * stale, so a read is an RTK Query endpoint whose tags the change feed invalidates (renderer/api/), and a command runs
 * from what the user did. A legitimate call in an effect says why beside an eslint-disable-next-line.
 */
const EFFECT = 'CallExpression:matches([callee.name=/^use(Layout|Insertion)?Effect$/], [callee.property.name=/^use(Layout|Insertion)?Effect$/])';
const BRIDGE_IN_EFFECT = 'A bridge call inside an effect: make the read an RTK Query endpoint (renderer/api/) the change feed refreshes.';
const noBridgeCallsInEffects = [
  { selector: `${EFFECT} CallExpression[callee.name=/^(callCore|callLibrary)$/]`, message: BRIDGE_IN_EFFECT },
  { selector: `${EFFECT} MemberExpression[object.name='window'][property.name='api']`, message: BRIDGE_IN_EFFECT },
];

/** Lines of code per file, blank lines and comments not counted: past it a file holds more than one thing. */
const MAX_LINES = 400;
/** Tests may run longer: one scenario per block reads better than helpers spread over files. */
const MAX_TEST_LINES = 600;

export default tseslint.config(
  // The Edge Functions' entries run on Deno (npm: imports, Deno globals): Deno checks them; their rules are linted here.
  { ignores: ['dist/', 'node_modules/', 'migrations/', 'test-results/', 'playwright-report/', 'e2e/artifacts/', '.scratch/', 'cloud/supabase/functions/*/index.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [electronOnlyInShell] }],
      'max-lines': ['error', { max: MAX_LINES, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts'],
    rules: { 'max-lines': ['error', { max: MAX_TEST_LINES, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The Node side, with types: a promise nobody awaits loses its error (an unhandled rejection, or nothing at
    // all). Await it, `.catch` it with a log, or `void` it with a comment saying why waiting is not needed.
    // The renderer's tests run in Node (vitest) against real cores and the local cloud: they are the Node side's.
    files: ['{common,db,main,workers,cloud,fixtures}/**/*.ts', 'renderer/**/*.test.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The renderer has its own types (DOM, Vite): its own project rather than the Node side's tsconfig.json.
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/vite.config.ts', 'renderer/**/*.test.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.renderer.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['main/electron/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: mainNeverImports }],
    },
  },
  {
    files: ['main/electron/**'],
    ignores: ['main/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...mainNeverImports, ...mainAtRunTimeNeverImports] }],
    },
  },
  {
    // The preload runs in the renderer's process with Node off: Electron's bridge and the contract, nothing of the core.
    files: ['main/electron/preload.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({ name, message: 'The preload runs sandboxed, without Node.' })),
          patterns: [
            { regex: '^\\.\\./(?!\\.\\./common/)', message: 'The preload imports only electron, common/ and its neighbours in main/electron/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['cloud/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronOnlyInShell], patterns: folders(['main', 'renderer', 'workers', 'db', 'bench', 'e2e', 'harness'], 'cloud/ imports only common/.') },
      ],
    },
  },
  {
    files: ['bench/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronOnlyInShell], patterns: folders(['e2e', 'renderer'], 'bench/ shares with e2e/ only through harness/.') },
      ],
    },
  },
  {
    files: ['e2e/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronOnlyInShell], patterns: folders(['renderer', 'bench'], 'e2e/ drives the app from outside; it shares with bench/ through harness/ and fixtures/.') },
      ],
    },
  },
  {
    files: ['fixtures/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInShell],
          patterns: folders(['main', 'renderer', 'bench', 'e2e', 'harness'], 'fixtures/ build inputs from common/, db/, workers/ and cloud/; tests, benches and e2e import them, not the reverse.'),
        },
      ],
    },
  },
  {
    files: ['harness/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronOnlyInShell], patterns: folders(['e2e', 'bench', 'renderer'], 'harness/ serves e2e/ and bench/ and imports neither.') },
      ],
    },
  },
  // common/ keeps its three shared files (constants, errors, messages) at its top and the rest in subject folders one
  // level down, so "outside common/" is one `..` up from the top and two from a subject folder.
  ...[
    { files: ['common/*.ts'], outside: '../*' },
    { files: ['common/*/**'], outside: '../../*' },
  ].map(({ files, outside }) => ({
    files,
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInShell, ...noNode.paths, { name: 'react', message: 'common/ is pure TypeScript.' }],
          patterns: [{ group: [outside], message: 'common/ imports nothing outside common/.' }],
        },
      ],
    },
  })),
  {
    files: ['renderer/**'],
    ignores: ['renderer/vite.config.ts', 'renderer/**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInShell, ...noNode.paths],
          patterns: folders(['main', 'db', 'workers', 'cloud', 'bench', 'e2e'], 'renderer/ imports only common/.'),
        },
      ],
      'no-restricted-syntax': ['error', ...noBridgeCallsInEffects],
    },
  },
  // Features reach the core through renderer/api/ (RTK Query's endpoints and `calls.ts`), never the bridge itself:
  // every call then passes the one change feed, and one folder knows how the page talks to the core. A feature uses
  // another only through its public face (its index.ts), so what a feature offers the others is written in one file;
  // ui/ is the kit (controls, modals, the waveform, styles), imported by path. Files sit one or two folders down.
  ...[
    { files: ['renderer/features/*/*.{ts,tsx}'], up: '\\.\\./' },
    { files: ['renderer/features/*/*/*.{ts,tsx}'], up: '\\.\\./\\.\\./' },
  ].map(({ files, up }) => ({
    files,
    ignores: ['renderer/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInShell, ...noNode.paths],
          patterns: [
            ...folders(['main', 'db', 'workers', 'cloud', 'bench', 'e2e'], 'renderer/ imports only common/.'),
            ...folders(['bridge'], 'Features reach the core through renderer/api/, never the bridge.'),
            { regex: `^${up}(?!ui/)[a-z-]+/`, message: "A feature uses another only through its public face: import from '../<feature>' (its index.ts)." },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='window'][property.name='api']", message: 'Features reach the core through renderer/api/ (calls.ts), never window.api.' },
        ...noBridgeCallsInEffects,
      ],
    },
  })),
  {
    files: ['db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronOnlyInShell], patterns: folders(['main', 'renderer', 'workers', 'cloud', 'bench'], 'db/ imports only common/.') },
      ],
    },
  },
  {
    files: ['workers/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronOnlyInShell], patterns: folders(['main', 'renderer', 'db', 'cloud', 'bench'], 'workers/ import only common/.') },
      ],
    },
  },
  {
    files: ['main/**'],
    ignores: ['main/electron/**', 'main/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnlyInShell], patterns: [...mainNeverImports, ...mainAtRunTimeNeverImports] }],
    },
  },
  {
    // main's tests build their inputs with fixtures/ and may call a worker's function directly.
    files: ['main/**/*.test.ts'],
    ignores: ['main/electron/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnlyInShell], patterns: mainNeverImports }],
    },
  },
);
