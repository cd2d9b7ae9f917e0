import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration from the schema; the server applies them at boot.
// Each table lives in its owner's schema file (docs/decisions/0035-tables-live-in-their-module.md): a
// module's <module>.schema.ts, or a provider's beside its sandbox. db/schema.ts re-exports the same files
// for the database client; security/house-rules-table-ownership.test.ts checks that it misses none.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./apps/api/src/modules/*/*.schema.ts', './apps/api/src/providers/*/*.schema.ts'],
  out: './apps/api/src/db/migrations',
  casing: 'snake_case',
});
