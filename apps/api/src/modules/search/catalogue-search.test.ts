import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createCategory, createProduct, createProductImageRow, type CategoryRow } from '../../../test/factories-catalog';
import { buildTestApp, type TestApp } from '../../../test/helper';
import type { UserRecord } from '../users';

let testApp: TestApp;
let seller: UserRecord;

beforeAll(async () => {
  testApp = await buildTestApp();
  seller = await createUser(testApp.database.db, { role: 'seller', companyName: 'Acme Audio' });
});
afterAll(async () => {
  await testApp?.close();
});

const get = (url: string) => testApp.app.inject({ method: 'GET', url });
const titlesOf = (response: { json(): { items: { title: string }[] } }) => response.json().items.map((item) => item.title);

describe('GET /api/products (public search)', () => {
  let audio: CategoryRow;
  let home: CategoryRow;
  const day = (n: number) => new Date(Date.UTC(2025, 0, n));

  beforeAll(async () => {
    const db = testApp.database.db;
    audio = await createCategory(db, { name: 'Search Audio', slug: 'search-audio' });
    home = await createCategory(db, { name: 'Search Home', slug: 'search-home' });
    const make = (categoryId: string, title: string, priceCents: number, createdAt: Date, extra: object = {}) =>
      createProduct(db, { sellerId: seller.id, categoryId }, { title, priceCents, createdAt, ...extra });
    const headphones = await make(audio.id, 'Wireless Headphones Pro', 12999, day(1), {
      description: 'Over-ear with active noise cancelling.',
      retipLabel: 'Extended warranty',
      retipPriceCents: 999,
    });
    await createProductImageRow(db, headphones.id, { position: 1, name: 'side.jpg' });
    await createProductImageRow(db, headphones.id, { position: 0, name: 'front.jpg' });
    await make(audio.id, 'Wireless Mouse', 2500, day(2));
    await make(audio.id, 'Studio Monitor Speakers', 19900, day(3));
    await make(home.id, 'Leather Wallet', 4500, day(4));
    await make(home.id, 'Ceramic Coffee Mug', 1200, day(5));
    await make(audio.id, 'Wireless Headphones Hidden Edition', 9900, day(6), { status: 'hidden' });
  });

  it('tolerates typos: "wireless hedphones" finds the headphones and not the mouse', async () => {
    const response = await get('/api/products?q=wireless%20hedphones');
    expect(response.statusCode).toBe(200);
    const titles = titlesOf(response);
    expect(titles[0]).toBe('Wireless Headphones Pro');
    expect(titles).not.toContain('Wireless Mouse');
    expect(titles).not.toContain('Wireless Headphones Hidden Edition');
  });

  it('finds single misspelt words and words only in the description', async () => {
    expect(titlesOf(await get('/api/products?q=walet'))).toEqual(['Leather Wallet']);
    expect(titlesOf(await get('/api/products?q=cofee%20mug'))).toEqual(['Ceramic Coffee Mug']);
    expect(titlesOf(await get('/api/products?q=cancelling'))).toEqual(['Wireless Headphones Pro']);
  });

  it('answers the listing with its category, seller, cover, add-on and dollars', async () => {
    const [item] = (await get('/api/products?q=headphones%20pro')).json().items;
    expect(item).toMatchObject({
      title: 'Wireless Headphones Pro',
      price: 129.99,
      quantity: 10,
      condition: 'new',
      status: 'active',
      category: { id: audio.id, name: 'Search Audio', slug: 'search-audio' },
      seller: { id: seller.id, companyName: 'Acme Audio' },
      retip: { label: 'Extended warranty', price: 9.99 },
    });
    expect(item.image.url).toMatch(/^\/uploads\/products\/.+\.webp$/);
    expect(item.image.thumbnailUrl).toMatch(/-thumb\.webp$/);
    expect(item.createdAt).toBe(day(1).toISOString());
    // The cover is the image at position 0, whatever order the rows were made in.
    const detail = (await get(`/api/products/${item.id}`)).json();
    expect(detail.images.map((image: { name: string }) => image.name)).toEqual(['front.jpg', 'side.jpg']);
    expect(detail.image.url).toBe(detail.images[0].url);
  });

  it('filters by category slug and by price in dollars', async () => {
    expect(titlesOf(await get('/api/products?category=search-home&sort=price_asc'))).toEqual(['Ceramic Coffee Mug', 'Leather Wallet']);
    expect(titlesOf(await get('/api/products?category=search-audio&minPrice=25&maxPrice=129.99&sort=price_asc'))).toEqual([
      'Wireless Mouse',
      'Wireless Headphones Pro',
    ]);
    expect(titlesOf(await get('/api/products?category=search-audio&minPrice=25.01&maxPrice=129.98'))).toEqual([]);
    expect((await get('/api/products?category=no-such-category')).json()).toMatchObject({ items: [], total: 0 });
  });

  it('sorts by price both ways and by newest', async () => {
    expect(titlesOf(await get('/api/products?category=search-audio&sort=price_desc'))).toEqual([
      'Studio Monitor Speakers',
      'Wireless Headphones Pro',
      'Wireless Mouse',
    ]);
    expect(titlesOf(await get('/api/products?category=search-audio&sort=price_asc'))).toEqual([
      'Wireless Mouse',
      'Wireless Headphones Pro',
      'Studio Monitor Speakers',
    ]);
    expect(titlesOf(await get('/api/products?category=search-audio&sort=newest'))).toEqual([
      'Studio Monitor Speakers',
      'Wireless Mouse',
      'Wireless Headphones Pro',
    ]);
  });

  it('pages: total, totalPages and the last partial page', async () => {
    const first = (await get('/api/products?category=search-audio&sort=newest&limit=2&page=1')).json();
    expect(first).toMatchObject({ total: 3, page: 1, totalPages: 2 });
    expect(first.items).toHaveLength(2);
    const second = (await get('/api/products?category=search-audio&sort=newest&limit=2&page=2')).json();
    expect(second.items.map((item: { title: string }) => item.title)).toEqual(['Wireless Headphones Pro']);
    const beyond = (await get('/api/products?category=search-audio&limit=2&page=5')).json();
    expect(beyond).toMatchObject({ items: [], total: 3, page: 5, totalPages: 2 });
    const empty = (await get('/api/products?category=no-such-category')).json();
    expect(empty).toMatchObject({ total: 0, page: 1, totalPages: 1 });
    // Default page size is 24.
    expect((await get('/api/products')).json().items.length).toBeLessThanOrEqual(24);
  });

  it.each(['page=0', 'limit=0', 'limit=101', 'sort=cheapest', 'minPrice=-1', 'maxPrice=abc', 'minPrice=10.005', 'maxPrice=1e-9', 'maxPrice=Infinity'])(
    'refuses %s with 400 and issues',
    async (query) => {
      const response = await get(`/api/products?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().issues.length).toBeGreaterThan(0);
    },
  );
});
