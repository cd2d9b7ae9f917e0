import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from './client';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in `<data>/pglite`. Migrated. */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDirectory, 'pglite') });
  await database.migrate();
  return database;
}
