import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Which API test files are process-level: they start the built server or a command as production runs
// it, kill processes, or run two instances side by side. They take tens of seconds each, need the
// production build, and most need PostgreSQL; `npm test` runs them in their own step (vitest project
// `api-process`, vitest.process.config.ts) beside the others. Every other API test file is in-process
// (`app.inject` on a copy of the migrated template) in project `api`.
/** Set by the non-isolated in-process projects: a file's database, emptied, serves the worker's next file (database-reuse.ts). */
export const REUSE_ENV = 'MARKETPLACE_TEST_REUSE_DATABASES';

export const PROCESS_TEST_FILES = [
  'src/server-process.test.ts',
  'src/modules/auth/create-admin-command.test.ts',
  'src/scripts/copy-uploads-to-bucket.test.ts',
  'src/db/migrations-lock.test.ts',
  'src/jobs/two-instances.test.ts',
  'src/realtime/two-instances.test.ts',
  'src/security/crash-safety.test.ts',
  'test/production-cluster.test.ts',
  'test/bench-generator.test.ts',
];

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

/** Every API test file, as a path from apps/api. */
function apiTestFiles(): string[] {
  return ['src', 'test']
    .flatMap((folder) =>
      readdirSync(path.join(apiRoot, folder), { recursive: true, encoding: 'utf8' }).map((file) => path.posix.join(folder, file.split(path.sep).join('/'))),
    )
    .filter((file) => file.endsWith('.test.ts'))
    .sort();
}

const read = (file: string) => readFileSync(path.join(apiRoot, file), 'utf8');

/** What replaces a module for a whole test file (`vi.mock`, `vi.doMock`). */
export const REPLACES_A_MODULE = /\bvi\.(mock|doMock)\(/;

/**
 * The in-process files that replace a module with `vi.mock` (there should be none). The in-process tier
 * shares one module cache per worker across files (`isolate: false`: the app's imports load once per
 * worker, not once per file), and a mock registered by one file cannot replace a module an earlier file
 * already loaded. A test puts its fake in through buildTestApp's options instead (`wrapCarrier`,
 * `wrapPayments`, `wrapConnect`, `onRoute`, `database`, `files`).
 */
export function inProcessFilesReplacingAModule(): string[] {
  const processFiles = new Set(PROCESS_TEST_FILES);
  return apiTestFiles().filter((file) => !processFiles.has(file) && REPLACES_A_MODULE.test(read(file)));
}

/**
 * What only a process-tier file may do: start the built output (`dist/…`) or an `npm run` command. The
 * in-process tiers run before or beside the build (`npm test` starts them at once), so such a file there
 * would find no build, or a half-written one.
 */
export const RUNS_A_BUILT_PROCESS = /\b(?:spawn|spawnSync|fork|exec|execSync|execFile|execFileSync|run)\((?:[^\n]*dist\/[\w-]+\.js\b|\s*['"`]npm['"`])/m;

/** The in-process test files that start the built output or an `npm run` command (there should be none). */
export function inProcessFilesRunningABuild(): string[] {
  const processFiles = new Set(PROCESS_TEST_FILES);
  return apiTestFiles().filter((file) => !processFiles.has(file) && RUNS_A_BUILT_PROCESS.test(read(file)));
}

/**
 * The in-process test files that use a database (they build the app or open one). Only these run again on
 * PostgreSQL (vitest.postgres.config.ts): a test that never opens a database answers the same on both.
 */
export function databaseTestFiles(): string[] {
  const processFiles = new Set(PROCESS_TEST_FILES);
  return apiTestFiles().filter((file) => !processFiles.has(file) && /\b(buildTestApp|createTestDatabase|openDatabase|TEST_DATABASE_URL)\b/.test(read(file)));
}
