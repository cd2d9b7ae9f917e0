import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { tsImport } from 'tsx/esm/api';

// The rules of the house that a lint zone can hold (docs/decisions/0014, apps/*/README.md). Each
// one has a test that lints a breaking snippet: apps/api/src/security/house-rules-lint.test.ts.
const repositoryRoot = import.meta.dirname;
const foldersIn = (relative) =>
  readdirSync(path.join(repositoryRoot, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
const webFeatures = foldersIn('apps/web/src/features');
const apiModules = foldersIn('apps/api/src/modules');
// The modules' layers, lowest first: written once, in TypeScript, beside the modules (decision 0032).
const { MODULE_LAYERS } = await tsImport('./apps/api/src/modules/layers.ts', import.meta.url);
const unplacedModules = apiModules.filter((module) => !MODULE_LAYERS.some((layer) => layer.includes(module)));
if (unplacedModules.length > 0)
  throw new Error(`Put ${unplacedModules.join(', ')} in a layer of apps/api/src/modules/layers.ts: an unplaced module would escape the layer rule.`);
const tests = ['**/*.test.ts', '**/*.test.tsx'];

const FEATURE_MESSAGE = 'A feature imports only shared code (components, lib): never another feature or the app shell (apps/web/README.md).';
const SHARED_MESSAGE = 'Shared code (components, lib) never imports a feature or the app shell: dependencies flow shared → features → app.';
const MODULE_MESSAGE =
  "Another module is reached through its public index.ts only (`'../<module>'`), never its files (a repository may import its tables from `'../<module>/<module>.schema'`).";
const LAYER_MESSAGE =
  'A module imports only modules of its own layer or below (apps/api/src/modules/layers.ts): what it needs from above comes as a port the module above fills at boot (apps/api/src/modules/define-module.ts), or as a domain event.';
const ORM_MESSAGE = 'Only repositories (*.repository.ts) touch Drizzle and the schema: other code calls a repository.';
const SCHEMA_MESSAGE =
  "Import a table from its owner's schema file (`'../<module>/<module>.schema'`), not from db/schema, which gathers them all: so the layer rule sees every table a module reaches (decision 0035).";
const ENVIRONMENT_MESSAGE = 'Read settings from the Config that apps/api/src/config.ts builds: it is the one reader of process.env.';
const DOMAIN_MESSAGE = 'packages/domain is pure: the caller passes the time, random values and anything fetched in.';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', '**/migrations/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The web app must never pull in server code; and it has one RTK Query API (src/lib/api.ts) that
    // features extend with api.injectEndpoints.
    files: ['apps/web/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['apps/web/src/lib/api.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/apps/api/**', '@marketplace/api*'], message: 'The API is not importable from here.' }],
          paths: ['@reduxjs/toolkit/query/react', '@reduxjs/toolkit/query'].map((name) => ({
            name,
            importNames: ['createApi'],
            message: 'There is one RTK Query API (apps/web/src/lib/api.ts): add endpoints with api.injectEndpoints.',
          })),
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/api.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/api/**', '@marketplace/api*'], message: 'The API is not importable from here.' }] }],
    },
  },
  {
    // Import zones resolve each import to its file, so `../../chat/api` from features/orders/pages/ is
    // seen for what it is: another feature. Tests are exempt: they may mount features and the shell together.
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: tests,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: repositoryRoot,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `apps/web/src/features/${feature}`,
              from: 'apps/web/src/features',
              except: [`./${feature}`],
              message: FEATURE_MESSAGE,
            })),
            { target: 'apps/web/src/features', from: 'apps/web/src/app', message: FEATURE_MESSAGE },
            { target: ['apps/web/src/components', 'apps/web/src/lib'], from: ['apps/web/src/features', 'apps/web/src/app'], message: SHARED_MESSAGE },
          ],
        },
      ],
    },
  },
  {
    // A module's files are its own; others use what its index.ts exports, and its tables are in its
    // <module>.schema.ts, which a lower or same-layer module's repository or schema file may import (a
    // read, or a foreign key; decision 0035). And a module imports nothing from a layer above its own
    // (type-only imports neither: the point is what a module knows), its schema files included.
    // app.ts, server.ts, scripts/, db/seed/ and tests sit outside modules/ or are exempt: they wire or
    // exercise modules from outside.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: tests,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: repositoryRoot,
          zones: [
            ...apiModules.flatMap((module) =>
              apiModules
                .filter((other) => other !== module)
                .map((other) => ({
                  target: `apps/api/src/modules/${module}`,
                  from: `apps/api/src/modules/${other}`,
                  except: ['./index.ts', `./${other}.schema.ts`],
                  message: MODULE_MESSAGE,
                })),
            ),
            ...MODULE_LAYERS.flatMap((layer, index) => {
              const above = MODULE_LAYERS.slice(index + 1).flat();
              return above.length === 0
                ? []
                : layer.map((module) => ({
                    target: `apps/api/src/modules/${module}`,
                    from: above.map((other) => `apps/api/src/modules/${other}`),
                    message: LAYER_MESSAGE,
                  }));
            }),
          ],
        },
      ],
    },
  },
  {
    // No import goes round in the API (decision 0032). Type-only imports are left out, as madge leaves
    // them (.madgerc): they vanish from the built JavaScript. A test is imported by nothing, so it can
    // close no cycle and is not walked from.
    files: ['apps/api/src/**/*.ts'],
    ignores: tests,
    // The rule reads the files an import leads to, and only those with these extensions.
    settings: { 'import-x/extensions': ['.ts'] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Only repositories touch the ORM (type-only imports too: the point is the layer). db/ itself and the
    // plumbing in lib/ (transactions, events after commit) sit below the modules and are not covered.
    files: [
      'apps/api/src/modules/**/*.ts',
      'apps/api/src/providers/**/*.ts',
      'apps/api/src/realtime/**/*.ts',
      'apps/api/src/plugins/**/*.ts',
      'apps/api/src/**/*.service.ts',
      'apps/api/src/**/*.routes.ts',
    ],
    // A provider that keeps rows of its own (the Connect sandbox) does so in a *.repository.ts beside it.
    // The tables themselves are written in *.schema.ts files (a module's, a provider's: decision 0035).
    ignores: ['**/*.repository.ts', '**/*.schema.ts', ...tests],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^drizzle-orm(/|$)', message: ORM_MESSAGE },
            { regex: '(^|/)db/schema(\\.[jt]s)?$', message: ORM_MESSAGE },
            { regex: '\\.schema(\\.[jt]s)?$', message: ORM_MESSAGE },
          ],
        },
      ],
    },
  },
  {
    // A repository or schema file in a module or beside a provider takes each table from its owner's
    // schema file, never from db/schema (which gathers every table, for the client, the seed and tests):
    // through it a module could reach a higher layer's table unseen by the layer rule. (Other files there
    // may not import a schema at all: the block above.)
    files: ['apps/api/src/{modules,providers}/**/*.{repository,schema}.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)db/schema(\\.[jt]s)?$', message: SCHEMA_MESSAGE }] }],
    },
  },
  {
    // config.ts parses the environment once; everything else receives its settings. Tooling that runs
    // outside the app (scripts, tests, journeys, benchmarks, tool configs) reads its own variables.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['apps/api/src/config.ts', 'scripts/**', 'e2e/**', 'bench/**', 'apps/api/test/**', 'apps/web/src/test/**', '**/*.config.*', ...tests],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: ENVIRONMENT_MESSAGE }],
      'no-restricted-syntax': [
        'error',
        { selector: "ImportDeclaration[source.value=/^(node:)?process$/] ImportSpecifier[imported.name='env']", message: ENVIRONMENT_MESSAGE },
      ],
    },
  },
  {
    // packages/domain stays pure (its README): no dependencies, no I/O, no clock, no randomness. The
    // environment rule above is repeated because these options replace its options for these files.
    files: ['packages/domain/src/**/*.ts'],
    ignores: tests,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\.{1,2}/)', message: 'packages/domain has no dependencies: it imports only its own files.' },
            { group: ['**/apps/**'], message: 'packages/domain has no dependencies: it imports only its own files.' },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: ENVIRONMENT_MESSAGE },
        { object: 'Date', property: 'now', message: DOMAIN_MESSAGE },
        { object: 'Math', property: 'random', message: DOMAIN_MESSAGE },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "ImportDeclaration[source.value=/^(node:)?process$/] ImportSpecifier[imported.name='env']", message: ENVIRONMENT_MESSAGE },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: DOMAIN_MESSAGE },
        { selector: "CallExpression[callee.name='fetch']", message: DOMAIN_MESSAGE },
      ],
    },
  },
);
