// The API suite's global setup, run once before any test file: the migrated template databases every
// test file copies (database-templates.ts), PGlite's always, and PostgreSQL's when TEST_DATABASE_URL
// names a server. The test workers inherit the environment set here.
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV, preparePgliteTemplate, preparePostgresTemplate, templateKey } from './database-templates';

export default async function setup(): Promise<void> {
  const key = templateKey();
  const serverUrl = process.env.TEST_DATABASE_URL;
  const [pgliteTemplate, postgresTemplate] = await Promise.all([preparePgliteTemplate(key), serverUrl ? preparePostgresTemplate(serverUrl, key) : Promise.resolve(undefined)]);
  process.env[PGLITE_TEMPLATE_ENV] = pgliteTemplate;
  if (postgresTemplate) process.env[POSTGRES_TEMPLATE_ENV] = postgresTemplate;
}
