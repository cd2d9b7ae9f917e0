import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { findUserByEmail } from '../users';
import { verifyPassword } from './password';
import { timeLimit } from '../../../test/time-limit';

// The command as production runs it: `npm run create-admin` over the built script. A process-tier file
// (test/tiers.ts): it needs the build, which that tier makes (or `npm test` does) before any file runs.

const run = promisify(execFile);

describe('npm run create-admin', () => {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), 'marketplace-create-admin-'));
  let database: DatabaseHandle | undefined;
  afterAll(async () => {
    await database?.close();
    rmSync(dataDirectory, { recursive: true, force: true });
  });

  it('creates an admin in the configured database from the command line', { timeout: timeLimit(90_000) }, async () => {
    const { stdout } = await run('npm', ['run', '--silent', 'create-admin', '--', '--email', 'ops@example.com', '--password', 'ops-password-1'], {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, DATA_DIR: dataDirectory, DATABASE_URL: '' },
    });
    expect(stdout).toContain('Admin ops@example.com created.');
    database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDirectory, 'pglite') });
    const admin = await findUserByEmail(database.db, 'ops@example.com');
    expect(admin?.role).toBe('admin');
    expect(await verifyPassword(admin!.passwordHash, 'ops-password-1')).toBe(true);
    // A whole `npm run` plus a PGlite boot: allow for a busy machine.
  });

  it('exits with a usage message when arguments are missing', { timeout: timeLimit(60_000) }, async () => {
    await expect(
      run('npm', ['run', '--silent', 'create-admin', '--', '--email', 'x@example.com'], {
        cwd: REPOSITORY_ROOT,
        env: { ...process.env, DATA_DIR: dataDirectory },
      }),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run create-admin -- --email E --password P'),
    });
  });
});
