import type { Database } from '../src/db/client';
import { categories, productImages, products } from '../src/db/schema';

// Catalog rows straight into the database (no HTTP), for tests that need listings to exist.

let sequence = 0;
const next = () => {
  sequence += 1;
  return `${sequence}-${Math.random().toString(36).slice(2, 8)}`;
};

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

export async function createCategory(
  db: Database,
  overrides: Partial<{ name: string; slug: string; commissionRateBasisPoints: number }> = {},
): Promise<CategoryRow> {
  const suffix = next();
  const [row] = await db
    .insert(categories)
    .values({
      name: overrides.name ?? `Category ${suffix}`,
      slug: overrides.slug ?? `category-${suffix}`,
      commissionRateBasisPoints: overrides.commissionRateBasisPoints ?? 1000,
    })
    .returning();
  if (!row) throw new Error('category insert returned nothing');
  return row;
}

export async function createProduct(
  db: Database,
  required: { sellerId: string; categoryId: string },
  overrides: Partial<Omit<typeof products.$inferInsert, 'sellerId' | 'categoryId'>> = {},
): Promise<ProductRow> {
  const [row] = await db
    .insert(products)
    .values({
      title: `Test product ${next()}`,
      description: 'A product made by a test factory.',
      priceCents: 1999,
      quantity: 10,
      condition: 'new',
      ...overrides,
      ...required,
    })
    .returning();
  if (!row) throw new Error('product insert returned nothing');
  return row;
}

/** An image row only (no file behind it), for tests about ordering and covers. */
export async function createProductImageRow(
  db: Database,
  productId: string,
  overrides: Partial<{ position: number; name: string }> = {},
): Promise<typeof productImages.$inferSelect> {
  const suffix = next();
  const [row] = await db
    .insert(productImages)
    .values({
      productId,
      fileKey: `products/${productId}/factory-${suffix}.webp`,
      thumbnailKey: `products/${productId}/factory-${suffix}-thumb.webp`,
      name: overrides.name ?? `photo-${suffix}.jpg`,
      position: overrides.position ?? 0,
    })
    .returning();
  if (!row) throw new Error('image insert returned nothing');
  return row;
}
