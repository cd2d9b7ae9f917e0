import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, integer, PgTable, pgTable, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as gathered from '../db/schema';
import { MODULE_LAYERS } from '../modules/layers';

// House rule: a module owns its tables; another module calls its service, never its tables. A table's
// owner is the file that defines it (docs/decisions/0035-tables-live-in-their-module.md): a module's
// modules/<module>/<module>.schema.ts, or providers/<provider>/<provider>.schema.ts for a provider that
// keeps rows of its own (the sandboxes). This check reads the source: every table lives in exactly one
// such file and db/schema.ts gathers them all; a write (Drizzle's .insert/.update/.delete, or raw SQL
// inside sql`…`) of a table by code outside its owner fails here; and a table's foreign key, or a
// module's import of another's schema file, never points at a higher layer (modules/layers.ts).
// Reads are not checked: a repository may join another module's tables for a read model (reports,
// dashboards, a list that shows names), since that changes nothing the owner guards.
// Order items get a stricter rule of their own: every change of an item goes through the orders
// service's lifecycle (order-item-lifecycle.ts → orders.repository.ts), which applies the transition table.

const sourceRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Writes across an owner's line that exist today, each to be moved behind the owner's service. The
 * list only shrinks: a write not listed fails, and so does an entry whose write is gone.
 */
const KNOWN_FOREIGN_WRITES: readonly string[] = [];

/**
 * Module files that import a higher layer's schema file today (lint holds the rule; each of these
 * carries an eslint-disable that says why). A read inside one query, to be asked of the owner through a
 * port instead. The list only shrinks, as above.
 */
const KNOWN_UPWARD_SCHEMA_IMPORTS: readonly string[] = ['modules/reviews/reviews.repository.ts: notifications'];

/** Application code: everything under src/ but tests, migrations, the seed and one-off scripts (they build whole worlds). */
function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return ['migrations', 'seed', 'scripts'].includes(name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const relativeToSource = (file: string) => path.relative(sourceRoot, file).split(path.sep).join('/');

/** Who a file belongs to: its module, its provider folder, or the top folder (lib, plugins, realtime, db). */
function ownerOf(relative: string): string {
  const [top, second] = relative.split('/');
  if (top === 'modules' || top === 'providers') return top === 'modules' ? second! : `providers/${second}`;
  return top!;
}

/** The code that may own tables: every module of layers.ts, and every provider folder. */
function possibleOwners(): string[] {
  const providers = readdirSync(path.join(sourceRoot, 'providers'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return [...MODULE_LAYERS.flat(), ...providers.map((entry) => `providers/${entry.name}`)];
}

interface SchemaFile {
  /** Its path from src/. */
  file: string;
  exports: Record<string, unknown>;
}

interface Ownership {
  /** Table (its SQL name) → its owner. */
  owners: Map<string, string>;
  /** Exported name code writes with → the table's SQL name. */
  variables: Map<string, string>;
  tables: Map<string, PgTable>;
  problems: string[];
}

/** Each table's owner, read off the file that defines it; a table outside its owner's schema file, or defined twice, is a problem. */
function ownershipOf(files: readonly SchemaFile[], owners: readonly string[]): Ownership {
  const ownership: Ownership = { owners: new Map(), variables: new Map(), tables: new Map(), problems: [] };
  const definedIn = new Map<string, string>();
  for (const { file, exports } of files) {
    const owner = ownerOf(file);
    const [top, folder] = file.split('/');
    if (!owners.includes(owner) || file !== `${top}/${folder}/${folder}.schema.ts`) {
      ownership.problems.push(`${file}: a table lives in its owner's modules/<module>/<module>.schema.ts or providers/<provider>/<provider>.schema.ts`);
    }
    for (const [name, value] of Object.entries(exports)) {
      if (!is(value, PgTable)) continue;
      const table = getTableName(value);
      const earlier = definedIn.get(table) ?? definedIn.get(`export ${name}`);
      if (earlier !== undefined && earlier !== file) ownership.problems.push(`${table} (${name}): defined in ${earlier} and ${file}`);
      definedIn.set(table, file);
      definedIn.set(`export ${name}`, file);
      ownership.owners.set(table, owner);
      ownership.variables.set(name, table);
      ownership.tables.set(table, value);
    }
  }
  return ownership;
}

/** The files under src/ that define a table (its text calls pgTable), with what each exports. */
async function schemaFiles(): Promise<SchemaFile[]> {
  const files = sourceFiles(sourceRoot).filter((file) => /\bpgTable\s*\(/.test(readFileSync(file, 'utf8')));
  return Promise.all(files.map(async (file) => ({ file: relativeToSource(file), exports: (await import(file)) as Record<string, unknown> })));
}

let ownershipOfTheTree: Promise<Ownership> | undefined;
const treeOwnership = () => (ownershipOfTheTree ??= schemaFiles().then((files) => ownershipOf(files, possibleOwners())));

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
      if (sqlNames.has(match[2]!))
        writes.push({ file, kind: verb.startsWith('insert') ? 'insert' : verb.startsWith('update') ? 'update' : 'delete', table: match[2]! });
    }
  }
  return writes;
}

async function allWrites(): Promise<Write[]> {
  const { variables } = await treeOwnership();
  return sourceFiles(sourceRoot).flatMap((file) => writesIn(relativeToSource(file), readFileSync(file, 'utf8'), variables));
}

const describeWrite = (write: Write) => `${write.file}: ${write.kind} ${write.table}`;

/** The writes by code that does not own the table written. */
const foreignWrites = (writes: readonly Write[], owners: Map<string, string>) =>
  [...new Set(writes.filter((write) => ownerOf(write.file) !== owners.get(write.table)).map(describeWrite))].sort();

const layerOf = (module: string) => MODULE_LAYERS.findIndex((layer) => (layer as readonly string[]).includes(module));
/** True when both are modules and `referenced` sits in a higher layer than `referencing` (providers have no layer). */
const isAbove = (referenced: string, referencing: string) =>
  layerOf(referenced) >= 0 && layerOf(referencing) >= 0 && layerOf(referenced) > layerOf(referencing);

/** Foreign keys from a module's table to a table of a module in a higher layer. */
function upwardForeignKeys({ owners, tables }: Ownership): string[] {
  return [...tables].flatMap(([name, table]) =>
    getTableConfig(table).foreignKeys.flatMap((foreignKey) => {
      const target = getTableName(foreignKey.reference().foreignTable);
      const [from, to] = [owners.get(name)!, owners.get(target)!];
      return isAbove(to, from) ? [`${name} (${from}) → ${target} (${to})`] : [];
    }),
  );
}

/** Imports of another module's schema file, as `file: module`, by a module file whose layer is lower. */
function upwardSchemaImports(file: string, text: string): string[] {
  const own = ownerOf(file);
  return [...text.matchAll(/from '\.\.\/(\w+)\/(\w+)\.schema'/g)]
    .filter((match) => match[1] === match[2] && isAbove(match[1]!, own))
    .map((match) => `${file}: ${match[1]}`);
}

describe('a module owns its tables', () => {
  it('every table lives in exactly one schema file, its owner’s, and db/schema.ts gathers them all', async () => {
    const { owners, variables, problems } = await treeOwnership();
    expect(problems).toEqual([]);
    expect(owners.size).toBeGreaterThan(40);
    const gatheredTables = Object.entries(gathered as Record<string, unknown>).filter((entry): entry is [string, PgTable] => is(entry[1], PgTable));
    expect(gatheredTables.map(([name, table]) => `${name} ${getTableName(table)}`).sort()).toEqual(
      [...variables].map(([name, table]) => `${name} ${table}`).sort(),
    );
  });

  it('nothing writes a table it does not own', async () => {
    expect(foreignWrites(await allWrites(), (await treeOwnership()).owners)).toEqual([...KNOWN_FOREIGN_WRITES].sort());
  });

  it('an order item changes only through the orders lifecycle: updated in orders.repository.ts alone, never deleted', async () => {
    const itemWrites = (await allWrites()).filter((write) => write.table === 'order_items');
    expect(itemWrites.filter((write) => write.kind === 'update' && write.file !== 'modules/orders/orders.repository.ts').map(describeWrite)).toEqual([]);
    expect(itemWrites.filter((write) => write.kind === 'delete').map(describeWrite)).toEqual([]);
  });

  it('a foreign key never points at a table of a higher layer, and a module imports no higher layer’s schema file', async () => {
    expect(upwardForeignKeys(await treeOwnership())).toEqual([]);
    const moduleFiles = sourceFiles(path.join(sourceRoot, 'modules'));
    expect(moduleFiles.flatMap((file) => upwardSchemaImports(relativeToSource(file), readFileSync(file, 'utf8'))).sort()).toEqual(
      [...KNOWN_UPWARD_SCHEMA_IMPORTS].sort(),
    );
  });

  it('the check itself finds a direct write, in Drizzle or in raw SQL', () => {
    const tables = new Map([['orderItems', 'order_items']]);
    expect(writesIn('modules/x/x.ts', 'await transaction\n  .update(orderItems)\n  .set({ status: "refunded" })', tables)).toEqual([
      { file: 'modules/x/x.ts', kind: 'update', table: 'order_items' },
    ]);
    expect(writesIn('modules/x/x.ts', 'await db.execute(sql`UPDATE order_items SET status = ${status}`)', tables)).toEqual([
      { file: 'modules/x/x.ts', kind: 'update', table: 'order_items' },
    ]);
    expect(writesIn('modules/x/x.ts', 'await db.delete( orderItems )', tables)).toEqual([{ file: 'modules/x/x.ts', kind: 'delete', table: 'order_items' }]);
    // A read, and a word in a comment, are not writes.
    expect(writesIn('modules/x/x.ts', '// update order_items later\nawait db.select().from(orderItems)', tables)).toEqual([]);
    expect(ownerOf('modules/checkout/checkout.repository.ts')).toBe('checkout');
    expect(ownerOf('providers/payment/connect-sandbox.repository.ts')).toBe('providers/payment');
  });

  it('the check itself reads the owner off the file: a write by another module, a table outside its owner’s schema file or defined twice, a key or an import upwards', () => {
    const probeUsers = pgTable('probe_users', { id: uuid('id').primaryKey() });
    const probeCarts = pgTable('probe_carts', { id: uuid('id').primaryKey(), userId: uuid('user_id').references(() => probeUsers.id) });
    const probeLines = pgTable('probe_lines', { cartId: uuid('cart_id').references(() => probeCarts.id), quantity: integer('quantity') });
    const owners = ['users', 'cart', 'orders', 'providers/payment'];

    const layout = ownershipOf(
      [
        { file: 'modules/cart/cart.schema.ts', exports: { probeCarts, probeLines } },
        { file: 'modules/users/users.schema.ts', exports: { probeUsers } },
      ],
      owners,
    );
    expect(layout.problems).toEqual([]);
    expect([...layout.owners]).toEqual([
      ['probe_carts', 'cart'],
      ['probe_lines', 'cart'],
      ['probe_users', 'users'],
    ]);
    const writes = [
      ...writesIn('modules/orders/orders.repository.ts', 'await db.delete(probeLines)', layout.variables),
      ...writesIn('modules/cart/cart.repository.ts', 'await db.insert(probeCarts)', layout.variables),
    ];
    expect(foreignWrites(writes, layout.owners)).toEqual(['modules/orders/orders.repository.ts: delete probe_lines']);
    expect(upwardForeignKeys(layout)).toEqual([]);

    // The users table pointing at the cart's: users sits below cart, so the key points up.
    const upward = pgTable('probe_users', { id: uuid('id').primaryKey(), cartId: uuid('cart_id').references(() => probeCarts.id) });
    expect(
      upwardForeignKeys(
        ownershipOf(
          [
            { file: 'modules/cart/cart.schema.ts', exports: { probeCarts } },
            { file: 'modules/users/users.schema.ts', exports: { upward } },
          ],
          owners,
        ),
      ),
    ).toEqual(['probe_users (users) → probe_carts (cart)']);

    const misplaced = ownershipOf(
      [
        { file: 'modules/cart/cart.schema.ts', exports: { probeCarts } },
        { file: 'modules/orders/orders.schema.ts', exports: { probeCarts } },
        { file: 'modules/cart/tables.ts', exports: { probeLines } },
        { file: 'db/extra.ts', exports: { probeUsers } },
        { file: 'providers/payment/payment.schema.ts', exports: {} },
      ],
      owners,
    );
    expect(misplaced.problems).toEqual([
      'probe_carts (probeCarts): defined in modules/cart/cart.schema.ts and modules/orders/orders.schema.ts',
      "modules/cart/tables.ts: a table lives in its owner's modules/<module>/<module>.schema.ts or providers/<provider>/<provider>.schema.ts",
      "db/extra.ts: a table lives in its owner's modules/<module>/<module>.schema.ts or providers/<provider>/<provider>.schema.ts",
    ]);

    expect(
      upwardSchemaImports('modules/users/users.repository.ts', "import { cartItems } from '../cart/cart.schema';\nimport { users } from './users.schema';"),
    ).toEqual(['modules/users/users.repository.ts: cart']);
    expect(upwardSchemaImports('modules/cart/cart.repository.ts', "import { users } from '../users/users.schema';")).toEqual([]);
  });
});

describe('money is integer cents in the database', () => {
  it('every …_cents column is an integer, and no column is a fraction type (numeric, real, double)', () => {
    const problems: string[] = [];
    for (const table of Object.values(gathered as Record<string, unknown>)) {
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
