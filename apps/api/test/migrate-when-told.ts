import { openDatabase } from '../src/db/client';

// One "API instance" for the migrations race (src/db/migrations-lock.test.ts): opens the PostgreSQL
// database named on the command line, says `ready`, waits for a line on stdin so every instance starts
// migrating at the same moment, migrates, and says `migrated`. Any failure exits non-zero.
const url = process.argv[2];
if (!url) throw new Error('usage: tsx migrate-when-told.ts <postgres url>');
const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
await database.ping();
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
process.stdin.destroy();
await database.migrate();
await database.close();
process.stdout.write('migrated\n');
