import { describe, expect, it } from 'vitest';
import { inProcessFilesRunningABuild, PROCESS_TEST_FILES, RUNS_A_BUILT_PROCESS } from '../../test/tiers';

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

  it('names only files that exist', async () => {
    const { existsSync } = await import('node:fs');
    const { fileURLToPath } = await import('node:url');
    const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
    expect(PROCESS_TEST_FILES.filter((file) => !existsSync(`${apiRoot}/${file}`))).toEqual([]);
  });
});
