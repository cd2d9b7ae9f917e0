import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { timeLimit } from '../../test/time-limit';

// No import goes round in the API (docs/decisions/0032-module-layers.md): madge reads every file of
// apps/api/src with the repository's .madgerc (type-only imports skipped: they leave no trace in the
// built JavaScript), as `npx madge --circular --extensions ts --ts-config apps/api/tsconfig.json
// apps/api/src` does. Lint holds the same rule file by file (import-x/no-cycle); this sees the whole graph.

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** The part of madge's API used here (madge ships no types). */
type Madge = (path: string, config: Record<string, unknown>) => Promise<{ circular(): string[][] }>;
const madge = createRequire(import.meta.url)('madge') as Madge;

describe('api: import cycles', () => {
  it('there are none', { timeout: timeLimit(60_000) }, async () => {
    const config = JSON.parse(readFileSync(path.join(repositoryRoot, '.madgerc'), 'utf8')) as Record<string, unknown>;
    const graph = await madge(path.join(repositoryRoot, 'apps/api/src'), {
      ...config,
      baseDir: repositoryRoot,
      tsConfig: path.join(repositoryRoot, 'apps/api/tsconfig.json'),
    });
    expect(graph.circular()).toEqual([]);
  });
});
