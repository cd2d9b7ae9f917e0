/**
 * Seed step: buyers' reviews of what the demo orders delivered (docs/product/reviews.md). About half the
 * delivered items (the orders step's and the payouts step's year of sales) are reviewed by their buyer a few
 * days after the parcel came, mostly with 4 or 5 stars and now and then 1 to 3; sellers answered some (the
 * critical ones more often), other buyers marked some helpful, and an admin hid two of the last two months'
 * with a reason. Only items that reached the buyer (a delivery date, still delivered, completed or refunded
 * afterwards) are reviewed, once each, never before they arrived nor after `now`. The notifications step
 * writes the bell's side of them (the seller's new review, the author's reply and hidden review).
 * Each listing's visible-review count and star sum move through the catalogue's own adjustReviewTotals, so
 * cards, search and the sort by rating read exactly the reviews that show. Deterministic: every draw comes
 * from a fork keyed by the order item.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { adjustReviewTotals } from '../../modules/catalog';
import { orderItems, orders, reviewHelpfulVotes, reviews } from '../schema';
import { DEMO_HIDDEN_REVIEWS, DEMO_REVIEW_TEXTS, DEMO_SELLER_REPLIES } from './demo-reviews';
import type { SeedContext, SeededUsers } from './seed-demo-marketplace';
import type { Random } from './random';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The share of delivered items whose buyer wrote a review. */
const REVIEWED_SHARE = 0.5;
/** The hidden reviews are among those written this recently, so the admin's list and the authors' bells show them. */
const HIDDEN_WITHIN_MS = 60 * DAY_MS;
/** Statuses of an item that was delivered and may be reviewed (a refund after delivery keeps it reviewable). */
const REVIEWABLE_STATUSES = ['delivered', 'completed', 'partially_refunded', 'refunded'] as const;
/** Rows a single insert carries (PostgreSQL takes at most 65,535 parameters a statement). */
const INSERT_CHUNK = 500;

type Stars = 1 | 2 | 3 | 4 | 5;
type ReviewRow = typeof reviews.$inferInsert & { id: string; productId: string; rating: number; createdAt: Date };

export interface SeededReviews {
  reviews: number;
}

/** Mostly 4 and 5 stars, some 3, a few 2, rarely 1, as on a marketplace people like. */
function drawStars(random: Random): Stars {
  const roll = random.nextFloat();
  if (roll < 0.5) return 5;
  if (roll < 0.82) return 4;
  if (roll < 0.92) return 3;
  if (roll < 0.98) return 2;
  return 1;
}

function later(from: Date, byMs: number, now: Date): Date | null {
  const at = new Date(from.getTime() + byMs);
  return at.getTime() < now.getTime() ? at : null;
}

/** Up to `count` different people from `people`, in a deterministic order. */
function pickSome<T>(random: Random, people: readonly T[], count: number): T[] {
  const pool = [...people];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) picked.push(pool.splice(random.integerBetween(0, pool.length - 1), 1)[0]!);
  return picked;
}

export async function seedReviews(context: SeedContext, earlier: { users: SeededUsers }): Promise<SeededReviews> {
  const { executor, now } = context;
  const delivered = await executor
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      sellerId: orderItems.sellerId,
      title: orderItems.title,
      deliveredAt: orderItems.deliveredAt,
      buyerId: orders.buyerId,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(isNotNull(orderItems.deliveredAt), inArray(orderItems.status, [...REVIEWABLE_STATUSES])))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));

  // Sorted: the voters drawn never depend on the order the buyers were handed in.
  const buyerIds = earlier.users.buyers.map((buyer) => buyer.id).sort();
  const textOffset = context.random.fork('reviews/texts').integerBetween(0, 7);
  const textsUsed: Record<Stars, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  const rows: ReviewRow[] = [];
  const votes: Array<typeof reviewHelpfulVotes.$inferInsert> = [];
  for (const item of delivered) {
    const random = context.random.fork(`reviews/${item.id}`);
    if (!random.chance(REVIEWED_SHARE)) continue;
    // A few days after the parcel came; for a parcel that came lately, some time since (never in the future).
    const deliveredAt = item.deliveredAt!;
    const sinceDelivery = now.getTime() - deliveredAt.getTime();
    if (sinceDelivery < 2 * HOUR_MS) continue;
    const createdAt =
      later(deliveredAt, random.integerBetween(1, 9) * DAY_MS + random.integerBetween(1, 12) * HOUR_MS, now) ??
      new Date(deliveredAt.getTime() + Math.round(sinceDelivery * random.floatBetween(0.3, 0.9)));
    const stars = drawStars(random);
    // Each number of stars goes through its texts in turn, so few reviews still read differently.
    const texts = DEMO_REVIEW_TEXTS[stars];
    const text = texts[(textOffset + (textsUsed[stars] += 1)) % texts.length]!;
    // Now and then the author came back to change a word.
    const editedAt = random.chance(0.25) ? later(createdAt, random.integerBetween(2, 48) * HOUR_MS, now) : null;
    // Sellers answer the critical ones more often than the glowing ones.
    const replies = random.chance(stars <= 3 ? 0.6 : 0.2);
    const repliedAt = replies ? later(editedAt ?? createdAt, random.integerBetween(3, 40) * HOUR_MS, now) : null;
    const row: ReviewRow = {
      id: random.uuid(),
      orderItemId: item.id,
      productId: item.productId,
      sellerId: item.sellerId,
      buyerId: item.buyerId,
      rating: stars,
      title: text.title,
      body: text.body.replaceAll('{item}', item.title),
      sellerReply: repliedAt ? random.pick(stars <= 3 ? DEMO_SELLER_REPLIES.critical : DEMO_SELLER_REPLIES.positive) : null,
      sellerRepliedAt: repliedAt,
      helpfulCount: 0,
      createdAt,
      updatedAt: editedAt ?? createdAt,
    };
    // Other buyers found some of them helpful.
    if (random.chance(0.45)) {
      const others = buyerIds.filter((id) => id !== item.buyerId);
      for (const voter of pickSome(random, others, random.integerBetween(1, Math.min(4, others.length)))) {
        votes.push({ reviewId: row.id, userId: voter, createdAt: later(createdAt, random.integerBetween(1, 72) * HOUR_MS, now) ?? createdAt });
        row.helpfulCount = (row.helpfulCount ?? 0) + 1;
      }
    }
    rows.push(row);
  }

  // Reviews an admin hid, each with its reason (an offer to trade outside the marketplace, a complaint about
  // the carrier): a third and two thirds of the way through the recent ones. They leave the averages.
  const recent = rows.filter((row) => now.getTime() - row.createdAt.getTime() <= HIDDEN_WITHIN_MS);
  DEMO_HIDDEN_REVIEWS.forEach((text, index) => {
    const hidden = recent[Math.floor((recent.length * (index + 1)) / (DEMO_HIDDEN_REVIEWS.length + 1))];
    if (!hidden) return;
    Object.assign(hidden, {
      rating: text.rating,
      title: text.title,
      body: text.body,
      sellerReply: null,
      sellerRepliedAt: null,
      hiddenAt: later(hidden.createdAt, (6 + index * 20) * HOUR_MS, now) ?? hidden.createdAt,
      hiddenReason: text.reason,
      hiddenBy: earlier.users.admin.id,
      updatedAt: hidden.createdAt,
    });
  });
  // A hidden review cannot be voted on: only the votes cast before it was hidden stay.
  const hiddenAtOf = new Map(rows.flatMap((row) => (row.hiddenAt instanceof Date ? [[row.id, row.hiddenAt.getTime()] as const] : [])));
  const castVotes = votes.filter((vote) => {
    const hiddenAt = hiddenAtOf.get(vote.reviewId);
    return hiddenAt === undefined || (vote.createdAt ?? new Date(0)).getTime() <= hiddenAt;
  });
  for (const row of rows) if (hiddenAtOf.has(row.id)) row.helpfulCount = castVotes.filter((vote) => vote.reviewId === row.id).length;

  for (let start = 0; start < rows.length; start += INSERT_CHUNK) await executor.insert(reviews).values(rows.slice(start, start + INSERT_CHUNK));
  for (let start = 0; start < castVotes.length; start += INSERT_CHUNK)
    await executor.insert(reviewHelpfulVotes).values(castVotes.slice(start, start + INSERT_CHUNK));

  // Each listing's totals over its visible reviews, through the catalogue (its check keeps them consistent).
  const totals = new Map<string, { countDelta: number; sumDelta: number }>();
  for (const row of rows) {
    if (row.hiddenAt) continue;
    const total = totals.get(row.productId) ?? { countDelta: 0, sumDelta: 0 };
    total.countDelta += 1;
    total.sumDelta += row.rating;
    totals.set(row.productId, total);
  }
  for (const [productId, delta] of totals) await adjustReviewTotals(executor, productId, delta);

  return { reviews: rows.length };
}
