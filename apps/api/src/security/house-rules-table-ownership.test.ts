import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// House rule: a module owns its tables; another module calls its service, never its tables. This
// check reads the source: every table of db/schema.ts has one owner below, and a write (Drizzle's
// .insert/.update/.delete, or raw SQL inside sql`…`) of a table by code outside its owner fails here.
// Reads are not checked: a repository may join another module's tables for a read model (reports,
// dashboards, a list that shows names), since that changes nothing the owner guards.
// Order items get a stricter rule of their own: every change of an item goes through the orders
// service's lifecycle (order-item-lifecycle.ts → orders.repository.ts), which applies the transition table.

const sourceRoot = fileURLToPath(new URL('..', import.meta.url));

/** Table (its SQL name) → the code that owns it: a module under modules/, or a provider's folder. */
const OWNERS: Record<string, string> = {
  users: 'users',
  account_tokens: 'auth',
  addresses: 'users',
  categories: 'catalog',
  products: 'catalog',
  // Written only by PostgreSQL's triggers on products and a user's status (migrations 0026 and 0028). The
  // catalog module reads seller_review_totals (a seller's rating); the search module, which sits above it,
  // reads the other three for the catalogue's pages (their totals, the kept words, a misspelling's correction).
  live_listing_counts: 'catalog',
  seller_review_totals: 'catalog',
  listing_terms: 'catalog',
  catalogue_lexemes: 'catalog',
  product_images: 'uploads',
  upload_tokens: 'uploads',
  cart_items: 'cart',
  wishlist_items: 'wishlist',
  orders: 'orders',
  order_items: 'orders',
  payments: 'orders',
  refunds: 'orders',
  shipments: 'shipping',
  shipment_items: 'shipping',
  pickups: 'shipping',
  payment_accounts: 'payouts',
  payouts: 'payouts',
  payout_adjustments: 'payouts',
  webhook_events: 'payouts',
  sandbox_connect_accounts: 'providers/payment',
  sandbox_connect_links: 'providers/payment',
  sandbox_connect_transfers: 'providers/payment',
  sandbox_carrier_packages: 'providers/carrier',
  sandbox_carrier_pickups: 'providers/carrier',
  chats: 'chat',
  chat_messages: 'chat',
  chat_uploads: 'chat',
  disputes: 'disputes',
  dispute_events: 'disputes',
  marketplace_settings: 'workspace',
  notification_preferences: 'workspace',
  support_requests: 'workspace',
  return_policies: 'returns',
  return_requests: 'returns',
  mail_outbox: 'mail',
  notifications: 'notifications',
  reviews: 'reviews',
  review_photos: 'reviews',
  review_helpful_votes: 'reviews',
};

/**
 * Writes across an owner's line that exist today, each to be moved behind the owner's service. The
 * list only shrinks: a write not listed fails, and so does an entry whose write is gone.
 */
const KNOWN_FOREIGN_WRITES: readonly string[] = [];

/** Exported tables of schema.ts: the variable name code writes with → the table's SQL name. */
function schemaTables(): Map<string, string> {
  const schema = readFileSync(path.join(sourceRoot, 'db/schema.ts'), 'utf8');
  const tables = new Map<string, string>();
  for (const match of schema.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) tables.set(match[1]!, match[2]!);
  return tables;
}

/** Application code: everything under src/ but tests, migrations, the seed and one-off scripts (they build whole worlds). */
function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return ['migrations', 'seed', 'scripts'].includes(name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Who a file belongs to: its module, its provider folder, or the top folder (lib, plugins, realtime, db). */
function ownerOf(relative: string): string {
  const [top, second] = relative.split('/');
  if (top === 'modules' || top === 'providers') return top === 'modules' ? second! : `providers/${second}`;
  return top!;
}

interface Write {
  file: string;
  kind: 'insert' | 'update' | 'delete';
  table: string;
}

const SQL_WRITE = /\b(insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi;

/** Every write in one file's text: Drizzle calls with a schema table, and raw SQL writes inside sql`…`. */
function writesIn(file: string, text: string, tables: Map<string, string>): Write[] {
  const writes: Write[] = [];
  for (const match of text.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = tables.get(match[2]!);
    if (table) writes.push({ file, kind: match[1] as Write['kind'], table });
  }
  const sqlNames = new Set(tables.values());
  for (const template of text.matchAll(/\bsql(?:\.raw)?`([^`]*)`/g)) {
    for (const match of template[1]!.matchAll(SQL_WRITE)) {
      const verb = match[1]!.toLowerCase();
      if (sqlNames.has(match[2]!)) writes.push({ file, kind: verb.startsWith('insert') ? 'insert' : verb.startsWith('update') ? 'update' : 'delete', table: match[2]! });
    }
  }
  return writes;
}

function allWrites(): Write[] {
  const tables = schemaTables();
  return sourceFiles(sourceRoot).flatMap((file) => writesIn(path.relative(sourceRoot, file).split(path.sep).join('/'), readFileSync(file, 'utf8'), tables));
}

const describeWrite = (write: Write) => `${write.file}: ${write.kind} ${write.table}`;

describe('a module owns its tables', () => {
  it('every table of the schema has exactly one owner', () => {
    expect([...schemaTables().values()].sort()).toEqual(Object.keys(OWNERS).sort());
  });

  it('nothing writes a table it does not own', () => {
    const foreign = [...new Set(allWrites().filter((write) => ownerOf(write.file) !== OWNERS[write.table]).map(describeWrite))].sort();
    expect(foreign).toEqual([...KNOWN_FOREIGN_WRITES].sort());
  });

  it('an order item changes only through the orders lifecycle: updated in orders.repository.ts alone, never deleted', () => {
    const itemWrites = allWrites().filter((write) => write.table === 'order_items');
    expect(itemWrites.filter((write) => write.kind === 'update' && write.file !== 'modules/orders/orders.repository.ts').map(describeWrite)).toEqual([]);
    expect(itemWrites.filter((write) => write.kind === 'delete').map(describeWrite)).toEqual([]);
  });

  it('the check itself finds a direct write, in Drizzle or in raw SQL', () => {
    const tables = new Map([['orderItems', 'order_items']]);
    expect(writesIn('modules/x/x.ts', 'await transaction\n  .update(orderItems)\n  .set({ status: "refunded" })', tables)).toEqual([{ file: 'modules/x/x.ts', kind: 'update', table: 'order_items' }]);
    expect(writesIn('modules/x/x.ts', 'await db.execute(sql`UPDATE order_items SET status = ${status}`)', tables)).toEqual([{ file: 'modules/x/x.ts', kind: 'update', table: 'order_items' }]);
    expect(writesIn('modules/x/x.ts', 'await db.delete( orderItems )', tables)).toEqual([{ file: 'modules/x/x.ts', kind: 'delete', table: 'order_items' }]);
    // A read, and a word in a comment, are not writes.
    expect(writesIn('modules/x/x.ts', '// update order_items later\nawait db.select().from(orderItems)', tables)).toEqual([]);
    expect(ownerOf('modules/checkout/checkout.repository.ts')).toBe('checkout');
    expect(ownerOf('providers/payment/connect-sandbox.repository.ts')).toBe('providers/payment');
  });
});

describe('money is integer cents in the database', () => {
  it('every …_cents column is an integer, and no column is a fraction type (numeric, real, double)', async () => {
    const { getTableConfig, PgTable } = await import('drizzle-orm/pg-core');
    const schema: Record<string, unknown> = await import('../db/schema');
    const problems: string[] = [];
    for (const table of Object.values(schema)) {
      if (!(table instanceof PgTable)) continue;
      const config = getTableConfig(table);
      for (const column of config.columns) {
        const where = `${config.name}.${column.name}`;
        if (['PgNumeric', 'PgReal', 'PgDoublePrecision'].includes(column.columnType)) problems.push(`${where} is ${column.columnType}`);
        if (/_cents(_|$)/.test(column.name) && column.columnType !== 'PgInteger') problems.push(`${where} is ${column.columnType}, not integer`);
      }
    }
    expect(problems).toEqual([]);
  });
});
