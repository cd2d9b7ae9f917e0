import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { findUserByEmail } from '../users';
import { createAdmin } from './create-admin';
import { verifyPassword } from './password';

const run = promisify(execFile);

describe('createAdmin', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('creates an admin who can log in and reach /me as admin', async () => {
    const result = await createAdmin(testApp.database.db, { email: 'Boss@Example.com', password: 'admin-password', firstName: 'Ada', lastName: 'Admin' });
    expect(result).toMatchObject({ ok: true, user: { email: 'boss@example.com', role: 'admin' } });
    const login = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'boss@example.com', password: 'admin-password' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('admin');
  });

  it('refuses a taken email, a bad email and a short password without creating anything', async () => {
    expect(await createAdmin(testApp.database.db, { email: 'boss@example.com', password: 'another-password', firstName: 'A', lastName: 'B' })).toEqual({
      ok: false,
      error: 'An account with the email boss@example.com already exists.',
    });
    expect((await createAdmin(testApp.database.db, { email: 'nope', password: 'admin-password', firstName: 'A', lastName: 'B' })).ok).toBe(false);
    expect((await createAdmin(testApp.database.db, { email: 'new@example.com', password: 'short', firstName: 'A', lastName: 'B' })).ok).toBe(false);
    expect(await findUserByEmail(testApp.database.db, 'new@example.com')).toBeNull();
  });

  it('refuses a password the password rule refuses, saying why', async () => {
    expect(await createAdmin(testApp.database.db, { email: 'weak@example.com', password: 'password', firstName: 'A', lastName: 'B' })).toEqual({
      ok: false,
      error: 'Choose a stronger password: it is one of the most common passwords',
    });
    expect(await findUserByEmail(testApp.database.db, 'weak@example.com')).toBeNull();
  });
});

describe('npm run create-admin', () => {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), 'marketplace-create-admin-'));
  let database: DatabaseHandle | undefined;
  // The command runs the built script (apps/api/dist/create-admin.js, built by the suite's global setup), as it does in production.
  afterAll(async () => {
    await database?.close();
    rmSync(dataDirectory, { recursive: true, force: true });
  });

  it('creates an admin in the configured database from the command line', async () => {
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
  }, 90_000);

  it('exits with a usage message when arguments are missing', async () => {
    await expect(run('npm', ['run', '--silent', 'create-admin', '--', '--email', 'x@example.com'], { cwd: REPOSITORY_ROOT, env: { ...process.env, DATA_DIR: dataDirectory } })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run create-admin -- --email E --password P'),
    });
  }, 60_000);
});
