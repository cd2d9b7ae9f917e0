import Fastify, { type FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createManualClock } from '../../lib/clock';
import { HttpError } from '../../lib/http-errors';
import errorHandler from '../../plugins/error-handler';
import { bearerFor } from '../../../test/factories-commerce';
import { createUser } from '../../../test/factories';
import { createCategory, createProduct, createProductImageRow, type CategoryRow } from '../../../test/factories-catalog';
import { buildTestApp, type TestApp } from '../../../test/helper';
import type { UserRecord } from '../users';
import { createSeoService, seoRoutes, type SeoService } from '.';
import { buildUrlSet, escapeXml, ROBOTS_DISALLOWED_PATHS } from './sitemap-xml';

// robots.txt and the sitemap (docs/product/seo.md): exactly what a guest can open, nothing else.

const ORIGIN = 'https://market.example';

let testApp: TestApp;
let category: CategoryRow;
let seller: UserRecord;
let suspendedSeller: UserRecord;
let hiddenOnlySeller: UserRecord;
let unverifiedSeller: UserRecord;
let buyer: UserRecord;
const ids = { live: [] as string[], draftByApi: '', hiddenByAdmin: '', draftOfUnverified: '', hiddenOnly: '', ofSuspended: '' };

const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });

/** Every `<loc>` of an XML answer, unescaped. */
function locsOf(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) =>
    match[1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

/** Every listing id the public catalogue shows a guest, page after page. */
async function catalogueIds(): Promise<string[]> {
  const found: string[] = [];
  for (let page = 1; ; page += 1) {
    const response = await get(`/api/products?limit=100&page=${page}&sort=newest`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { items: { id: string }[]; totalPages: number };
    found.push(...body.items.map((item) => item.id));
    if (page >= body.totalPages) return found;
  }
}

beforeAll(async () => {
  testApp = await buildTestApp({ environment: { PUBLIC_URL: `${ORIGIN}/` } });
  const db = testApp.database.db;
  category = await createCategory(db, { name: 'Sitemap Things', slug: 'sitemap-things' });
  seller = await createUser(db, { role: 'seller', companyName: 'Harbor Goods' });
  suspendedSeller = await createUser(db, { role: 'seller', status: 'suspended' });
  hiddenOnlySeller = await createUser(db, { role: 'seller' });
  unverifiedSeller = await createUser(db, { role: 'seller', emailVerifiedAt: null });
  buyer = await createUser(db, { role: 'buyer' });
  const admin = await createUser(db, { role: 'admin' });
  const sellerAuth = { authorization: await bearerFor(testApp, seller) };
  const adminAuth = { authorization: await bearerFor(testApp, admin) };
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

  // Listings as sellers make them: a draft until the first photo puts it live.
  const createListing = async (title: string) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: sellerAuth,
      payload: { title, description: 'Listed for the sitemap test.', category: category.slug, price: 25, quantity: 3, condition: 'new' },
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { id: string }).id;
  };
  const addPhoto = async (productId: string) => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
    const response = await testApp.app.inject({ method: 'POST', url: `/api/products/${productId}/images`, headers: sellerAuth, payload: form });
    expect(response.statusCode).toBe(200);
  };
  for (const title of ['Harbor Lamp', 'Harbor Rope', 'Harbor Tote']) {
    const id = await createListing(title);
    await addPhoto(id);
    ids.live.push(id);
  }
  ids.draftByApi = await createListing('Harbor Draft Without Photo');
  // A live listing the marketplace hid.
  ids.hiddenByAdmin = await createListing('Harbor Hidden By Admin');
  await addPhoto(ids.hiddenByAdmin);
  expect(
    (await testApp.app.inject({ method: 'PATCH', url: `/api/admin/products/${ids.hiddenByAdmin}`, headers: adminAuth, payload: { status: 'hidden' } }))
      .statusCode,
  ).toBe(200);
  // More live listings straight into the table, and the other sellers' listings.
  for (let index = 0; index < 4; index += 1) {
    const row = await createProduct(db, { sellerId: seller.id, categoryId: category.id }, { title: `Harbor Extra ${index}` });
    await createProductImageRow(db, row.id);
    ids.live.push(row.id);
  }
  ids.hiddenOnly = (await createProduct(db, { sellerId: hiddenOnlySeller.id, categoryId: category.id }, { status: 'hidden' })).id;
  ids.draftOfUnverified = (await createProduct(db, { sellerId: unverifiedSeller.id, categoryId: category.id }, { status: 'hidden' })).id;
  ids.ofSuspended = (await createProduct(db, { sellerId: suspendedSeller.id, categoryId: category.id }, { status: 'active' })).id;
});
afterAll(async () => {
  await testApp?.close();
});

describe('GET /robots.txt', () => {
  it('allows the catalogue, refuses the personal areas and names the sitemap at PUBLIC_URL', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/', '/products', '/products/', '/shop/']) expect(lines).toContain(`Allow: ${path}`);
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    expect(disallowed.sort()).toEqual(
      [
        '/api/',
        '/seller',
        '/admin',
        '/profile',
        '/myorders',
        '/user/',
        '/orderDisputes',
        '/products/checkout',
        '/mobile-upload/',
        '/sandbox/',
        '/reset-password/',
        '/verify-email/',
        '/login',
        '/signup',
        '/forgot-password',
      ].sort(),
    );
    expect(ROBOTS_DISALLOWED_PATHS).toHaveLength(disallowed.length);
    // The configured origin, its trailing slash dropped: one absolute URL.
    expect(lines.filter((line) => line.startsWith('Sitemap:'))).toEqual([`Sitemap: ${ORIGIN}/sitemap.xml`]);
  });

  it('is a real route: not the web app’s page, and HEAD answers too', async () => {
    const head = await testApp.app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists exactly the live listings the catalogue shows a guest, the open shops with one, the home page and the catalogue', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const locs = locsOf(response.body);
    expect(new Set(locs).size).toBe(locs.length);

    const productIds = locs.filter((loc) => loc.startsWith(`${ORIGIN}/products/`)).map((loc) => loc.slice(`${ORIGIN}/products/`.length));
    // The catalogue's own answer, not a list of our own making.
    expect(productIds.sort()).toEqual((await catalogueIds()).sort());
    // Only live listings: not the hidden ones, nor a suspended seller's (it left the catalogue; its page is a 404).
    expect(productIds.sort()).toEqual([...ids.live].sort());
    for (const hidden of [ids.draftByApi, ids.hiddenByAdmin, ids.hiddenOnly, ids.draftOfUnverified, ids.ofSuspended]) {
      expect(productIds).not.toContain(hidden);
      expect((await get(`/api/products/${hidden}`)).statusCode).toBe(404);
    }
    for (const id of productIds) expect((await get(`/api/products/${id}`)).statusCode, id).toBe(200);

    // Shops: only open ones with something for sale (the suspended seller's shop page is a 404).
    const shopIds = locs.filter((loc) => loc.startsWith(`${ORIGIN}/shop/`)).map((loc) => loc.slice(`${ORIGIN}/shop/`.length));
    expect(shopIds).toEqual([seller.id]);
    expect((await get(`/api/shops/${seller.id}`)).statusCode).toBe(200);
    expect((await get(`/api/shops/${suspendedSeller.id}`)).statusCode).toBe(404);
    for (const absent of [suspendedSeller.id, hiddenOnlySeller.id, unverifiedSeller.id, buyer.id]) expect(shopIds).not.toContain(absent);

    expect(locs.filter((loc) => !loc.includes('/products/') && !loc.includes('/shop/'))).toEqual([`${ORIGIN}/`, `${ORIGIN}/products`]);
    expect(locs).toHaveLength(2 + productIds.length + shopIds.length);
  });

  it("gives each product page its listing's last change as <lastmod>", async () => {
    const rows = await testApp.database.db.select({ id: products.id, updatedAt: products.updatedAt }).from(products).where(inArray(products.id, ids.live));
    const body = (await get('/sitemap.xml')).body;
    for (const row of rows) {
      expect(body).toContain(`<url><loc>${ORIGIN}/products/${row.id}</loc><lastmod>${row.updatedAt.toISOString()}</lastmod></url>`);
    }
    expect(body).toContain(`<url><loc>${ORIGIN}/shop/${seller.id}</loc></url>`);
  });

  it('answers 404 { error, code } for a sitemap file while the sitemap is one file, and for names that are none', async () => {
    for (const name of ['pages.xml', 'products-1.xml', 'shops-1.xml', 'products-0.xml', 'products-x.xml', 'nothing']) {
      const response = await get(`/sitemaps/${name}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBeUndefined();
      expect(response.json()).toEqual({ error: 'Sitemap file not found', code: 'not_found' });
    }
  });
});

describe('the sitemap split into files (a small limit)', () => {
  const LIMIT = 3;
  let small: FastifyInstance;

  /** The sitemap's routes alone, over the test database, with LIMIT URLs per file and nothing cached. */
  async function buildSmallApp(seo: SeoService): Promise<FastifyInstance> {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandler);
    await app.register(seoRoutes, { seo });
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    small = await buildSmallApp(createSeoService({ db: testApp.database.db, clock: testApp.clock, publicUrl: ORIGIN, urlsPerFile: LIMIT, layoutCacheMs: 0 }));
  });
  afterAll(async () => {
    await small?.close();
  });

  /** Every file the index names, fetched: its name and its URLs. */
  async function readAllFiles(app: FastifyInstance): Promise<{ name: string; locs: string[] }[]> {
    const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.body).not.toContain('<urlset');
    const files = [];
    for (const loc of locsOf(index.body)) {
      expect(loc.startsWith(`${ORIGIN}/sitemaps/`)).toBe(true);
      const response = await app.inject({ method: 'GET', url: loc.slice(ORIGIN.length) });
      expect(response.statusCode, loc).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      files.push({ name: loc.slice(`${ORIGIN}/sitemaps/`.length), locs: locsOf(response.body) });
    }
    return files;
  }

  it('becomes an index of files, each holding at most the limit, together every URL exactly once', async () => {
    const whole = locsOf((await get('/sitemap.xml')).body);
    // 2 pages + 7 live listings (not the suspended seller's) + 1 shop, 3 to a file.
    expect(whole).toHaveLength(10);
    const files = await readAllFiles(small);
    expect(files.map((file) => file.name)).toEqual(['pages.xml', 'products-1.xml', 'products-2.xml', 'products-3.xml', 'shops-1.xml']);
    for (const file of files) {
      expect(file.locs.length, file.name).toBeGreaterThan(0);
      expect(file.locs.length, file.name).toBeLessThanOrEqual(LIMIT);
    }
    const all = files.flatMap((file) => file.locs);
    expect(all.length).toBe(new Set(all).size);
    expect([...all].sort()).toEqual([...whole].sort());
    // Runs in id order: each product file's ids come after the previous file's.
    const productRuns = files.filter((file) => file.name.startsWith('products-')).map((file) => file.locs);
    expect(productRuns.flat()).toEqual([...productRuns.flat()].sort());
    // The product files carry <lastmod>, as the single file does.
    expect((await small.inject({ method: 'GET', url: '/sitemaps/products-1.xml' })).body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/lastmod>/);
  });

  it('answers 404 { error, code } for a file number past the end, zero, or a kind it does not have', async () => {
    for (const name of [
      'products-0.xml',
      'products-4.xml',
      'shops-2.xml',
      'products-01.xml',
      'products-1',
      'reviews-1.xml',
      'products-99999999999.xml',
      'pages-1.xml',
    ]) {
      const response = await small.inject({ method: 'GET', url: `/sitemaps/${name}` });
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toEqual({ error: 'Sitemap file not found', code: 'not_found' });
    }
  });

  it('keeps every URL in one file only while listings go live after the index was read (the layout kept a while)', async () => {
    const clock = createManualClock(testApp.clock.now());
    const cached = await buildSmallApp(createSeoService({ db: testApp.database.db, clock, publicUrl: ORIGIN, urlsPerFile: LIMIT, layoutCacheMs: 60_000 }));
    try {
      const before = await readAllFiles(cached);
      const added: string[] = [];
      for (let index = 0; index < 3; index += 1)
        added.push((await createProduct(testApp.database.db, { sellerId: seller.id, categoryId: category.id }, { title: `Harbor Late ${index}` })).id);
      const after = await readAllFiles(cached);
      expect(after.map((file) => file.name)).toEqual(before.map((file) => file.name));
      const all = after.flatMap((file) => file.locs);
      expect(all.length).toBe(new Set(all).size);
      for (const file of after) expect(file.locs.length, file.name).toBeLessThanOrEqual(LIMIT);
      // Once the layout is read again, the new listings are all there.
      clock.advance(3 * 60_000);
      const fresh = (await readAllFiles(cached)).flatMap((file) => file.locs);
      for (const id of added) expect(fresh).toContain(`${ORIGIN}/products/${id}`);
      expect(fresh.length).toBe(new Set(fresh).size);
    } finally {
      await cached.close();
      await testApp.database.db.delete(products).where(inArray(products.title, ['Harbor Late 0', 'Harbor Late 1', 'Harbor Late 2']));
    }
  });

  it('takes 2 to 50,000 URLs per file', () => {
    const make = (urlsPerFile: number) => () => createSeoService({ db: testApp.database.db, clock: testApp.clock, publicUrl: ORIGIN, urlsPerFile });
    expect(make(1)).toThrow(/urlsPerFile/);
    expect(make(50_001)).toThrow(/urlsPerFile/);
    expect(make(2.5)).toThrow(/urlsPerFile/);
    expect(make(2)).not.toThrow();
  });
});

describe('escaping', () => {
  it('escapes the five XML characters in every URL', async () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    const oddOrigin = "https://market.example/o'brien&co<1>";
    const seo = createSeoService({ db: testApp.database.db, clock: testApp.clock, publicUrl: oddOrigin, layoutCacheMs: 0 });
    const xml = await seo.sitemap();
    expect(xml).toContain(`<loc>https://market.example/o&apos;brien&amp;co&lt;1&gt;/products/${ids.live[0]}</loc>`);
    // No bare ampersand or angle bracket inside any element's text.
    for (const text of xml.matchAll(/>([^<]*)</g)) expect(text[1]).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)|>/);
    expect(locsOf(xml)).toContain(`${oddOrigin}/shop/${seller.id}`);
    expect(buildUrlSet([{ loc: 'https://x.example/?a=1&b=2' }])).toContain('<loc>https://x.example/?a=1&amp;b=2</loc>');
  });

  it('a sitemap file that is not there is a 404 error the service throws', async () => {
    const seo = createSeoService({ db: testApp.database.db, clock: testApp.clock, publicUrl: ORIGIN, urlsPerFile: 3, layoutCacheMs: 0 });
    await expect(seo.sitemapFile('products-9.xml')).rejects.toBeInstanceOf(HttpError);
    await expect(seo.sitemapFile('products-9.xml')).rejects.toMatchObject({ statusCode: 404, code: 'not_found' });
  });
});
