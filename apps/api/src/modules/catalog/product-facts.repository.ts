import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from './catalog.schema';

// The few facts of a listing other modules need by id: its title (a chat about it), its seller (a chat
// started about it goes to that seller) and its weight (a return parcel's).

export interface ProductFacts {
  id: string;
  sellerId: string;
  title: string;
  weightOunces: number;
}

/** The listings of `ids` by id, in one read; ids that match none are absent. */
export async function findProductFacts(executor: Executor, ids: readonly string[]): Promise<Map<string, ProductFacts>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await executor
    .select({ id: products.id, sellerId: products.sellerId, title: products.title, weightOunces: products.weightOunces })
    .from(products)
    .where(inArray(products.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}
