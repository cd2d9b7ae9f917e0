import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot, rulesBroken } from '../../test/lint-probe';

// The rules of the house that eslint.config.js holds, each proved here on a snippet that breaks it and
// one that keeps it: a rule that silently matched nothing (a pattern no real import looks like) would
// pass every file, and this test would fail. The snippets are linted as if they sat at the given paths;
// the import zones resolve every import to its file, so the imported files must exist: they are picked
// from the tree as it is.

function foldersIn(relative: string): string[] {
  return readdirSync(path.join(repositoryRoot, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** A source file (not a test, not an index.ts, none that `skip` matches) somewhere under `relative`, as a path from the repository root. */
function someSourceFileIn(relative: string, skip?: RegExp): string {
  const found = readdirSync(path.join(repositoryRoot, relative), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') && path.basename(name) !== 'index.ts' && !skip?.test(name))
    .sort();
  if (found.length === 0) throw new Error(`no source file under ${relative}`);
  return path.posix.join(relative, found[0]!.split(path.sep).join('/'));
}

/** How `from` (a file) imports `to` (a file), written as a relative import without the extension. */
function importPath(from: string, to: string): string {
  const relative = path.posix.relative(path.posix.dirname(from), to).replace(/\.tsx?$/, '');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

describe('web: features import only shared code', () => {
  const features = foldersIn('apps/web/src/features');
  const [own, other] = [features[0]!, features[1]!];
  const page = `apps/web/src/features/${own}/pages/house-rules-probe-page.tsx`;
  const otherFeatureFile = someSourceFileIn(`apps/web/src/features/${other}`);
  const ownFeatureFile = someSourceFileIn(`apps/web/src/features/${own}`);
  const appFile = someSourceFileIn('apps/web/src/app');
  const sharedComponent = someSourceFileIn('apps/web/src/components');
  const sharedLibrary = someSourceFileIn('apps/web/src/lib');

  it('a feature importing another feature or the app shell fails lint', async () => {
    const code = [
      `import * as other from '${importPath(page, otherFeatureFile)}';`,
      `import * as shell from '${importPath(page, appFile)}';`,
      'export const probe = [other, shell];',
      '',
    ].join('\n');
    expect(await rulesBroken(page, code)).toEqual(['1:import-x/no-restricted-paths', '2:import-x/no-restricted-paths']);
  });

  it('a feature importing its own files and shared components and lib passes', async () => {
    const code = [
      `import * as own from '${importPath(page, ownFeatureFile)}';`,
      `import * as component from '${importPath(page, sharedComponent)}';`,
      `import * as library from '${importPath(page, sharedLibrary)}';`,
      'export const probe = [own, component, library];',
      '',
    ].join('\n');
    expect(await rulesBroken(page, code)).toEqual([]);
  });

  it('shared components and lib importing a feature or the app shell fail lint', async () => {
    for (const folder of ['components', 'lib']) {
      const file = `apps/web/src/${folder}/house-rules-probe.ts`;
      const code = [
        `import * as feature from '${importPath(file, otherFeatureFile)}';`,
        `import * as shell from '${importPath(file, appFile)}';`,
        'export const probe = [feature, shell];',
        '',
      ].join('\n');
      expect(await rulesBroken(file, code), folder).toEqual(['1:import-x/no-restricted-paths', '2:import-x/no-restricted-paths']);
    }
  });

  it('a second RTK Query API fails lint: features extend the one in lib/api.ts', async () => {
    const code = "import { createApi } from '@reduxjs/toolkit/query/react';\nexport const probe = createApi;\n";
    expect(await rulesBroken(`apps/web/src/features/${own}/house-rules-probe-api.ts`, code)).toEqual(['1:no-restricted-imports']);
    expect(await rulesBroken('apps/web/src/lib/api.ts', code)).toEqual([]);
  });

  it('the app shell may import features', async () => {
    const file = 'apps/web/src/app/house-rules-probe.ts';
    expect(await rulesBroken(file, `import * as feature from '${importPath(file, otherFeatureFile)}';\nexport const probe = feature;\n`)).toEqual([]);
  });
});

describe('api: a module reaches another only through its index.ts', () => {
  const modulesWithIndex = foldersIn('apps/api/src/modules').filter((name) =>
    readdirSync(path.join(repositoryRoot, 'apps/api/src/modules', name)).includes('index.ts'),
  );
  const [own, other] = [modulesWithIndex[0]!, modulesWithIndex[1]!];
  /** A file of the other module that is neither its index nor its schema file, by name without the extension. */
  const internal = path.posix.basename(someSourceFileIn(`apps/api/src/modules/${other}`, /\.schema\.ts$/)).replace(/\.ts$/, '');

  it('a deep import into another module fails lint, a type-only one too', async () => {
    const file = `apps/api/src/modules/${own}/house-rules-probe.service.ts`;
    const code = [
      `import * as deep from '../${other}/${internal}';`,
      `import type * as deepTypes from '../${other}/${internal}';`,
      'export const probe = deep;',
      'export type Probe = typeof deepTypes;',
      '',
    ].join('\n');
    expect(await rulesBroken(file, code)).toEqual(['1:import-x/no-restricted-paths', '2:import-x/no-restricted-paths']);
  });

  it("the module's index (by folder or by name) and its own files pass", async () => {
    const file = `apps/api/src/modules/${own}/house-rules-probe.service.ts`;
    const ownFile = path.posix.basename(someSourceFileIn(`apps/api/src/modules/${own}`)).replace(/\.ts$/, '');
    const code = [
      `import * as byFolder from '../${other}';`,
      `import * as byName from '../${other}/index';`,
      `import * as mine from './${ownFile}';`,
      'export const probe = [byFolder, byName, mine];',
      '',
    ].join('\n');
    expect(await rulesBroken(file, code)).toEqual([]);
  });

  it('tests, app.ts, server.ts, scripts and the seed are exempt', async () => {
    const name = internal;
    for (const [file, specifier] of [
      [`apps/api/src/modules/${own}/house-rules-probe.test.ts`, `../${other}/${name}`],
      ['apps/api/src/app.ts', `./modules/${other}/${name}`],
      ['apps/api/src/server.ts', `./modules/${other}/${name}`],
      ['apps/api/src/scripts/house-rules-probe.ts', `../modules/${other}/${name}`],
      ['apps/api/src/db/seed/house-rules-probe.ts', `../../modules/${other}/${name}`],
      ['apps/api/test/house-rules-probe.ts', `../src/modules/${other}/${name}`],
    ] as const) {
      expect(await rulesBroken(file, `import * as deep from '${specifier}';\nexport const probe = deep;\n`), file).toEqual([]);
    }
  });
});

describe('api: only repositories touch Drizzle and the schema', () => {
  const breaking = [
    "import { eq } from 'drizzle-orm';",
    "import type { PgTransaction } from 'drizzle-orm/pg-core';",
    "import { users } from '../../db/schema';",
    "import type { orders } from '../../db/schema.ts';",
    'export const probe = [eq, users];',
    'export type Probe = [PgTransaction<never, never, never>, typeof orders];',
    '',
  ].join('\n');

  it('a service, a routes file, any other module file, a provider, the socket and a plugin importing drizzle-orm or db/schema fail lint, type-only imports too', async () => {
    for (const file of [
      'apps/api/src/modules/orders/house-rules-probe.service.ts',
      'apps/api/src/modules/orders/house-rules-probe.routes.ts',
      'apps/api/src/modules/orders/house-rules-probe.ts',
      'apps/api/src/providers/payment/house-rules-probe.ts',
      'apps/api/src/realtime/house-rules-probe.ts',
      'apps/api/src/plugins/house-rules-probe.ts',
    ]) {
      expect(await rulesBroken(file, breaking), file).toEqual([
        '1:no-restricted-imports',
        '2:no-restricted-imports',
        '3:no-restricted-imports',
        '4:no-restricted-imports',
      ]);
    }
  });

  it('a test may, db/schema included', async () => {
    expect(await rulesBroken('apps/api/src/modules/orders/house-rules-probe.test.ts', breaking)).toEqual([]);
  });

  it('a repository (in a module or beside a provider) may touch Drizzle and take its tables from their schema files', async () => {
    const repository = [
      "import { eq } from 'drizzle-orm';",
      "import type { PgTransaction } from 'drizzle-orm/pg-core';",
      "import { users } from '../../modules/users/users.schema';",
      "import { sandboxConnectAccounts } from '../../providers/payment/payment.schema';",
      'export const probe = [eq, users, sandboxConnectAccounts];',
      'export type Probe = PgTransaction<never, never, never>;',
      '',
    ].join('\n');
    for (const file of ['apps/api/src/modules/orders/house-rules-probe.repository.ts', 'apps/api/src/providers/payment/house-rules-probe.repository.ts']) {
      expect(await rulesBroken(file, repository), file).toEqual([]);
    }
  });
});

describe('api: a table is imported from its owner’s schema file (decision 0035)', () => {
  const lower = [
    "import { products } from '../catalog/catalog.schema';",
    "import { orders } from './orders.schema';",
    "import type { users } from '../users/users.schema';",
    'export const probe = [products, orders];',
    'export type Probe = typeof users;',
    '',
  ].join('\n');

  it("a module's repository and schema file may import their own and a lower module's schema files", async () => {
    for (const file of ['apps/api/src/modules/orders/house-rules-probe.repository.ts', 'apps/api/src/modules/orders/house-rules-probe.schema.ts']) {
      expect(await rulesBroken(file, lower), file).toEqual([]);
    }
  });

  it('a schema file of a higher layer fails lint, a type-only import too; so does db/schema, which gathers them all', async () => {
    const code = [
      "import { orders } from '../orders/orders.schema';",
      "import type { reviews } from '../reviews/reviews.schema';",
      "import { users } from '../../db/schema';",
      'export const probe = [orders, users];',
      'export type Probe = typeof reviews;',
      '',
    ].join('\n');
    for (const file of ['apps/api/src/modules/catalog/house-rules-probe.repository.ts', 'apps/api/src/modules/catalog/house-rules-probe.schema.ts']) {
      expect(await rulesBroken(file, code), file).toEqual(['1:import-x/no-restricted-paths', '2:import-x/no-restricted-paths', '3:no-restricted-imports']);
    }
  });

  it('a service, a routes file or any other module file importing a schema file fails lint, its own included', async () => {
    for (const file of [
      'apps/api/src/modules/orders/house-rules-probe.service.ts',
      'apps/api/src/modules/orders/house-rules-probe.routes.ts',
      'apps/api/src/modules/orders/house-rules-probe.ts',
    ]) {
      expect(await rulesBroken(file, lower), file).toEqual(['1:no-restricted-imports', '2:no-restricted-imports', '3:no-restricted-imports']);
    }
  });
});

describe('config.ts is the one reader of process.env', () => {
  const breaking = [
    "import { env } from 'node:process';",
    'export const probe = [process.env.PORT, env.PORT];',
    'const { env: environment } = process;',
    'export const again = environment;',
    '',
  ].join('\n');

  it('reading process.env anywhere else in the app fails lint', async () => {
    for (const file of [
      'apps/api/src/modules/search/house-rules-probe.ts',
      'apps/api/src/lib/house-rules-probe.ts',
      'apps/web/src/lib/house-rules-probe.ts',
      'packages/contracts/src/house-rules-probe.ts',
    ]) {
      expect(await rulesBroken(file, breaking), file).toEqual(['1:no-restricted-syntax', '2:no-restricted-properties', '3:no-restricted-properties']);
    }
  });

  it('config.ts, tests, scripts, journeys, benchmarks and tool configs may', async () => {
    for (const file of [
      'apps/api/src/config.ts',
      'apps/api/src/lib/house-rules-probe.test.ts',
      'apps/api/test/house-rules-probe.ts',
      'scripts/house-rules-probe.mjs',
      'e2e/support/house-rules-probe.ts',
      'bench/house-rules-probe.ts',
      'apps/web/vite.config.ts',
    ]) {
      expect(await rulesBroken(file, breaking), file).toEqual([]);
    }
  });
});

describe('packages/domain stays pure', () => {
  it('a dependency, the clock, randomness or a fetch in a rule fails lint', async () => {
    const file = 'packages/domain/src/house-rules-probe.ts';
    const code = [
      "import { z } from 'zod';",
      "import { readFileSync } from 'node:fs';",
      'export const probe = [z, readFileSync, Date.now(), new Date(), Math.random()];',
      "export const fetched = () => fetch('https://example.com');",
      '',
    ].join('\n');
    expect(await rulesBroken(file, code)).toEqual([
      '1:no-restricted-imports',
      '2:no-restricted-imports',
      '3:no-restricted-properties',
      '3:no-restricted-syntax',
      '3:no-restricted-properties',
      '4:no-restricted-syntax',
    ]);
  });

  it('its own files, and a time passed in, pass', async () => {
    const file = 'packages/domain/src/house-rules-probe.ts';
    const code = ["import { formatCents } from './money';", 'export const probe = (now: Date) => [formatCents(100), new Date(now.getTime() + 1000)];', ''].join(
      '\n',
    );
    expect(await rulesBroken(file, code)).toEqual([]);
  });

  it('every rule of packages/domain has a test beside it (lists and colour names with no logic aside)', () => {
    const files = readdirSync(path.join(repositoryRoot, 'packages/domain/src'));
    const withoutTest = files.filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !files.includes(name.replace(/\.ts$/, '.test.ts')));
    expect(withoutTest.sort()).toEqual(['enums.ts', 'status-palette.ts']);
  });

  it('the packages have no index file: everything is imported by its own name', () => {
    for (const name of foldersIn('packages')) expect(readdirSync(path.join(repositoryRoot, 'packages', name, 'src')), name).not.toContain('index.ts');
  });
});
