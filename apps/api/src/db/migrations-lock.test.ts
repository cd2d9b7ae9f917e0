import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../config';
import { MIGRATION_LOCK_KEY, openDatabase, type DatabaseHandle } from './client';
import { waitUntil } from '../../test/processes';
import { timeLimit } from '../../test/time-limit';

// Several API instances starting together on an empty PostgreSQL database: each takes the migration
// advisory lock before Drizzle's migrator runs, so one migrates and the others wait, then find nothing
// to do. Without the lock they race and crash (duplicate key … pg_type_typname_nsp_index).
// PostgreSQL only (PGlite is one process with one session); runs in `npm test`'s PostgreSQL stage.

const serverUrl = process.env.TEST_DATABASE_URL;
/** How many migrations drizzle-kit has written (read when asked, as the folder is the source of truth). */
const journalEntries = () =>
  (JSON.parse(readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] }).entries.length;
const created: string[] = [];

async function onServer<T>(work: (client: pg.Client) => Promise<T>, url = serverUrl): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new empty database on the test server; dropped after the file. */
async function freshDatabase(): Promise<string> {
  const name = `marketplace_migrate_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await onServer((client) => client.query(`create database "${name}"`));
  created.push(name);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

const appliedMigrations = (url: string) =>
  onServer(async (client) => Number((await client.query('select count(*) as count from drizzle.__drizzle_migrations')).rows[0].count), url);

describe.skipIf(!serverUrl)('migrations under an advisory lock (PostgreSQL only: skipped without TEST_DATABASE_URL)', () => {
  const handles: DatabaseHandle[] = [];

  afterAll(async () => {
    for (const handle of handles) await handle.close().catch(() => undefined);
    for (const name of created) await onServer((client) => client.query(`drop database if exists "${name}" with (force)`));
  });

  it('lets three instances (separate pools, one of a single connection) migrate an empty database at once, applying each migration once', {
    timeout: timeLimit(60_000),
  }, async () => {
    const url = await freshDatabase();
    const instances = await Promise.all([1, 2, 5].map((poolSize) => openDatabase({ kind: 'postgres', url, poolSize })));
    handles.push(...instances);
    await Promise.all(instances.map((instance) => instance.ping()));

    const results = await Promise.allSettled(instances.map((instance) => instance.migrate()));

    expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    expect(journalEntries()).toBeGreaterThan(0);
    expect(await appliedMigrations(url)).toBe(journalEntries());
    // Every instance gave its migration connection back to its pool, and can query the schema.
    for (const instance of instances) {
      expect(instance.poolStats?.().waiting).toBe(0);
      await instance.ping();
    }
  });

  it('waits while another session holds the lock, then migrates once it is released', async () => {
    const url = await freshDatabase();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const instance = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
    handles.push(instance);

    let isDone = false;
    const migrating = instance.migrate().then(() => {
      isDone = true;
    });
    // The instance's migration session is queued behind the lock, and has done nothing.
    const waitingSessions = async () =>
      Number(
        (
          await holder.query(
            `select count(*) as count from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`,
          )
        ).rows[0].count,
      );
    await waitUntil(async () => (await waitingSessions()) > 0, 20, 'the migration to queue behind the lock');
    expect(await waitingSessions()).toBe(1);
    expect(isDone).toBe(false);
    const schema = await holder.query(`select count(*) as count from pg_namespace where nspname = 'drizzle'`);
    expect(Number(schema.rows[0].count)).toBe(0);

    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    await holder.end();
    await migrating;
    expect(await appliedMigrations(url)).toBe(journalEntries());
    // The lock is free again once the migrations are done (this database's advisory locks: other test
    // files on the same server hold their own meanwhile).
    const locks = await onServer(
      (client) =>
        client.query(
          `select count(*) as count from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`,
        ),
      url,
    );
    expect(Number(locks.rows[0].count)).toBe(0);
  });

  it('lets three processes started together migrate the same empty database, applying each migration once', { timeout: timeLimit(120_000) }, async () => {
    const url = await freshDatabase();
    const tsx = path.join(REPOSITORY_ROOT, 'node_modules/.bin/tsx');
    const script = path.join(REPOSITORY_ROOT, 'apps/api/test/migrate-when-told.ts');
    const children: ChildProcessWithoutNullStreams[] = [0, 1, 2].map(() => spawn(tsx, [script, url], { stdio: 'pipe' }));
    const outputs = children.map(() => ({ stdout: '', stderr: '' }));
    children.forEach((child, index) => {
      child.stdout.on('data', (chunk) => (outputs[index]!.stdout += String(chunk)));
      child.stderr.on('data', (chunk) => (outputs[index]!.stderr += String(chunk)));
    });
    const exits = children.map((child) => new Promise<number | null>((resolve) => child.once('exit', resolve)));
    try {
      // Every process has opened its pool; then all are told to migrate at the same moment.
      await Promise.all(
        children.map(
          (child, index) =>
            new Promise<void>((resolve, reject) => {
              const check = () => (outputs[index]!.stdout.includes('ready') ? resolve() : undefined);
              child.stdout.on('data', check);
              child.once('exit', () => reject(new Error(`instance ${index} exited before it was ready: ${outputs[index]!.stderr}`)));
            }),
        ),
      );
      for (const child of children) child.stdin.write('go\n');
      const codes = await Promise.all(exits);
      expect(codes, outputs.map((output) => output.stderr).join('\n')).toEqual([0, 0, 0]);
      expect(outputs.map((output) => output.stdout.trim())).toEqual(['ready\nmigrated', 'ready\nmigrated', 'ready\nmigrated']);
      expect(await appliedMigrations(url)).toBe(journalEntries());
    } finally {
      for (const child of children) if (child.exitCode === null) child.kill();
    }
  });
});
