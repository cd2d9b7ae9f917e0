import type { Role } from '@marketplace/contracts/auth';
import type { Database } from '../src/db/client';
import { categories, productImages, products } from '../src/db/schema';
import { createTokenService } from '../src/modules/auth/tokens';
import type { TestApp } from './helper';

// Rows for the cart, wishlist, checkout and orders tests, inserted straight into the database.

let sequence = 0;

export async function createCommerceCategory(db: Database) {
  sequence += 1;
  const [row] = await db
    .insert(categories)
    .values({
      name: `Commerce category ${sequence} ${Math.random().toString(36).slice(2, 6)}`,
      slug: `commerce-${sequence}-${Math.random().toString(36).slice(2, 8)}`,
      commissionRateBasisPoints: 1000,
    })
    .returning();
  if (!row) throw new Error('category insert failed');
  return row;
}

export async function createListing(
  db: Database,
  values: { sellerId: string; categoryId: string } & Partial<
    Pick<typeof products.$inferInsert, 'title' | 'priceCents' | 'quantity' | 'retipPriceCents' | 'retipLabel' | 'status'>
  >,
) {
  sequence += 1;
  const [row] = await db
    .insert(products)
    .values({
      sellerId: values.sellerId,
      categoryId: values.categoryId,
      title: values.title ?? `Listing ${sequence}`,
      description: 'A test listing',
      priceCents: values.priceCents ?? 2000,
      quantity: values.quantity ?? 10,
      retipPriceCents: values.retipPriceCents ?? null,
      retipLabel: values.retipLabel ?? null,
      status: values.status ?? 'active',
    })
    .returning();
  if (!row) throw new Error('product insert failed');
  return row;
}

export async function addListingImage(db: Database, productId: string, position = 0) {
  const key = `products/${productId}/image-${position}`;
  await db.insert(productImages).values({ productId, fileKey: `${key}.webp`, thumbnailKey: `${key}-thumb.webp`, name: `image-${position}.webp`, position });
  return { url: `/uploads/${key}.webp`, thumbnailUrl: `/uploads/${key}-thumb.webp` };
}

/** A valid Authorization header for the user, signed like a login would (no argon2 wait). */
export async function bearerFor(testApp: TestApp, user: { id: string; role: Role; sessionVersion?: number }): Promise<string> {
  const tokens = createTokenService({ secret: testApp.config.jwtSecret, ttlSeconds: 3600, now: () => testApp.clock.now() });
  return `Bearer ${await tokens.sign({ userId: user.id, role: user.role, sessionVersion: user.sessionVersion ?? 0 })}`;
}
