import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createCategory } from '../../../test/factories-orders';
import { createBoughtItem, createPerson, createReviewableListing, headersOf, type Person } from '../../../test/factories-reviews';

// Ratings where buyers choose (docs/product/reviews.md): the product page's average, count and distribution,
// the same average and count on every card (catalogue list, product page, search results), the sort by
// rating, and the seller's rating over all their items, kept right as reviews come, change, go and hide.

let testApp: TestApp;
let admin: Person;
let seller: Person;
let otherSeller: Person;
const buyers: Person[] = [];

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, who: Person | null, payload?: object) {
  return testApp.app.inject({ method, url, headers: await headersOf(testApp, who), ...(payload ? { payload } : {}) });
}

/** Each rating by a different buyer, on an item delivered to them; answers the reviews' ids. */
async function reviewed(product: { id: string; sellerId: string; categoryId: string; title: string }, ratings: number[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, rating] of ratings.entries()) {
    const buyer = buyers[index]!;
    const { orderItemId } = await createBoughtItem(testApp, buyer, product);
    const answer = await call('POST', '/api/reviews', buyer, { orderItemId, rating, title: `${rating} stars`, body: 'Fair enough.' });
    expect(answer.statusCode, answer.body).toBe(201);
    ids.push(answer.json().review.id);
    // The test clock stands still unless moved: a minute between reviews gives "newest first" its order.
    testApp.clock.advance(60_000);
  }
  return ids;
}

beforeAll(async () => {
  // The catalogue's caches on, as in production: every review change must drop them, or the figures below go stale.
  testApp = await buildTestApp({ environment: { SEARCH_CACHE_SECONDS: '60' } });
  [admin, seller, otherSeller] = await Promise.all([createPerson(testApp, 'admin'), createPerson(testApp, 'seller'), createPerson(testApp, 'seller')]);
  for (let index = 0; index < 6; index += 1) buyers.push(await createPerson(testApp, 'buyer'));
});

afterAll(async () => {
  await testApp?.close();
});

describe('a listing’s rating', () => {
  it('shows the visible reviews’ average (one decimal), count and distribution, and pages them newest or most helpful first', async () => {
    const product = await createReviewableListing(testApp, seller, { title: 'Stoneware mug' });
    const empty = (await call('GET', `/api/products/${product.id}/reviews`, null)).json();
    expect(empty).toEqual({ items: [], average: null, count: 0, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }, page: 1, limit: 10, total: 0 });
    expect((await call('GET', `/api/products/${product.id}`, null)).json()).toMatchObject({ averageRating: null, reviewCount: 0 });

    const [five, fourA, fourB, one] = await reviewed(product, [5, 4, 4, 1]);
    await call('POST', `/api/admin/reviews/${one}/hide`, admin, { reason: 'Not about the item' });
    // 13 stars over 3 visible reviews: 4.333… shown as 4.3.
    const list = (await call('GET', `/api/products/${product.id}/reviews?limit=2`, null)).json();
    expect(list).toMatchObject({ average: 4.3, count: 3, total: 3, distribution: { '1': 0, '2': 0, '3': 0, '4': 2, '5': 1 }, page: 1, limit: 2 });
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([fourB, fourA]);
    expect(list.items[0]).toMatchObject({ rating: 4, verifiedPurchase: true, photos: [], sellerReply: null, isEdited: false });
    expect(list.items[0].authorName).toMatch(/^Test [A-Z]\.$/);
    expect((await call('GET', `/api/products/${product.id}/reviews?limit=2&page=2`, null)).json().items.map((item: { id: string }) => item.id)).toEqual([five]);

    await call('POST', `/api/reviews/${five}/helpful`, buyers[5]!);
    await call('POST', `/api/reviews/${fourA}/helpful`, buyers[5]!);
    await call('POST', `/api/reviews/${fourA}/helpful`, seller);
    const helpful = (await call('GET', `/api/products/${product.id}/reviews?sort=helpful`, null)).json();
    expect(helpful.items.map((item: { id: string; helpfulCount: number }) => [item.id, item.helpfulCount])).toEqual([
      [fourA, 2],
      [five, 1],
      [fourB, 0],
    ]);

    // Cards and the product page say the same.
    expect((await call('GET', `/api/products/${product.id}`, null)).json()).toMatchObject({ averageRating: 4.3, reviewCount: 3 });
    const card = (await call('GET', `/api/products?q=${encodeURIComponent('Stoneware mug')}`, null))
      .json()
      .items.find((item: { id: string }) => item.id === product.id);
    expect(card).toMatchObject({ averageRating: 4.3, reviewCount: 3 });

    // A change of stars moves the average at once (the catalogue's caches follow).
    await call('PATCH', `/api/reviews/${fourB}`, buyers[2]!, { rating: 5 });
    expect((await call('GET', `/api/products/${product.id}/reviews`, null)).json()).toMatchObject({ average: 4.7, count: 3, distribution: { '4': 1, '5': 2 } });
    expect((await call('GET', `/api/products/${product.id}`, null)).json()).toMatchObject({ averageRating: 4.7, reviewCount: 3 });
  });
});

describe('sorting by rating', () => {
  it('puts the highest average first, ties by the number of reviews, listings without reviews last: in the catalogue and in search', async () => {
    const category = await createCategory(testApp.database.db, { name: 'Rated lamps', slug: 'rated-lamps' });
    const make = (title: string) => createReviewableListing(testApp, otherSeller, { title, categoryId: category.id });
    const unrated = await make('Brass reading lamp');
    const fourAndAHalf = await make('Paper floor lamp');
    const fiveOnce = await make('Ceramic table lamp');
    const fiveTwice = await make('Walnut desk lamp');
    await reviewed(fourAndAHalf, [5, 4]);
    await reviewed(fiveOnce, [5]);
    await reviewed(fiveTwice, [5, 5]);
    const expected = [fiveTwice.id, fiveOnce.id, fourAndAHalf.id, unrated.id];

    const catalogue = (await call('GET', `/api/products?category=rated-lamps&sort=rating`, null)).json();
    expect(catalogue.items.map((item: { id: string }) => item.id)).toEqual(expected);
    expect(catalogue.items.map((item: { averageRating: number | null; reviewCount: number }) => [item.averageRating, item.reviewCount])).toEqual([
      [5, 2],
      [5, 1],
      [4.5, 2],
      [null, 0],
    ]);
    const withWords = (await call('GET', `/api/products?q=lamp&category=rated-lamps&sort=rating`, null)).json();
    expect(withWords.items.map((item: { id: string }) => item.id)).toEqual(expected);
    expect((await call('GET', '/api/products?sort=stars', null)).statusCode).toBe(400);

    const search = await call('GET', `/api/search/ai?q=lamp&sort=rating`, null);
    expect(search.statusCode, search.body).toBe(200);
    const found = search.json();
    expect(found.interpretation.sort).toBe('rating');
    const ours = found.items.filter((item: { id: string }) => expected.includes(item.id));
    expect(ours.map((item: { id: string }) => item.id)).toEqual(expected);
    expect(ours[0]).toMatchObject({ averageRating: 5, reviewCount: 2 });
    expect((await call('GET', '/api/search/ai?q=lamp&sort=stars', null)).statusCode).toBe(400);
  });
});

describe('a seller’s rating', () => {
  it('averages the visible reviews of all their items and shows on the product page’s “Sold by”', async () => {
    const ratedSeller = await createPerson(testApp, 'seller');
    const first = await createReviewableListing(testApp, ratedSeller, { title: 'Oak stool' });
    const second = await createReviewableListing(testApp, ratedSeller, { title: 'Oak bench' });
    expect((await call('GET', `/api/products/${first.id}`, null)).json().seller).toEqual({
      id: ratedSeller.id,
      companyName: expect.any(String),
      rating: { average: null, count: 0 },
      vacation: null,
    });
    await reviewed(first, [5, 4]);
    const [hideMe] = await reviewed(second, [1, 3]);
    expect((await call('GET', `/api/products/${second.id}`, null)).json().seller.rating).toEqual({ average: 3.3, count: 4 });
    await call('POST', `/api/admin/reviews/${hideMe}/hide`, admin, { reason: 'Spam' });
    // 12 stars over 3 visible reviews.
    expect((await call('GET', `/api/products/${first.id}`, null)).json().seller.rating).toEqual({ average: 4, count: 3 });
  });
});
