// Lint for the whole repository. Besides the usual rules it enforces the architecture of
// docs/product.md §D3: web -> domain, server -> domain, domain imports neither (nor React, Fastify,
// Drizzle or Node's I/O), and web features do not import each other (docs/conventions.md).
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['fs', 'fs/promises', 'path', 'os', 'child_process', 'net', 'http', 'https', 'crypto', 'worker_threads'];

/** Folders directly under `folder` (relative to this file). */
const foldersIn = (folder) =>
  readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Import zones (ARCHITECTURE.md, "Where things live"). Web: features do not import each other; they
 * meet in app/ (router, routes, store). Inside features/agreement/ every sub-feature may import
 * core/, and only the composition points (editor/, dashboards/) import other sub-features. Server:
 * the agreement's sub-features import the agreement core (features/agreements/) and the account
 * features beneath it, never each other; the core imports none of them.
 */
const WEB_FEATURES = './packages/web/src/features';
const AGREEMENT = `${WEB_FEATURES}/agreement`;
const AGREEMENT_COMPOSERS = ['editor', 'dashboards'];
const SERVER_FEATURES = './packages/server/src/features';
const SERVER_AGREEMENT_SUB_FEATURES = [
  'trial',
  'sharing',
  'history',
  'review',
  'compare',
  'agreement-files',
  'pdf-files',
  'notices',
  'live',
  'questionnaires',
  'practice',
];
const SERVER_BASE_FEATURES = ['agreements', 'sessions', 'users', 'bookings', 'templates'];
const importZones = [
  ...foldersIn(WEB_FEATURES).map((feature) => ({
    target: `${WEB_FEATURES}/${feature}`,
    from: WEB_FEATURES,
    except: [`./${feature}`],
    message: 'Features do not import each other; they meet in app/ (docs/conventions.md).',
  })),
  ...foldersIn(AGREEMENT)
    .filter((sub) => !AGREEMENT_COMPOSERS.includes(sub))
    .map((sub) => ({
      target: `${AGREEMENT}/${sub}`,
      from: AGREEMENT,
      except: sub === 'core' ? ['./core'] : [`./${sub}`, './core'],
      message: 'An agreement sub-feature imports only core/; editor/ and dashboards/ compose the others (ARCHITECTURE.md).',
    })),
  ...SERVER_AGREEMENT_SUB_FEATURES.map((sub) => ({
    target: `${SERVER_FEATURES}/${sub}`,
    from: SERVER_FEATURES,
    except: [`./${sub}`, ...SERVER_BASE_FEATURES.map((base) => `./${base}`)],
    message: "The agreement's sub-features import the agreement core (features/agreements/), not each other (ARCHITECTURE.md).",
  })),
  {
    target: `${SERVER_FEATURES}/agreements`,
    from: SERVER_AGREEMENT_SUB_FEATURES.map((sub) => `${SERVER_FEATURES}/${sub}`),
    message: 'The agreement core imports none of its sub-features (ARCHITECTURE.md).',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.tsbuild/**', 'data/**', 'packages/server/drizzle/**', 'e2e/test-results/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read configuration through packages/server/src/config.ts only.' },
      ],
    },
  },
  {
    // Typed linting: rules that need the type checker, on every TypeScript file, through the
    // tsconfig.json nearest to it (projectService; the projects of `npm run typecheck`). A promise
    // nobody awaits or catches loses its error, or ends the process with an unhandled rejection;
    // so does one passed where a callback's result is ignored (README.md, "Test it").
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.flatMap((name) => [name, `node:${name}`]).map((name) => ({ name, message: 'The domain package is pure: no I/O.' })),
          patterns: [
            {
              group: ['@bpa/server', '@bpa/server/*', '@bpa/web', '@bpa/web/*'],
              message: 'The domain package imports neither the server nor the web app (docs/product.md §D3).',
            },
            {
              group: ['react', 'react-*', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
              message: 'The domain package is framework-free (docs/product.md §D3).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@bpa/server', '@bpa/server/*', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
              message: 'The web app talks to the server over HTTP only (docs/product.md §D3).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@bpa/server', '@bpa/server/*', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
              message: 'The web app talks to the server over HTTP only (docs/product.md §D3).',
            },
            {
              regex: '^(\\.\\./)+app/',
              message:
                'Features do not import app/ (the router, store and layout import the features); typed hooks and store types are in lib/hooks.ts (docs/conventions.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@bpa/web', '@bpa/web/*', 'react', 'react-dom'], message: 'The server does not import the web app (docs/product.md §D3).' }],
        },
      ],
    },
  },
  {
    // Tests may assemble a real store (app/store.ts) around the feature they test.
    files: ['packages/web/src/features/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@bpa/server', '@bpa/server/*', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
              message: 'The web app talks to the server over HTTP only (docs/product.md §D3).',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles inside a package (between packages the direction rules above already forbid them),
    // and the zones above.
    files: ['packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['packages/*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }], 'import-x/no-restricted-paths': ['error', { zones: importZones }] },
  },
  {
    // The server's API tests drive the whole app (test/test-app.ts) and may read any feature's store
    // to check a route's effects, so the zones bind its source files only.
    files: ['packages/server/src/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['packages/server/src/config.ts', 'e2e/**/*.{ts,mjs}', 'bench/**/*.{ts,mjs}', 'scripts/**/*.{ts,mjs}', '**/*.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
