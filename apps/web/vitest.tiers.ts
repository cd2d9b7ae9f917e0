import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The web's component tests run in two vitest projects (docs/testing.md). Most share each worker's module
// cache (`isolate: false`): React, the router, the store and the pages load once per worker instead of once
// per file (the whole project: 207 s → 75 s wall on one busy run). A file that replaces a module with
// `vi.mock` cannot share it — an earlier file in the worker may already have loaded the real module — so
// those run isolated, in `web-isolated`, found by their `vi.mock`.

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** Every web test file, as a path from apps/web. */
function webTestFiles(): string[] {
  return readdirSync(path.join(webRoot, 'src'), { recursive: true, encoding: 'utf8' })
    .map((file) => path.posix.join('src', file.split(path.sep).join('/')))
    .filter((file) => /\.test\.tsx?$/.test(file))
    .sort();
}

/** The web test files that replace a module with `vi.mock`. */
export function mockingWebTestFiles(): string[] {
  return webTestFiles().filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(webRoot, file), 'utf8')));
}
