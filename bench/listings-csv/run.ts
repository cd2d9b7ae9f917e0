// Bulk listing by CSV on the embedded database (docs/product/listings.md "CSV import and export", decision 0044):
// a seller imports a file of 5,000 rows, the goal being well under a minute. The API is built in this process (its
// real routes, multipart reading and services) on PGlite in a fresh data folder, as `npm start` runs it; the file
// is sent through `app.inject`, so the figures are the server's work without the network. Phases, each timed:
// the dry run of the new file, its import, the export of what it made, that export imported back (every row
// unchanged), and the export with every price changed imported (every listing updated).
//
//   npx tsx bench/listings-csv/run.ts [--rows 5000] [--variants 4] [--share-with-variants 0.4]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LISTINGS_CSV_COLUMNS } from '@marketplace/contracts/listings-csv';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { categories } from '../../apps/api/src/db/schema';
import { systemClock } from '../../apps/api/src/lib/clock';
import { createTokenService } from '../../apps/api/src/modules/auth/tokens';
import { insertUser } from '../../apps/api/src/modules/users/users.repository';
import { createConfiguredFileStore } from '../../apps/api/src/providers/files/create-file-store';

const { values: flags } = parseArgs({
  options: {
    rows: { type: 'string', default: '5000' },
    variants: { type: 'string', default: '4' },
    'share-with-variants': { type: 'string', default: '0.4' },
  },
});
const ROWS = Number(flags.rows);
const VARIANTS = Number(flags.variants);
const SHARE_WITH_VARIANTS = Number(flags['share-with-variants']);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-listings-csv-'));
const config = loadConfig({
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
  WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  LOG_LEVEL: 'warn',
  RATE_LIMITS: 'off',
  JOBS_ENABLED: 'false',
});
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
await database.migrate();
const app = await buildApp({ config, database, files: createConfiguredFileStore(config), clock: systemClock });
await app.ready();

try {
  const db = database.db;
  const [category] = await db.insert(categories).values({ name: 'Kitchen', slug: 'kitchen', commissionRateBasisPoints: 1000 }).returning();
  const seller = await insertUser(db, {
    email: 'bench-seller@example.com',
    passwordHash: 'not-used',
    firstName: 'Bench',
    lastName: 'Seller',
    role: 'seller',
    companyName: 'Bench Boards',
    status: 'active',
    emailVerifiedAt: new Date(),
  });
  if (!category || !seller) throw new Error('set-up failed');
  const tokens = createTokenService({ secret: config.jwtSecret, ttlSeconds: 3600, now: () => new Date() });
  const authorization = `Bearer ${await tokens.sign({ userId: seller.id, role: 'seller', sessionVersion: seller.sessionVersion })}`;

  // The new listings: some alone on their row, the others a handle's rows, one per size.
  const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  const line = (cells: Partial<Record<(typeof LISTINGS_CSV_COLUMNS)[number], string>>) =>
    LISTINGS_CSV_COLUMNS.map((column) => cell(cells[column] ?? '')).join(',');
  const lines: string[] = [LISTINGS_CSV_COLUMNS.join(',')];
  const sizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL'].slice(0, VARIANTS);
  let listings = 0;
  while (lines.length - 1 < ROWS) {
    listings += 1;
    const listing = {
      title: `Oiled walnut board ${listings}`,
      description: `End grain, ${listings % 7} coats of oil.\nHand wash only, "food safe".`,
      category: 'kitchen',
      condition: 'new',
      weight_oz: String(20 + (listings % 30)),
    };
    const withVariants = (listings % 100) / 100 < SHARE_WITH_VARIANTS && ROWS - (lines.length - 1) >= sizes.length;
    if (!withVariants) {
      lines.push(line({ ...listing, price: `${10 + (listings % 90)}.50`, quantity: String(listings % 25) }));
      continue;
    }
    for (const [index, size] of sizes.entries()) {
      lines.push(
        line({
          handle: `board-${listings}`,
          ...(index === 0 ? listing : {}),
          variation_1_name: 'Size',
          variation_1_option: size,
          price: `${20 + index}.00`,
          quantity: String(index + 1),
          sku: `WB-${listings}-${size}`,
        }),
      );
    }
  }
  const newFile = lines.join('\r\n') + '\r\n';

  const post = async (file: string, dryRun: boolean) => {
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'text/csv' }), 'listings.csv');
    const answer = await app.inject({
      method: 'POST',
      url: `/api/seller/products/import${dryRun ? '?dryRun=true' : ''}`,
      headers: { authorization },
      payload: form,
    });
    if (answer.statusCode !== 200) throw new Error(`import answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
    return answer.json() as { listings: Record<string, number>; rows: unknown[] };
  };
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000 };
  };

  const phases: { phase: string; seconds: number; rows: number; listings: Record<string, number> }[] = [];
  const record = (phase: string, seconds: number, rows: number, listingsCounted: Record<string, number>) => {
    phases.push({ phase, seconds, rows, listings: listingsCounted });
    console.log(`${phase.padEnd(34)} ${seconds.toFixed(2).padStart(7)} s   ${String(rows).padStart(5)} rows   ${JSON.stringify(listingsCounted)}`);
  };

  const dryRun = await timed(() => post(newFile, true));
  record('dry run of the new file', dryRun.seconds, dryRun.result.rows.length, dryRun.result.listings);
  const created = await timed(() => post(newFile, false));
  record('import (every listing created)', created.seconds, created.result.rows.length, created.result.listings);
  const exported = await timed(() => app.inject({ method: 'GET', url: '/api/seller/products/export.csv', headers: { authorization } }));
  const exportedRows = exported.result.body.split('\r\n').length - 2;
  record('export', exported.seconds, exportedRows, {});
  const unchanged = await timed(() => post(exported.result.body, false));
  record('export imported back (unchanged)', unchanged.seconds, unchanged.result.rows.length, unchanged.result.listings);
  // Every price a cent higher: each listing (and each variant) is written again.
  const repriced = exported.result.body.replace(
    /,(\d+)\.(\d\d),/g,
    (_all, dollars: string, cents: string) => `,${dollars}.${String((Number(cents) + 1) % 100).padStart(2, '0')},`,
  );
  const updated = await timed(() => post(repriced, false));
  record('every price changed (updated)', updated.seconds, updated.result.rows.length, updated.result.listings);

  const results = {
    date: new Date().toISOString(),
    rows: ROWS,
    listings,
    variantsPerListing: VARIANTS,
    fileBytes: Buffer.byteLength(newFile),
    phases,
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, load: os.loadavg() },
  };
  const outputDirectory = path.join(import.meta.dirname, 'results');
  mkdirSync(outputDirectory, { recursive: true });
  const output = path.join(outputDirectory, `${results.date.slice(0, 10)}-${ROWS}-rows-${Math.round(SHARE_WITH_VARIANTS * 100)}pct-variants.json`);
  writeFileSync(output, JSON.stringify(results, null, 2) + '\n');
  console.log(`\n${listings} listings in ${ROWS} rows (${(results.fileBytes / 1024).toFixed(0)} KB); written to ${path.relative(process.cwd(), output)}`);
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
