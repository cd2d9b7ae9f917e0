import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '../../db/schema';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { createCategory, createProduct, type CategoryRow } from '../../../test/factories-catalog';
import { buildTestApp, type TestApp } from '../../../test/helper';
import type { UserRecord } from '../users';

// Drafts (docs/product/listings.md): a listing goes live only with a photo; its seller previews it
// meanwhile; the add-on needs a name of the seller's own.

let testApp: TestApp;
let seller: UserRecord;
let otherSeller: UserRecord;
let buyer: UserRecord;
let admin: UserRecord;
let category: CategoryRow;
let photo: Buffer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  testApp = await buildTestApp();
  const db = testApp.database.db;
  seller = await createUser(db, { role: 'seller', companyName: 'Draft Goods' });
  otherSeller = await createUser(db, { role: 'seller' });
  buyer = await createUser(db, { role: 'buyer' });
  admin = await createUser(db, { role: 'admin' });
  for (const user of [seller, otherSeller, buyer, admin]) {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: FACTORY_PASSWORD } });
    expect(response.statusCode).toBe(200);
    tokens.set(user.id, response.json().token);
  }
  category = await createCategory(db, { name: 'Draft Lamps', slug: 'draft-lamps' });
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa7733' } }).png().toBuffer();
});
afterAll(async () => {
  await testApp?.close();
});

const auth = (user?: UserRecord) => (user ? { authorization: `Bearer ${tokens.get(user.id)}` } : {});
const get = (url: string, user?: UserRecord) => testApp.app.inject({ method: 'GET', url, headers: auth(user) });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload: object | undefined, user?: UserRecord) =>
  testApp.app.inject({ method, url, ...(payload ? { payload } : {}), headers: auth(user) });
const listing = (title = 'Brass Harbour Lantern') => ({
  title,
  description: 'A hand-finished brass lantern.',
  category: category.slug,
  price: 64,
  quantity: 4,
  condition: 'new',
});
const createListing = async (title?: string) => {
  const response = await send('POST', '/api/products', listing(title), seller);
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; status: string; images: unknown[] };
};
function uploadPhotos(productId: string, count = 1, user: UserRecord = seller) {
  const form = new FormData();
  for (let index = 0; index < count; index += 1) form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/png' }), `photo-${index + 1}.png`);
  return testApp.app.inject({ method: 'POST', url: `/api/products/${productId}/images`, headers: auth(user), payload: form });
}
const publicTitles = async (q: string) => (await get(`/api/products?q=${encodeURIComponent(q)}`)).json().items.map((item: { title: string }) => item.title);
const statusOf = async (id: string) => (await testApp.database.db.select({ status: products.status }).from(products).where(eq(products.id, id)))[0]?.status;

describe('a new listing is a draft until it has a photo', () => {
  it('is created hidden with no photo; buyers, guests and other sellers get 404 and search leaves it out', async () => {
    const created = await createListing('Draft Lantern Alpha');
    expect(created).toMatchObject({ status: 'hidden', images: [], image: null });

    expect((await get(`/api/products/${created.id}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${created.id}`, buyer)).statusCode).toBe(404);
    expect((await get(`/api/products/${created.id}`, otherSeller)).statusCode).toBe(404);
    expect(await publicTitles('Draft Lantern Alpha')).toEqual([]);
    // A buyer cannot put it in the cart or the wishlist either.
    expect((await send('POST', '/api/cart/items', { product_id: created.id, quantity: 1 }, buyer)).statusCode).toBe(404);
  });

  it('shows the draft to its seller as buyers would see it (the preview), and in their own list', async () => {
    const created = await createListing('Draft Lantern Preview');
    const preview = await get(`/api/products/${created.id}`, seller);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ id: created.id, title: 'Draft Lantern Preview', status: 'hidden', price: 64, seller: { companyName: 'Draft Goods' } });
    const own = (await get('/api/seller/products?q=draft%20lantern%20preview', seller)).json();
    expect(own.items.map((item: { id: string; status: string; image: unknown }) => [item.id, item.status, item.image])).toEqual([[created.id, 'hidden', null]]);
  });

  it('goes live with its first photo: public page, search and cart', async () => {
    const created = await createListing('Draft Lantern Bravo');
    const uploaded = await uploadPhotos(created.id, 2);
    expect(uploaded.statusCode).toBe(200);
    expect(await statusOf(created.id)).toBe('active');

    const page = await get(`/api/products/${created.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ status: 'active' });
    expect(page.json().images).toHaveLength(2);
    expect(await publicTitles('Draft Lantern Bravo')).toEqual(['Draft Lantern Bravo']);
    expect((await send('POST', '/api/cart/items', { product_id: created.id, quantity: 1 }, buyer)).statusCode).toBe(200);
  });

  it('goes live with a photo sent from the phone link too', async () => {
    const created = await createListing('Draft Lantern Phone');
    const link = (await send('POST', `/api/products/${created.id}/upload-link`, undefined, seller)).json();
    const form = new FormData();
    form.append('token', link.token);
    form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'phone.png');
    const uploaded = await testApp.app.inject({ method: 'POST', url: '/api/products/mobile-upload', payload: form });
    expect(uploaded.statusCode).toBe(200);
    expect(await statusOf(created.id)).toBe('active');
  });

  it('keeps a listing the marketplace hid hidden when its seller adds photos', async () => {
    const created = await createListing('Draft Lantern Hidden');
    await uploadPhotos(created.id);
    expect((await send('PATCH', `/api/admin/products/${created.id}`, { status: 'hidden' }, admin)).statusCode).toBe(200);
    expect((await uploadPhotos(created.id)).statusCode).toBe(200);
    expect(await statusOf(created.id)).toBe('hidden');
    expect((await get(`/api/products/${created.id}`, buyer)).statusCode).toBe(404);
  });

  it('does not put live the draft of a seller whose address is not verified', async () => {
    const created = await createListing('Draft Lantern Unverified');
    await testApp.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, seller.id));
    try {
      expect((await uploadPhotos(created.id)).statusCode).toBe(200);
      expect(await statusOf(created.id)).toBe('hidden');
    } finally {
      await testApp.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, seller.id));
    }
  });

  it('still refuses to create a listing for a seller whose address is not verified (403 email_not_verified)', async () => {
    const unverified = await createUser(testApp.database.db, { role: 'seller', emailVerifiedAt: null });
    const login = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: unverified.email, password: FACTORY_PASSWORD } });
    const response = await testApp.app.inject({ method: 'POST', url: '/api/products', payload: listing(), headers: { authorization: `Bearer ${login.json().token}` } });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('email_not_verified');
  });
});

describe('photo_required', () => {
  it('refuses to make a listing without a photo live: 409 { error, code: photo_required }, and it stays hidden', async () => {
    const created = await createListing('Draft Lantern Charlie');
    const restored = await send('PATCH', `/api/admin/products/${created.id}`, { status: 'active' }, admin);
    expect(restored.statusCode).toBe(409);
    expect(restored.json()).toEqual({ error: 'A listing goes live only with at least one photo. Add a photo first.', code: 'photo_required' });
    expect(await statusOf(created.id)).toBe('hidden');
    // An unknown listing is still a 404, not a 409.
    expect((await send('PATCH', '/api/admin/products/00000000-0000-4000-8000-000000000000', { status: 'active' }, admin)).statusCode).toBe(404);
  });

  it('lets an admin restore a hidden listing that has a photo', async () => {
    const created = await createListing('Draft Lantern Delta');
    await uploadPhotos(created.id);
    expect((await send('PATCH', `/api/admin/products/${created.id}`, { status: 'hidden' }, admin)).statusCode).toBe(200);
    const restored = await send('PATCH', `/api/admin/products/${created.id}`, { status: 'active' }, admin);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().status).toBe('active');
  });

  it('refuses to delete the last photo (409 photo_required) but deletes any other; the listing stays live', async () => {
    const created = await createListing('Draft Lantern Echo');
    const images: { id: string }[] = (await uploadPhotos(created.id, 2)).json().images;
    const remove = (imageId: string) => send('DELETE', `/api/products/${created.id}/images/${imageId}`, undefined, seller);

    expect((await remove(images[0]!.id)).statusCode).toBe(200);
    const last = await remove(images[1]!.id);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ error: 'A listing keeps at least one photo. Add the new photo first, then delete this one.', code: 'photo_required' });
    expect((await get(`/api/products/${created.id}/images`, seller)).json().images.map((image: { id: string }) => image.id)).toEqual([images[1]!.id]);
    expect(await statusOf(created.id)).toBe('active');
    // Another seller still gets the 404 of a listing that is not theirs, before any photo rule.
    expect((await send('DELETE', `/api/products/${created.id}/images/${images[1]!.id}`, undefined, otherSeller)).statusCode).toBe(404);
  });

  it('refuses to delete the last photo of a listing the marketplace hid, so it can never pass for a draft', async () => {
    const created = await createListing('Draft Lantern Foxtrot');
    const [image] = (await uploadPhotos(created.id)).json().images as { id: string }[];
    await send('PATCH', `/api/admin/products/${created.id}`, { status: 'hidden' }, admin);
    expect((await send('DELETE', `/api/products/${created.id}/images/${image!.id}`, undefined, seller)).statusCode).toBe(409);
    expect(await statusOf(created.id)).toBe('hidden');
  });
});

describe('the add-on needs a name of its own', () => {
  it('has no default name: a price without a name is refused on retipLabel, as is a blank name', async () => {
    const withoutName = await send('POST', '/api/products', { ...listing(), retipPrice: 6 }, seller);
    expect(withoutName.statusCode).toBe(400);
    expect(withoutName.json().issues).toEqual([{ path: 'retipLabel', message: 'Give the add-on both a name and a price, or neither' }]);

    const blankName = await send('POST', '/api/products', { ...listing(), retipLabel: '   ', retipPrice: 6 }, seller);
    expect(blankName.statusCode).toBe(400);
    expect(blankName.json().issues).toContainEqual({ path: 'retipLabel', message: 'Add-on name is required' });
  });

  it('shows buyers the name the seller gave, never "Retip"', async () => {
    const created = (await send('POST', '/api/products', { ...listing('Draft Lantern Gift'), retipLabel: 'Gift wrapping', retipPrice: 6 }, seller)).json();
    expect(created.retip).toEqual({ label: 'Gift wrapping', price: 6 });
    await uploadPhotos(created.id);
    expect((await get(`/api/products/${created.id}`, buyer)).json().retip).toEqual({ label: 'Gift wrapping', price: 6 });

    const renamedToBlank = await send('PUT', `/api/products/${created.id}`, { retipLabel: '' }, seller);
    expect(renamedToBlank.statusCode).toBe(400);
    expect(renamedToBlank.json().issues).toContainEqual({ path: 'retipLabel', message: 'Add-on name is required' });
  });

  it('never lists an add-on with a price but no name stored (older rows): buyers see no add-on', async () => {
    const row = await createProduct(testApp.database.db, { sellerId: seller.id, categoryId: category.id }, { title: 'Unnamed Add-on Lamp', retipPriceCents: 600, retipLabel: null });
    expect((await get(`/api/products/${row.id}`, buyer)).json().retip).toBeNull();
  });
});
