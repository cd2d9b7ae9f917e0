import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { averageRating } from '@marketplace/domain/ratings';
import type { DatabaseHandle } from '../client';
import { createTestDatabase } from '../../../test/helper';
import { notifications, orderItems, orders, payouts, products, reviewHelpfulVotes, reviews, shipmentItems, shipments, users } from '../schema';
import { createLocalFileStore } from '../../providers/files/local';
import { hashPassword } from '../../modules/auth/password';
import { capText, NOTIFICATION_BODY_MAX, notificationTexts, READ_NOTIFICATION_KEPT_MS } from '../../modules/notifications';
import { createRandom } from './random';
import { DEMO_SEED, seedDemoMarketplace, type SeededUser, type SeededUsers } from './seed-demo-marketplace';
import { seedReviews } from './seed-reviews';
import { timeLimit } from '../../../test/time-limit';

// The demo's reviews, on a seeded PGlite: who wrote them, about what, and whether every listing's totals
// are exactly its visible reviews'; the delivery dates they rest on; the bell's side of them.

const now = new Date('2025-06-01T12:00:00Z');
const DELIVERED_STATUSES = new Set(['delivered', 'completed', 'partially_refunded', 'refunded']);
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

describe('seedReviews (demo marketplace)', () => {
  let handle: DatabaseHandle;
  let reviewCount = 0;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const result = await seedDemoMarketplace({
      db: handle.db,
      files: createLocalFileStore(await mkdtemp(path.join(tmpdir(), 'seed-reviews-'))),
      hashPassword,
      now,
    });
    reviewCount = result.counts.reviews;
  }, timeLimit(240_000));

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
    expect(reviewRows.length).toBeGreaterThanOrEqual(30);
    // About half of the delivered items.
    expect(reviewRows.length).toBeGreaterThanOrEqual(Math.floor(delivered.length * 0.35));
    expect(reviewRows.length).toBeLessThanOrEqual(Math.ceil(delivered.length * 0.65));
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

  it('dates every item that reached its buyer: delivered a few days after it was shipped, before it was closed, never after now', async () => {
    const [itemRows, orderRows, lineRows, payoutRows] = await Promise.all([
      handle.db.select().from(orderItems),
      handle.db.select().from(orders),
      handle.db
        .select({ orderItemId: shipmentItems.orderItemId, labelCreatedAt: shipments.labelCreatedAt, events: shipments.trackingEvents })
        .from(shipmentItems)
        .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
        .where(eq(shipmentItems.isActive, true)),
      handle.db.select().from(payouts),
    ]);
    const orderedAt = new Map(orderRows.map((order) => [order.id, order.createdAt.getTime()]));
    const parcelOf = new Map(lineRows.map((line) => [line.orderItemId, line]));
    const delivered = itemRows.filter((item) => DELIVERED_STATUSES.has(item.status));
    // The orders step's and the payouts step's year of sales alike.
    expect(delivered.length).toBeGreaterThan(100);
    for (const item of itemRows) {
      if (!DELIVERED_STATUSES.has(item.status)) {
        expect(item.deliveredAt, `${item.status} ${item.id}`).toBeNull();
        continue;
      }
      expect(item.deliveredAt, `${item.status} ${item.id}`).not.toBeNull();
      const at = item.deliveredAt!.getTime();
      const ordered = orderedAt.get(item.orderId)!;
      expect(at).toBeGreaterThan(ordered);
      expect(at).toBeLessThanOrEqual(now.getTime());
      expect(at, item.id).toBeLessThanOrEqual(item.updatedAt.getTime());
      const parcel = parcelOf.get(item.id);
      if (parcel) {
        // Its parcel's "delivered" scan, after the label.
        expect(new Date(at).toISOString()).toBe(parcel.events.find((event) => event.status === 'delivered')?.occurredAt);
        expect(at).toBeGreaterThan(parcel.labelCreatedAt!.getTime());
      } else if (now.getTime() - ordered > 15 * DAY_MS) {
        // Shipped within a day or so of the order, then two to four and a half days on the road.
        expect(at - ordered, item.id).toBeGreaterThanOrEqual(54 * HOUR_MS);
        expect(at - ordered, item.id).toBeLessThanOrEqual(138 * HOUR_MS);
      }
    }
    // A completed sale was paid out once it was delivered.
    const itemOf = new Map(itemRows.map((item) => [item.id, item]));
    const completedPayouts = payoutRows.filter((payout) => itemOf.get(payout.orderItemId)?.status === 'completed');
    expect(completedPayouts.length).toBeGreaterThan(50);
    for (const payout of completedPayouts) expect(payout.createdAt.getTime()).toBeGreaterThan(itemOf.get(payout.orderItemId)!.deliveredAt!.getTime());
  });

  it('gives mostly 4 and 5 stars with some of every other, varied texts, some seller replies', async () => {
    const { reviewRows } = await readAll();
    const shown = reviewRows.filter((review) => review.hiddenAt === null);
    const high = shown.filter((review) => review.rating >= 4).length;
    expect(high / shown.length).toBeGreaterThan(0.7);
    expect(new Set(shown.map((review) => review.rating))).toEqual(new Set([1, 2, 3, 4, 5]));
    // Each number of stars goes through its texts in turn: many different ones, none used more than a few times.
    const titleUses = new Map<string, number>();
    for (const review of shown) titleUses.set(review.title, (titleUses.get(review.title) ?? 0) + 1);
    expect(titleUses.size).toBeGreaterThanOrEqual(Math.ceil(shown.length * 0.6));
    expect(Math.max(...titleUses.values())).toBeLessThanOrEqual(3);
    const replied = reviewRows.filter((review) => review.sellerReply !== null);
    expect(replied.length).toBeGreaterThanOrEqual(5);
    expect(replied.length).toBeLessThan(reviewRows.length / 2);
    for (const review of replied) expect(review.sellerRepliedAt!.getTime()).toBeGreaterThanOrEqual(review.createdAt.getTime());
  });

  it('hides two recent reviews, each with its reason and the admin who hid it, and no vote after the hiding', async () => {
    const { reviewRows, voteRows } = await readAll();
    const hidden = reviewRows.filter((review) => review.hiddenAt !== null);
    expect(hidden).toHaveLength(2);
    const [admin] = await handle.db.select().from(users).where(eq(users.role, 'admin'));
    for (const review of hidden) {
      expect(review).toMatchObject({ hiddenBy: admin!.id, sellerReply: null });
      expect(review.hiddenReason!.length).toBeGreaterThan(10);
      expect(review.hiddenAt!.getTime()).toBeGreaterThanOrEqual(review.createdAt.getTime());
      expect(review.hiddenAt!.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(now.getTime() - review.createdAt.getTime()).toBeLessThanOrEqual(60 * DAY_MS);
      for (const vote of voteRows.filter((row) => row.reviewId === review.id)) expect(vote.createdAt.getTime()).toBeLessThanOrEqual(review.hiddenAt!.getTime());
    }
    expect(hidden.map((review) => review.hiddenReason)).toEqual(
      expect.arrayContaining([expect.stringMatching(/phone numbers/), expect.stringMatching(/carrier/)]),
    );
  });

  it('leaves seller@example.com a live listing nobody reviewed yet (the reviews journey reviews one)', async () => {
    const { productRows } = await readAll();
    const [seller] = await handle.db.select().from(users).where(eq(users.email, 'seller@example.com'));
    const fresh = productRows.filter(
      (product) =>
        product.sellerId === seller!.id &&
        product.status === 'active' &&
        product.quantity >= 3 &&
        product.retipPriceCents === null &&
        product.reviewCount === 0,
    );
    expect(fresh.length).toBeGreaterThanOrEqual(1);
  });

  it("writes the bell's side of the reviews: the seller's new review, the author's reply and hidden review, as the reactions word them", async () => {
    const { reviewRows, itemRows } = await readAll();
    const itemOf = new Map(itemRows.map((item) => [item.id, item]));
    const rows = await handle.db
      .select()
      .from(notifications)
      .where(inArray(notifications.kind, ['new_review', 'review_reply', 'review_hidden']));
    const keptFrom = now.getTime() - READ_NOTIFICATION_KEPT_MS;
    const expected: Array<{ userId: string; kind: string; title: string; body: string; link: string; dedupeKey: string; createdAt: Date }> = [];
    for (const review of reviewRows) {
      const item = itemOf.get(review.orderItemId)!;
      const about = { reviewId: review.id, productId: review.productId, itemTitle: item.title };
      const planned = [
        {
          userId: review.sellerId,
          at: review.createdAt,
          text: notificationTexts.newReviewForSeller({ ...about, rating: review.rating, reviewTitle: review.title }),
        },
        ...(review.sellerReply
          ? [{ userId: review.buyerId, at: review.sellerRepliedAt!, text: notificationTexts.reviewReplyForBuyer({ ...about, reply: review.sellerReply }) }]
          : []),
        ...(review.hiddenAt
          ? [
              {
                userId: review.buyerId,
                at: review.hiddenAt,
                text: notificationTexts.reviewHiddenForBuyer({
                  ...about,
                  orderId: item.orderId,
                  orderItemId: item.id,
                  reason: review.hiddenReason!,
                  hiddenAt: review.hiddenAt.toISOString(),
                }),
              },
            ]
          : []),
      ];
      for (const { userId, at, text } of planned) {
        if (at.getTime() < keptFrom) continue;
        expected.push({
          userId,
          kind: text.kind,
          title: text.title,
          body: capText(text.body, NOTIFICATION_BODY_MAX),
          link: text.link,
          dedupeKey: text.dedupeKey,
          createdAt: at,
        });
      }
    }
    const byKey = (list: typeof expected) => [...list].sort((a, b) => a.dedupeKey.localeCompare(b.dedupeKey));
    expect(byKey(rows.map(({ userId, kind, title, body, link, dedupeKey, createdAt }) => ({ userId, kind, title, body, link, dedupeKey, createdAt })))).toEqual(
      byKey(expected),
    );
    const count = (kind: string) => rows.filter((row) => row.kind === kind).length;
    expect(count('new_review')).toBeGreaterThanOrEqual(10);
    expect(count('review_reply')).toBeGreaterThanOrEqual(1);
    expect(count('review_hidden')).toBe(2);
    // A review's notification links to the review on its product's page.
    expect(rows.find((row) => row.kind === 'new_review')?.link).toMatch(/^\/products\/[0-9a-f-]{36}\?review=[0-9a-f-]{36}$/);
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
    const asSeeded = (row: (typeof userRows)[number]): SeededUser => ({
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      createdAt: row.createdAt,
    });
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
