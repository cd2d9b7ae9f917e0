import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories } from './catalog.schema';

export async function listCategories(executor: Executor) {
  return executor
    .select({ id: categories.id, name: categories.name, slug: categories.slug, commissionRateBasisPoints: categories.commissionRateBasisPoints })
    .from(categories)
    .orderBy(asc(categories.name));
}
