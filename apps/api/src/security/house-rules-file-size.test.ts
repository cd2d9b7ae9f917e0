import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// House rule: a service or a repository stays under 500 lines (docs/decisions/0030-one-operation-per-file-and-a-size-limit.md).
// Past that a file mixes several jobs and is read by scrolling; it is split into one file per operation or
// per concern inside its module (modules/returns/ shows how), with the shared helpers in one small file.
// Tests, routes and other files are not held to it. The check counts lines as `wc -l` does.

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCE_ROOT = 'apps/api/src';
export const MAX_LINES = 500;
const LIMITED = /\.(service|repository)\.ts$/;

export interface CountedFile {
  /** From the repository root, with forward slashes. */
  file: string;
  lines: number;
}

/** Lines as `wc -l` counts them: a last line without its newline still counts. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/** Every `*.service.ts` and `*.repository.ts` (a test is neither) over the limit, as `path: N lines`, by path. */
export function oversizedFiles(files: readonly CountedFile[], limit = MAX_LINES): string[] {
  return files
    .filter(({ file, lines }) => LIMITED.test(file) && lines > limit)
    .map(({ file, lines }) => `${file}: ${lines} lines`)
    .sort();
}

function apiSourceFiles(): CountedFile[] {
  return readdirSync(path.join(repositoryRoot, SOURCE_ROOT), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => {
      const file = path.posix.join(SOURCE_ROOT, name.split(path.sep).join('/'));
      return { file, lines: lineCount(readFileSync(path.join(repositoryRoot, file), 'utf8')) };
    });
}

describe('services and repositories stay under 500 lines', () => {
  it('the check lists a 501-line service or repository with its count, and lets 500 lines, a routes file and a test through', () => {
    const files: CountedFile[] = [
      { file: 'apps/api/src/modules/x/x.service.ts', lines: 501 },
      { file: 'apps/api/src/modules/x/x.repository.ts', lines: 900 },
      { file: 'apps/api/src/providers/y/y.repository.ts', lines: 500 },
      { file: 'apps/api/src/modules/x/x.routes.ts', lines: 900 },
      { file: 'apps/api/src/modules/x/x.service.test.ts', lines: 900 },
      { file: 'apps/api/src/modules/x/x-service.ts', lines: 900 },
    ];
    expect(oversizedFiles(files)).toEqual(['apps/api/src/modules/x/x.repository.ts: 900 lines', 'apps/api/src/modules/x/x.service.ts: 501 lines']);
    expect(oversizedFiles(files, 900)).toEqual([]);
  });

  it('counts lines as wc -l does', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('line\n'.repeat(501))).toBe(501);
    expect(lineCount(`${'line\n'.repeat(500)}last line, no newline`)).toBe(501);
  });

  it('the scan sees the real services and repositories', () => {
    const limited = apiSourceFiles().filter(({ file }) => LIMITED.test(file));
    expect(limited.map(({ file }) => file)).toEqual(
      expect.arrayContaining(['apps/api/src/modules/returns/returns.service.ts', 'apps/api/src/modules/returns/returns.repository.ts']),
    );
    expect(limited.every(({ lines }) => lines > 0)).toBe(true);
  });

  it('no service or repository under apps/api/src is over 500 lines', () => {
    expect(
      oversizedFiles(apiSourceFiles()),
      'split each into one file per operation or concern (docs/decisions/0030-one-operation-per-file-and-a-size-limit.md)',
    ).toEqual([]);
  });
});
