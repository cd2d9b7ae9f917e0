import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot, rulesBroken } from '../../test/lint-probe';
import { MODULE_LAYERS } from '../modules/layers';

// The API's modules sit in layers (modules/layers.ts, docs/decisions/0032-module-layers.md): an import
// never goes up, and never round. eslint.config.js holds both rules; here each is proved on a snippet
// that breaks it and one that keeps it, linted as if it sat at the given path. The import rules resolve
// every import to its file, so the snippets import real modules and pretend to be real files: a cycle
// needs a file that is already imported by the file the snippet imports.

const modulesFolder = 'apps/api/src/modules';

describe('the layers list', () => {
  it('places every module folder in exactly one layer, and names no folder that is not there', () => {
    const folders = readdirSync(path.join(repositoryRoot, modulesFolder), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const placed: string[] = MODULE_LAYERS.flat();
    expect([...placed].sort()).toEqual(folders);
    expect(new Set(placed).size).toBe(placed.length);
  });
});

describe('api: a module imports only its own layer and the layers below', () => {
  const lowest = MODULE_LAYERS[0][0];
  const highest = MODULE_LAYERS[MODULE_LAYERS.length - 1]![0]!;
  const file = (module: string) => `${modulesFolder}/${module}/house-rules-probe.service.ts`;

  it('an import of a module in a higher layer fails lint, a type-only one too', async () => {
    const code = [
      `import * as above from '../${highest}';`,
      `import type * as aboveTypes from '../${highest}';`,
      'export const probe = above;',
      'export type Probe = typeof aboveTypes;',
      '',
    ].join('\n');
    expect(await rulesBroken(file(lowest), code)).toEqual(['1:import-x/no-restricted-paths', '2:import-x/no-restricted-paths']);
  });

  it('an import of a module in a lower layer, or in its own layer, passes', async () => {
    const [ownLayerPeer] = MODULE_LAYERS[0].filter((module) => module !== lowest);
    const code = [`import * as below from '../${lowest}';`, 'export const probe = below;', ''].join('\n');
    expect(await rulesBroken(file(highest), code)).toEqual([]);
    expect(await rulesBroken(file(ownLayerPeer!), code)).toEqual([]);
  });

  it('app.ts, the seed and tests may import any layer: they wire and exercise modules from outside', async () => {
    for (const [probe, specifier] of [
      ['apps/api/src/app.ts', `./modules/${highest}`],
      ['apps/api/src/db/seed/house-rules-probe.ts', `../../modules/${highest}`],
      [`${modulesFolder}/${lowest}/house-rules-probe.test.ts`, `../${highest}`],
    ] as const) {
      expect(await rulesBroken(probe, `import * as any from '${specifier}';\nexport const probe = any;\n`), probe).toEqual([]);
    }
  });
});

describe('api: no import goes round', () => {
  // Payouts imports disputes (both in one layer): disputes importing payouts back closes a loop. The
  // snippet stands in for disputes/index.ts, which payouts' files import.
  const disputesIndex = `${modulesFolder}/disputes/index.ts`;

  it('an import that closes a cycle fails lint, inside one layer too', async () => {
    expect(await rulesBroken(disputesIndex, "import { createPayoutsService } from '../payouts';\nexport const probe = createPayoutsService;\n")).toEqual([
      '1:import-x/no-cycle',
    ]);
  });

  it('a type-only import back is no cycle (it leaves no trace in the built JavaScript, and madge skips it too)', async () => {
    expect(await rulesBroken(disputesIndex, "import type { PayoutsService } from '../payouts';\nexport type Probe = PayoutsService;\n")).toEqual([]);
  });
});
