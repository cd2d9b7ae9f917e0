import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { preparePostgresTemplate, templateKey } from './database-templates';

// The PostgreSQL template every test file copies (database-templates.ts), on the server TEST_DATABASE_URL names.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the PostgreSQL template', () => {
  it('drops a template of other migrations, though it is marked a template, and keeps this one', async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const stale = `marketplace_template_stale${randomBytes(4).toString('hex')}`;
    try {
      // What a run of other migrations leaves behind: a template that refuses connections.
      await admin.query(`create database "${stale}"`);
      await admin.query(`alter database "${stale}" with is_template true allow_connections false`);

      const name = await preparePostgresTemplate(serverUrl!, templateKey());
      const { rows } = await admin.query<{ datname: string; datistemplate: boolean }>(
        `select datname, datistemplate from pg_database where datname in ($1, $2)`,
        [stale, name],
      );
      expect(rows).toEqual([{ datname: name, datistemplate: true }]);
    } finally {
      await admin.query(`alter database "${stale}" with is_template false`).catch(() => undefined);
      await admin.query(`drop database if exists "${stale}" with (force)`).catch(() => undefined);
      await admin.end();
    }
  });
});
