import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// House rule: an order item changes only through the orders service's lifecycle
// (modules/orders/order-item-lifecycle.ts → orders.repository.ts), which applies the transition table.
// Checkout creates items; nothing else writes the order_items table. This check reads the source, so a
// new module that updates items directly fails here instead of shipping a status that skips the rules.

const sourceRoot = fileURLToPath(new URL('..', import.meta.url));

const WRITERS: Record<string, RegExp> = {
  update: /\.update\(\s*orderItems\s*\)/,
  insert: /\.insert\(\s*orderItems\s*\)/,
  delete: /\.delete\(\s*orderItems\s*\)/,
  rawSql: /(update|insert\s+into|delete\s+from)\s+"?order_items"?/i,
};

/** Where each kind of write may appear (paths relative to apps/api/src). */
const ALLOWED: Record<string, readonly string[]> = {
  update: ['modules/orders/orders.repository.ts'],
  insert: ['modules/checkout/checkout.repository.ts'],
  delete: [],
  rawSql: [],
};

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return name === 'migrations' || name === 'seed' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('order items have one owner', () => {
  it('only the orders repository updates order items, and only checkout creates them', () => {
    const violations: string[] = [];
    for (const file of sourceFiles(sourceRoot)) {
      const relative = path.relative(sourceRoot, file).split(path.sep).join('/');
      const text = readFileSync(file, 'utf8');
      for (const [kind, pattern] of Object.entries(WRITERS)) {
        if (pattern.test(text) && !ALLOWED[kind]!.includes(relative)) violations.push(`${relative}: ${kind} of order_items`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('the check itself finds a direct write', () => {
    expect(WRITERS.update!.test('await transaction.update(orderItems).set({ status: "refunded" })')).toBe(true);
    expect(WRITERS.rawSql!.test('UPDATE order_items SET status = $1')).toBe(true);
  });
});
