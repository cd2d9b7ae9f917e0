import type { AdminReview, MyReview, ProductReviewsPage, Review, SellerReview } from '@marketplace/contracts/reviews';

// Reviews as the reviews API answers them (docs/product/reviews.md), for the pages' tests.

export const REVIEW_ID = 'a1111111-1111-4111-8111-111111111111';

export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: REVIEW_ID,
    productId: '11111111-1111-4111-8111-111111111111',
    rating: 4,
    title: 'Warm light, solid base',
    body: 'Lovely lamp. The shade is a little smaller than it looks.',
    photos: [],
    authorName: 'Jane D.',
    verifiedPurchase: true,
    createdAt: '2025-03-10T10:00:00.000Z',
    updatedAt: '2025-03-10T10:00:00.000Z',
    isEdited: false,
    sellerReply: null,
    helpfulCount: 0,
    votedByMe: false,
    ...overrides,
  };
}

export function makeReviewsPage(items: Review[], overrides: Partial<ProductReviewsPage> = {}): ProductReviewsPage {
  const distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  for (const item of items) distribution[String(item.rating) as keyof typeof distribution] += 1;
  const sum = items.reduce((total, item) => total + item.rating, 0);
  return {
    items,
    average: items.length > 0 ? Math.round((sum / items.length) * 10) / 10 : null,
    count: items.length,
    distribution,
    page: 1,
    limit: 10,
    total: items.length,
    ...overrides,
  };
}

export function makeMyReview(overrides: Partial<MyReview> = {}): MyReview {
  return {
    ...makeReview(),
    orderId: 'c0ffee00-0000-4000-8000-000000000001',
    orderItemId: 'i-table',
    product: { id: 'p-table', title: 'Oak side table' },
    productId: 'p-table',
    isHidden: false,
    hiddenReason: null,
    editableUntil: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    canEdit: true,
    ...overrides,
  };
}

export function makeSellerReview(overrides: Partial<SellerReview> = {}): SellerReview {
  return { ...makeReview(), product: { id: '11111111-1111-4111-8111-111111111111', title: 'Walnut desk lamp' }, canReply: true, ...overrides };
}

export function makeAdminReview(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    ...makeReview(),
    orderId: 'c0ffee00-0000-4000-8000-000000000001',
    orderItemId: 'i-table',
    product: { id: '11111111-1111-4111-8111-111111111111', title: 'Walnut desk lamp' },
    buyer: { id: 'b1', name: 'Jane Doe', email: 'jane@example.com' },
    seller: { id: 's1', name: 'Olive Ember', companyName: 'Oak & Ember' },
    hidden: null,
    ...overrides,
  };
}
