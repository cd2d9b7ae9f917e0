import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { averageRating } from '@marketplace/domain/ratings';
import { openDatabase, type DatabaseHandle } from '../client';
import { orderItems, orders, products, reviewHelpfulVotes, reviews, users } from '../schema';
import { createLocalFileStore } from '../../providers/files/local';
import { hashPassword } from '../../modules/auth/password';
import { createRandom } from './random';
import { DEMO_SEED, seedDemoMarketplace, type SeededUser, type SeededUsers } from './seed-demo-marketplace';
import { seedReviews } from './seed-reviews';

// The demo's reviews, on a seeded PGlite: who wrote them, about what, and whether every listing's totals
// are exactly its visible reviews'.

const now = new Date('2025-06-01T12:00:00Z');
const DELIVERED_STATUSES = new Set(['delivered', 'completed', 'partially_refunded', 'refunded']);

describe('seedReviews (demo marketplace)', () => {
  let handle: DatabaseHandle;
  let reviewCount = 0;

  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite' });
    await handle.migrate();
    const result = await seedDemoMarketplace({ db: handle.db, files: createLocalFileStore(await mkdtemp(path.join(tmpdir(), 'seed-reviews-'))), hashPassword, now });
    reviewCount = result.counts.reviews;
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
  });

  const readAll = async () => {
    const [reviewRows, itemRows, orderRows, productRows, voteRows] = await Promise.all([
      handle.db.select().from(reviews).orderBy(asc(reviews.id)),
      handle.db.select().from(orderItems),
      handle.db.select().from(orders),
      handle.db.select().from(products),
      handle.db.select().from(reviewHelpfulVotes).orderBy(asc(reviewHelpfulVotes.reviewId), asc(reviewHelpfulVotes.userId)),
    ]);
    return { reviewRows, itemRows, orderRows, productRows, voteRows };
  };

  it('reviews a good share of the delivered items, only delivered ones, once each, by their buyer, after the parcel came', async () => {
    const { reviewRows, itemRows, orderRows } = await readAll();
    const itemOf = new Map(itemRows.map((item) => [item.id, item]));
    const buyerOf = new Map(orderRows.map((order) => [order.id, order.buyerId]));
    const delivered = itemRows.filter((item) => item.deliveredAt && DELIVERED_STATUSES.has(item.status));

    expect(reviewRows).toHaveLength(reviewCount);
    expect(reviewRows.length).toBeGreaterThanOrEqual(Math.floor(delivered.length * 0.4));
    expect(reviewRows.length).toBeLessThan(delivered.length);
    expect(new Set(reviewRows.map((review) => review.orderItemId)).size).toBe(reviewRows.length);
    for (const review of reviewRows) {
      const item = itemOf.get(review.orderItemId)!;
      expect(item.deliveredAt, review.orderItemId).not.toBeNull();
      expect(DELIVERED_STATUSES.has(item.status)).toBe(true);
      expect(review.buyerId).toBe(buyerOf.get(item.orderId));
      expect(review.productId).toBe(item.productId);
      expect(review.sellerId).toBe(item.sellerId);
      expect(review.createdAt.getTime()).toBeGreaterThan(item.deliveredAt!.getTime());
      expect(review.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(review.updatedAt.getTime()).toBeGreaterThanOrEqual(review.createdAt.getTime());
      expect(review.title.trim().length).toBeGreaterThan(0);
      expect(review.body).not.toContain('{item}');
    }
  });

  it('gives mostly 4 and 5 stars with a few lower ones, varied texts, some seller replies', async () => {
    const { reviewRows } = await readAll();
    const high = reviewRows.filter((review) => review.rating >= 4).length;
    expect(high / reviewRows.length).toBeGreaterThan(0.7);
    expect(reviewRows.some((review) => review.rating <= 3)).toBe(true);
    expect(new Set(reviewRows.map((review) => review.title)).size).toBeGreaterThanOrEqual(Math.ceil(reviewRows.length * 0.7));
    const replied = reviewRows.filter((review) => review.sellerReply !== null);
    expect(replied.length).toBeGreaterThan(0);
    for (const review of replied) expect(review.sellerRepliedAt!.getTime()).toBeGreaterThanOrEqual(review.createdAt.getTime());
  });

  it('hides exactly one review, with a reason and the admin who hid it', async () => {
    const { reviewRows } = await readAll();
    const hidden = reviewRows.filter((review) => review.hiddenAt !== null);
    expect(hidden).toHaveLength(1);
    const [admin] = await handle.db.select().from(users).where(eq(users.role, 'admin'));
    expect(hidden[0]).toMatchObject({ hiddenBy: admin!.id, hiddenReason: expect.stringMatching(/phone numbers/) });
  });

  it('keeps every listing’s review count and star sum equal to its visible reviews', async () => {
    const { reviewRows, productRows } = await readAll();
    const expected = new Map<string, { count: number; sum: number }>();
    for (const review of reviewRows) {
      if (review.hiddenAt) continue;
      const total = expected.get(review.productId) ?? { count: 0, sum: 0 };
      total.count += 1;
      total.sum += review.rating;
      expected.set(review.productId, total);
    }
    expect(expected.size).toBeGreaterThan(5);
    for (const product of productRows) {
      const total = expected.get(product.id) ?? { count: 0, sum: 0 };
      expect({ id: product.id, count: product.reviewCount, sum: product.ratingSum }).toEqual({ id: product.id, ...total });
    }
    // And the average the cards show follows from them.
    const reviewed = productRows.find((product) => product.reviewCount > 0)!;
    expect(averageRating(reviewed.ratingSum, reviewed.reviewCount)).not.toBeNull();
  });

  it('counts helpful votes from other buyers, never the author', async () => {
    const { reviewRows, voteRows } = await readAll();
    expect(voteRows.length).toBeGreaterThan(0);
    const authorOf = new Map(reviewRows.map((review) => [review.id, review.buyerId]));
    const votesOf = new Map<string, number>();
    for (const vote of voteRows) {
      expect(vote.userId).not.toBe(authorOf.get(vote.reviewId));
      votesOf.set(vote.reviewId, (votesOf.get(vote.reviewId) ?? 0) + 1);
    }
    for (const review of reviewRows) expect(review.helpfulCount).toBe(votesOf.get(review.id) ?? 0);
  });

  it('writes the same reviews again from the same seed', async () => {
    const before = await readAll();
    await handle.db.delete(reviews);
    await handle.db.update(products).set({ reviewCount: 0, ratingSum: 0 });
    const userRows = await handle.db.select().from(users).orderBy(asc(users.createdAt), asc(users.email));
    const asSeeded = (row: (typeof userRows)[number]): SeededUser => ({ id: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName, createdAt: row.createdAt });
    // seedReviews reads the admin and the buyers only.
    const buyers = userRows.filter((row) => row.role === 'buyer');
    const seededUsers = { admin: asSeeded(userRows.find((row) => row.role === 'admin')!), sellers: {}, buyers: buyers.map(asSeeded) } as unknown as SeededUsers;
    await handle.db.transaction((executor) =>
      seedReviews({ executor, files: createLocalFileStore(tmpdir()), random: createRandom(DEMO_SEED), now }, { users: seededUsers }),
    );
    const after = await readAll();
    expect(after.reviewRows).toEqual(before.reviewRows);
    expect(after.voteRows).toEqual(before.voteRows);
    expect(after.productRows.map(({ id, reviewCount, ratingSum }) => ({ id, reviewCount, ratingSum })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      before.productRows.map(({ id, reviewCount, ratingSum }) => ({ id, reviewCount, ratingSum })).sort((a, b) => a.id.localeCompare(b.id)),
    );
  });
});
