import { describe, expect, it } from 'vitest';
import { inProcessFilesReplacingAModule, inProcessFilesRunningABuild, PROCESS_TEST_FILES, REPLACES_A_MODULE, RUNS_A_BUILT_PROCESS } from '../../test/tiers';

// docs/testing.md: a test that starts the built server or a command as production runs it is a process-tier
// file; only that tier runs after the build.
describe('test tiers', () => {
  it('keeps every test that starts the build or an npm command in the process tier', () => {
    expect(inProcessFilesRunningABuild()).toEqual([]);
  });

  it('recognises what starts a built process, and not what merely names dist', () => {
    // Each call is put together from parts, so this file does not read as one that starts a process.
    const call = (name: string, rest: string) => `${name}(${rest}`;
    expect(RUNS_A_BUILT_PROCESS.test(call('spawn', "process.execPath, ['--enable-source-maps', 'dist/server.js'])"))).toBe(true);
    expect(RUNS_A_BUILT_PROCESS.test(`await ${call('run', "'npm', ['run', '--silent', 'create-admin'])")}`)).toBe(true);
    expect(RUNS_A_BUILT_PROCESS.test(call('spawn', "'npm', ['run', 'serve'])"))).toBe(true);
    expect(RUNS_A_BUILT_PROCESS.test(call('expect', "command!.at(-1)).toBe('apps/api/dist/server.js')"))).toBe(false);
    expect(RUNS_A_BUILT_PROCESS.test("for (const entry of ['**/node_modules', '**/dist', '**/dist-ssr'])")).toBe(false);
    expect(RUNS_A_BUILT_PROCESS.test(call('execFileSync', "'git', ['ls-files'], { cwd: root })"))).toBe(false);
  });

  it('keeps every in-process file on the shared module cache: none replaces a module with vi.mock', () => {
    expect(inProcessFilesReplacingAModule()).toEqual([]);
    // Put together from parts, so this file does not read as one that replaces a module.
    expect(REPLACES_A_MODULE.test(`${'vi'}.mock('fastify', async () => ({}))`)).toBe(true);
    expect(REPLACES_A_MODULE.test(`${'vi'}.doMock('../carrier')`)).toBe(true);
    expect(REPLACES_A_MODULE.test("vi.spyOn(carrier, 'track')")).toBe(false);
  });

  it('names only files that exist', async () => {
    const { existsSync } = await import('node:fs');
    const { fileURLToPath } = await import('node:url');
    const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
    expect(PROCESS_TEST_FILES.filter((file) => !existsSync(`${apiRoot}/${file}`))).toEqual([]);
  });
});

// docs/testing.md: the steps `npm test` runs at a lower priority wait for a core by design, so their tests'
// and hooks' time limits stretch with MARKETPLACE_TEST_TIME_SCALE. A bare number would not.
const BARE_LIMITS = [/^\s*\}, \d[\d_]*\);$/m, /(?<![.\w])(?:describe|it|test)(?:\.\w+)?\(.*\{ timeout: \d[\d_]* \}/];

describe('test time limits', () => {
  it('come from timeLimit() in every API and web test file, never a bare number', async () => {
    const { execFileSync } = await import('node:child_process');
    const { readFileSync } = await import('node:fs');
    const { fileURLToPath } = await import('node:url');
    const root = fileURLToPath(new URL('../../../..', import.meta.url));
    const files = execFileSync('git', ['ls-files', 'apps/api/src', 'apps/api/test', 'apps/web/src'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.test\.tsx?$/.test(file));
    expect(files.length).toBeGreaterThan(100);
    const bare = files.filter((file) => BARE_LIMITS.some((pattern) => pattern.test(readFileSync(`${root}/${file}`, 'utf8'))));
    expect(bare).toEqual([]);
  });

  it('recognises a bare limit on a test, a hook and a suite, and not one from timeLimit()', () => {
    const [closing, option] = BARE_LIMITS as [RegExp, RegExp];
    expect(closing.test('  }, 60_000);')).toBe(true);
    // Put together from parts, so this file does not read as one with a bare limit.
    expect(option.test(`${'describe'}('Page', { timeout: 30_000 }, () => {`)).toBe(true);
    expect(closing.test('  }, timeLimit(120_000));')).toBe(false);
    expect(option.test("it('draws', { timeout: timeLimit(30_000) }, async () => {")).toBe(false);
    expect(option.test('await vi.waitFor(() => expect(x).toBe(2), { timeout: 5_000 });')).toBe(false);
  });
});
