import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../test/lint-probe';
import { API_MODULES } from '../app';
import { MODULE_LAYERS } from '../modules/layers';

// Each API module registers itself from its `<module>.module.ts`, and app.ts registers them from one list,
// API_MODULES, in the order of modules/layers.ts, lowest first (docs/decisions/0036-modules-register-themselves.md):
// a module is handed only what the modules before it published, so a module of a lower layer must never
// come after one of a higher layer. Inside a layer the list orders the modules by who hands what to whom
// (the compiler checks that part: registerModules in modules/define-module.ts).

const modulesFolder = path.join(repositoryRoot, 'apps/api/src/modules');
const folders = readdirSync(modulesFolder, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const listed: string[] = API_MODULES.map((module) => module.name);
const layerOf = (module: string) => MODULE_LAYERS.findIndex((layer) => (layer as readonly string[]).includes(module));

describe('the modules app.ts registers', () => {
  it('every module folder has its <module>.module.ts', () => {
    expect(folders.filter((folder) => !existsSync(path.join(modulesFolder, folder, `${folder}.module.ts`)))).toEqual([]);
  });

  it('lists every module folder once, and nothing else', () => {
    expect([...listed].sort()).toEqual(folders);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("each module in the list is the one its folder's module file exports", async () => {
    for (const module of API_MODULES) {
      const exported = Object.values(await import(`../modules/${module.name}/${module.name}.module.ts`));
      expect(exported, module.name).toContain(module);
    }
  });

  it('registers them in the order of layers.ts, lowest layer first', () => {
    const outOfOrder = listed.flatMap((module, index) => {
      const before = listed.slice(0, index).filter((earlier) => layerOf(earlier) > layerOf(module));
      return before.length === 0 ? [] : [`${module} (layer ${layerOf(module) + 1}) comes after ${before.join(', ')}`];
    });
    expect(outOfOrder).toEqual([]);
  });
});
