-- Trigram similarity powers typo-tolerant product search (issue #3). PGlite loads the extension's
-- code at start-up (db/client.ts); PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
