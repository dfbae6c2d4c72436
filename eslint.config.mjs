import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createRequire } from 'node:module';

const { packages: WORKER_ONLY } = createRequire(import.meta.url)('./api/apiBoundary.cjs');
// Every import rule's message ends pointing at the map of the trees and who may import whom.
const MAP = ' (docs/architecture.md, "The trees")';
const layer = (message, ...groups) => ({ group: groups, message: message + MAP });

export default tseslint.config(
  { ignores: ['node_modules/', '**/dist/', '.data/', '.tools/', '.scratch/', 'coverage/', 'bench-results/', 'test-artifacts/', '.workflow-entry-*/'] },
  js.configs.recommended,
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' } },
  },
  {
    // Scripts the pages load in the browser (served by /assets): plain scripts with the browser's globals and Chart.js.
    files: ['api/**/browser/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: { window: 'readonly', document: 'readonly', localStorage: 'readonly', fetch: 'readonly', Chart: 'readonly', console: 'readonly' },
    },
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The API is thin (docs/architecture.md): it never loads tool code, NLP libraries or provider SDKs. An operator who wants a
    // worker in the API process turns on EMBEDDED_WORKER, which loads workers/embeddedWorker.ts dynamically.
    files: ['api/**/*.ts'],
    ignores: ['api/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer('The API reaches tools through workflows only: import the shared core (core/) instead.', '**/activities', '**/activities/**'),
            layer('Worker wiring is not the API’s: EMBEDDED_WORKER loads it dynamically.', '**/workers', '**/workers/**'),
            { group: ['**/workflows', '**/workflows/**'], allowTypeImports: true, message: 'Workflows reach the API as types only (typed starts).' + MAP },
            layer('Tool implementations, NLP libraries and model-provider SDKs belong to workers.', ...WORKER_ONLY),
          ],
        },
      ],
    },
  },
  {
    // The shared core is what both sides use: it builds on schema/ only.
    files: ['core/**/*.ts'],
    ignores: ['core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer('The shared core builds on schema/ only.', '**/activities', '**/activities/**', '**/api', '**/api/**', '**/workers', '**/workers/**'),
            { group: ['**/workflows', '**/workflows/**'], allowTypeImports: true, message: 'Workflows reach the core as types only.' + MAP },
            layer('Tool implementations, NLP libraries and model-provider SDKs belong to workers.', ...WORKER_ONLY),
            {
              regex: '^(\\.\\./)+projections$',
              message:
                "Import core/projections/<module>, not its index: the index carries allProjections, which loads every feature's core folder (a cycle that stops `npm run api`)." +
                MAP,
            },
          ],
        },
      ],
    },
  },
  {
    // schema/ holds definitions: the features' entries, events and streams, money, the settings, the model catalogue.
    files: ['schema/**/*.ts'],
    ignores: ['schema/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer(
              'schema/ imports nothing of ours outside it.',
              '**/activities/**',
              '**/api/**',
              '**/core/**',
              '**/workers/**',
              '**/workflows/**',
              '**/scripts/**',
            ),
          ],
        },
      ],
    },
  },
  {
    // Time is read through the injected clock (core/clock/clock.ts, `deps.clock`), so a test can move it: never
    // Date.now() or an argument-less new Date() in api/, core/ or activities/. `new Date(x)` converts, and may stay.
    files: ['api/**/*.ts', 'core/**/*.ts', 'activities/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      // The clock itself: the one place the system's time is read.
      'core/clock/clock.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Read the time from the injected clock (deps.clock.now()), not Date.now()' + MAP,
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Read the time from the injected clock (deps.clock.now()), not new Date()' + MAP,
        },
      ],
    },
  },
  {
    // Workflows must stay deterministic: activities reach them only as types, through proxyActivities.
    files: ['workflows/**/*.ts'],
    ignores: ['workflows/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/activities', '**/activities/**'], allowTypeImports: true, message: 'Import activity types only.' + MAP },
            { group: ['node:*', 'fs', 'crypto', 'pg', 'kysely'], message: 'Workflows do no I/O.' + MAP },
            {
              group: ['**/schema/registry', '**/schema/registry/**', '**/schema/config', '**/schema/models', '**/core/**'],
              allowTypeImports: true,
              message: 'Types only: the registry, configuration and core would be bundled into every workflow isolate.' + MAP,
            },
          ],
        },
      ],
    },
  },
);
