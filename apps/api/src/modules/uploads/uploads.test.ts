import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { productImages, uploadTokens, users } from '../../db/schema';
import { createUser, FACTORY_PASSWORD } from '../../../test/factories';
import { createCategory, createProduct } from '../../../test/factories-catalog';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { defineJobs, JOB_NAMES } from '../../jobs';
import { createLocalFileStore } from '../../providers/files/local';
import type { FileStore } from '../../providers/files/port';
import type { ProductsService } from '../catalog';
import type { UserRecord } from '../users';
import { createUploadsService } from './uploads.service';

let testApp: TestApp;
let seller: UserRecord;
let otherSeller: UserRecord;
let buyer: UserRecord;
let categoryId: string;
const tokens = new Map<string, string>();

// Real images, made once: a wide PNG (bigger than the 1600 px limit) and a small JPEG.
let widePng: Buffer;
let smallJpeg: Buffer;
let tinyPng: Buffer;

beforeAll(async () => {
  // A TLS proxy on this machine (the test's requests come from 127.0.0.1): its X-Forwarded-Host/-Proto are believed.
  testApp = await buildTestApp({ environment: { TRUST_PROXY: '127.0.0.1' } });
  const db = testApp.database.db;
  seller = await createUser(db, { role: 'seller' });
  otherSeller = await createUser(db, { role: 'seller' });
  buyer = await createUser(db, { role: 'buyer' });
  for (const user of [seller, otherSeller, buyer]) {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: FACTORY_PASSWORD } });
    tokens.set(user.id, response.json().token);
  }
  categoryId = (await createCategory(db)).id;
  widePng = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  smallJpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();
  tinyPng = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#22aa22' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await testApp?.close();
});

const auth = (user?: UserRecord) => (user ? { authorization: `Bearer ${tokens.get(user.id)}` } : {});
const newProduct = async (owner: UserRecord = seller) => createProduct(testApp.database.db, { sellerId: owner.id, categoryId });

type Part = { field: string; value: string } | { field: string; name: string; data: Buffer; type?: string };
const fileOf = (name: string, data: Buffer, type = 'image/jpeg'): Part => ({ field: 'files', name, data, type });
function formOf(parts: Part[]): FormData {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.field, part.value);
    else form.append(part.field, new Blob([new Uint8Array(part.data)], { type: part.type ?? 'application/octet-stream' }), part.name);
  }
  return form;
}

const uploadImages = (productId: string, parts: Part[], user: UserRecord | undefined = seller) =>
  testApp.app.inject({ method: 'POST', url: `/api/products/${productId}/images`, headers: auth(user), payload: formOf(parts) });
const mobileUpload = (parts: Part[]) => testApp.app.inject({ method: 'POST', url: '/api/products/mobile-upload', payload: formOf(parts) });
const listImages = (productId: string, user: UserRecord = seller) =>
  testApp.app.inject({ method: 'GET', url: `/api/products/${productId}/images`, headers: auth(user) });
const createLink = (productId: string, user: UserRecord = seller) =>
  testApp.app.inject({ method: 'POST', url: `/api/products/${productId}/upload-link`, headers: auth(user) });
const validate = (token: string) => testApp.app.inject({ method: 'GET', url: `/api/products/validate-upload-token/${token}` });

const stored = (key: string) => path.join(testApp.config.uploadsDirectory, key);
const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
const filesOfProduct = (productId: string) => {
  const directory = stored(`products/${productId}`);
  return existsSync(directory) ? readdirSync(directory) : [];
};
const rowsOfProduct = (productId: string) => testApp.database.db.select().from(productImages).where(eq(productImages.productId, productId));

describe('POST /api/products/:id/images', () => {
  it('accepts a real PNG and JPEG, stores WebP at most 1600 px with a 320 px thumbnail', async () => {
    const product = await newProduct();
    const response = await uploadImages(product.id, [fileOf('wide.png', widePng, 'image/png'), fileOf('small.jpg', smallJpeg)]);
    expect(response.statusCode).toBe(200);
    const { images } = response.json();
    expect(images.map((image: { name: string; position: number }) => [image.name, image.position])).toEqual([
      ['wide.png', 0],
      ['small.jpg', 1],
    ]);
    const [wide] = images;
    expect(wide.url).toBe(`/uploads/products/${product.id}/${wide.id}.webp`);
    expect(wide.thumbnailUrl).toBe(`/uploads/products/${product.id}/${wide.id}-thumb.webp`);
    const main = await sharp(stored(keyOf(wide.url))).metadata();
    expect(main).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    const thumbnail = await sharp(stored(keyOf(wide.thumbnailUrl))).metadata();
    expect(thumbnail).toMatchObject({ format: 'webp', width: 320, height: 160 });
    // The listing now has a cover, in search answers too.
    const detail = (await testApp.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json();
    expect(detail.image).toEqual({ url: wide.url, thumbnailUrl: wide.thumbnailUrl });
    expect((await listImages(product.id)).json().images).toHaveLength(2);

    // Three sizes of the large photo (a phone's page loads the medium one); two of the small one, which has no medium size.
    const mediumUrl = `/uploads/products/${product.id}/${wide.id}-medium.webp`;
    expect(detail.images[0].variants).toEqual([
      { url: wide.thumbnailUrl, width: 320 },
      { url: mediumUrl, width: 800 },
      { url: wide.url, width: 1600 },
    ]);
    expect(await sharp(stored(keyOf(mediumUrl))).metadata()).toMatchObject({ format: 'webp', width: 800, height: 400 });
    const small = images[1];
    expect(detail.images[1].variants).toEqual([
      { url: small.thumbnailUrl, width: 320 },
      { url: small.url, width: 640 },
    ]);
    expect(filesOfProduct(product.id).filter((name) => name.startsWith(small.id))).toHaveLength(2);
  });

  it('turns photos upright by their EXIF orientation and strips the metadata', async () => {
    const product = await newProduct();
    const sideways = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#888888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const response = await uploadImages(product.id, [fileOf('sideways.jpg', sideways)]);
    expect(response.statusCode).toBe(200);
    const metadata = await sharp(stored(keyOf(response.json().images[0].url))).metadata();
    expect(metadata).toMatchObject({ width: 100, height: 300 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('refuses a text file renamed .jpg with a 400 naming it, and stores nothing of the batch', async () => {
    const product = await newProduct();
    const response = await uploadImages(product.id, [
      fileOf('good.png', tinyPng, 'image/png'),
      fileOf('notes.jpg', Buffer.from('just some text, not a photo')),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: expect.stringContaining('"notes.jpg"'), file: 'notes.jpg' });
    expect(await rowsOfProduct(product.id)).toHaveLength(0);
    expect(filesOfProduct(product.id)).toEqual([]);
  });

  it('refuses a photo with a script or an archive appended, storing nothing; keeps a harmless trailer', async () => {
    const product = await newProduct();
    for (const trailer of ['<script>alert(document.cookie)</script>', '<?php system($_GET["c"]); ?>', 'PK\u0003\u0004 archive']) {
      const polyglot = Buffer.concat([tinyPng, Buffer.from(trailer, 'latin1')]);
      const response = await uploadImages(product.id, [fileOf('cat.png', polyglot, 'image/png')]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: expect.stringContaining('has data hidden after the image'), file: 'cat.png' });
    }
    expect(await rowsOfProduct(product.id)).toHaveLength(0);
    expect(filesOfProduct(product.id)).toEqual([]);
    // A camera's own trailer (e.g. a motion photo's video) is not active content: it is dropped on re-encoding.
    const withTrailer = Buffer.concat([tinyPng, Buffer.from('ftypmp42 motion photo bytes', 'latin1')]);
    expect((await uploadImages(product.id, [fileOf('motion.png', withTrailer, 'image/png')])).statusCode).toBe(200);
  });

  it('refuses 50 files at once with 413, storing nothing', async () => {
    const product = await newProduct();
    const response = await uploadImages(
      product.id,
      Array.from({ length: 50 }, (_, index) => fileOf(`photo-${index}.png`, tinyPng, 'image/png')),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('Upload at most 10 photos at a time.');
    expect(await rowsOfProduct(product.id)).toHaveLength(0);
  });

  it('refuses decompression bombs by their pixel count', async () => {
    const product = await newProduct();
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const response = await uploadImages(product.id, [fileOf('huge.png', huge, 'image/png')]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/"huge\.png".*megapixels/);
    expect(filesOfProduct(product.id)).toEqual([]);
  });

  it('allows 10 photos per listing and refuses the 11th with a clear 400', async () => {
    const product = await newProduct();
    const ten = Array.from({ length: 10 }, (_, index) => fileOf(`photo-${index}.png`, tinyPng, 'image/png'));
    expect((await uploadImages(product.id, ten)).statusCode).toBe(200);
    const eleventh = await uploadImages(product.id, [fileOf('one-more.png', tinyPng, 'image/png')]);
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().error).toBe('A listing can have at most 10 photos. This one has 10, so you can add no more.');
    expect(await rowsOfProduct(product.id)).toHaveLength(10);
    expect(filesOfProduct(product.id)).toHaveLength(20);
  });

  it('refuses more than 10 files in one batch and files over 10 MB with 413', async () => {
    const product = await newProduct();
    const eleven = Array.from({ length: 11 }, (_, index) => fileOf(`photo-${index}.png`, tinyPng, 'image/png'));
    const tooMany = await uploadImages(product.id, eleven);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error).toBe('Upload at most 10 photos at a time.');
    const big = await uploadImages(product.id, [fileOf('big.jpg', Buffer.alloc(10 * 1024 * 1024 + 1))]);
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toContain('"big.jpg" is larger than 10 MB');
    expect(await rowsOfProduct(product.id)).toHaveLength(0);
  });

  it('answers 400 without files, 415 without multipart, 404 for another seller, 403 for a buyer', async () => {
    const product = await newProduct();
    expect((await uploadImages(product.id, [{ field: 'note', value: 'x' }])).statusCode).toBe(400);
    const json = await testApp.app.inject({ method: 'POST', url: `/api/products/${product.id}/images`, headers: auth(seller), payload: { files: [] } });
    expect(json.statusCode).toBe(415);
    expect((await uploadImages(product.id, [fileOf('a.png', tinyPng, 'image/png')], otherSeller)).statusCode).toBe(404);
    expect((await uploadImages(product.id, [fileOf('a.png', tinyPng, 'image/png')], buyer)).statusCode).toBe(403);
    expect((await listImages(product.id, otherSeller)).statusCode).toBe(404);
    expect(await rowsOfProduct(product.id)).toHaveLength(0);
  });
});

describe('reordering and deleting photos', () => {
  it('reorders (the first becomes the cover), refuses a partial order, and deletes with its files', async () => {
    const product = await newProduct();
    const parts = ['a.png', 'b.png', 'c.png'].map((name) => fileOf(name, tinyPng, 'image/png'));
    const images: { id: string; name: string; url: string; thumbnailUrl: string }[] = (await uploadImages(product.id, parts)).json().images;
    const reversed = images.map((image) => image.id).reverse();

    const reorder = (imageIds: string[], user: UserRecord = seller) =>
      testApp.app.inject({ method: 'PUT', url: `/api/products/${product.id}/images/order`, headers: auth(user), payload: { imageIds } });
    const reordered = await reorder(reversed);
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().images.map((image: { name: string; position: number }) => [image.name, image.position])).toEqual([
      ['c.png', 0],
      ['b.png', 1],
      ['a.png', 2],
    ]);
    const detail = (await testApp.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json();
    expect(detail.image.url).toBe(images[2]!.url);

    expect((await reorder(reversed.slice(0, 2))).statusCode).toBe(400);
    expect((await reorder([reversed[0]!, reversed[0]!, reversed[1]!])).statusCode).toBe(400);
    expect((await reorder(reversed, otherSeller)).statusCode).toBe(404);

    const remove = (imageId: string, user: UserRecord = seller) =>
      testApp.app.inject({ method: 'DELETE', url: `/api/products/${product.id}/images/${imageId}`, headers: auth(user) });
    expect((await remove(images[2]!.id, otherSeller)).statusCode).toBe(404);
    const removed = await remove(images[2]!.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().images.map((image: { name: string; position: number }) => [image.name, image.position])).toEqual([
      ['b.png', 0],
      ['a.png', 1],
    ]);
    expect(existsSync(stored(keyOf(images[2]!.url)))).toBe(false);
    expect(existsSync(stored(keyOf(images[2]!.thumbnailUrl)))).toBe(false);
    expect((await remove(images[2]!.id)).statusCode).toBe(404);
  });

  it('deletes a photo with its medium size', async () => {
    const product = await newProduct();
    const images: { id: string }[] = (await uploadImages(product.id, [fileOf('wide.png', widePng, 'image/png'), fileOf('b.png', tinyPng, 'image/png')])).json()
      .images;
    expect(filesOfProduct(product.id).filter((name) => name.startsWith(images[0]!.id))).toHaveLength(3);
    const removed = await testApp.app.inject({ method: 'DELETE', url: `/api/products/${product.id}/images/${images[0]!.id}`, headers: auth(seller) });
    expect(removed.statusCode).toBe(200);
    expect(filesOfProduct(product.id).filter((name) => name.startsWith(images[0]!.id))).toEqual([]);
  });
});

describe('the medium sizes of photos stored before there was one', () => {
  const makeMissing = (limit?: number) => testApp.services.uploads.makeMissingMediumSizes(limit);
  /** A photo as it was stored before: no medium size, no row for one. */
  const withoutMedium = async (productId: string) => {
    const [row] = await rowsOfProduct(productId);
    await testApp.database.db.update(productImages).set({ mediumKey: null }).where(eq(productImages.id, row!.id));
    rmSync(stored(`products/${productId}/${row!.id}-medium.webp`), { force: true });
    return row!;
  };
  const variantsOf = async (productId: string) =>
    (await testApp.app.inject({ method: 'GET', url: `/api/products/${productId}` }))
      .json()
      .images[0].variants.map((variant: { width: number }) => variant.width);

  it('makes them a few at a time, marks a photo whose file is gone, and then finds nothing left', async () => {
    while ((await makeMissing()).looked > 0); // photos of earlier tests
    const older = await newProduct();
    await uploadImages(older.id, [fileOf('wide.png', widePng, 'image/png')]);
    const image = await withoutMedium(older.id);
    testApp.clock.advance(1000); // the older photo is met first
    const gone = await newProduct();
    await uploadImages(gone.id, [fileOf('wide.png', widePng, 'image/png')]);
    const goneImage = await withoutMedium(gone.id);
    rmSync(stored(goneImage.fileKey));
    const small = await newProduct();
    await uploadImages(small.id, [fileOf('small.jpg', smallJpeg)]);
    // Until the job has been, the page offers the thumbnail and the photo.
    expect(await variantsOf(older.id)).toEqual([320, 1600]);

    expect(await makeMissing(1)).toEqual({ made: 1, looked: 1 });
    expect(await variantsOf(older.id)).toEqual([320, 800, 1600]);
    expect(await sharp(stored(`products/${older.id}/${image.id}-medium.webp`)).metadata()).toMatchObject({ width: 800, height: 400 });
    // The photo without its file stands for its own medium size; the small one never needed one.
    expect(await makeMissing()).toEqual({ made: 0, looked: 1 });
    expect((await rowsOfProduct(gone.id))[0]!.mediumKey).toBe(goneImage.fileKey);
    expect(await variantsOf(gone.id)).toEqual([320, 1600]);
    expect(await makeMissing()).toEqual({ made: 0, looked: 0 });
    expect(await variantsOf(small.id)).toEqual([320, 640]);
  });

  it('leaves no file behind for a photo deleted while its medium size was made', async () => {
    while ((await makeMissing()).looked > 0);
    const product = await newProduct();
    await uploadImages(product.id, [fileOf('wide.png', widePng, 'image/png')]);
    const image = await withoutMedium(product.id);
    const db = testApp.database.db;
    const disk = createLocalFileStore(testApp.config.uploadsDirectory);
    // The seller deletes the photo between the job's read of it and its write of the medium size's key.
    const files: FileStore = {
      ...disk,
      async get(key) {
        const bytes = await disk.get(key);
        await db.delete(productImages).where(eq(productImages.id, image.id));
        return bytes;
      },
    };
    const catalogChanged = vi.fn();
    const products = { catalogChanged } as unknown as ProductsService;
    const uploads = createUploadsService({ db, files, clock: testApp.clock, publicUrl: testApp.config.publicUrl, products });
    expect(await uploads.makeMissingMediumSizes()).toEqual({ made: 0, looked: 1 });
    expect(filesOfProduct(product.id).filter((name) => name.includes('-medium'))).toEqual([]);
    expect(catalogChanged).not.toHaveBeenCalled();
  });

  it('keeps the file when two rounds make the same photo’s medium size side by side', async () => {
    while ((await makeMissing()).looked > 0);
    const product = await newProduct();
    await uploadImages(product.id, [fileOf('wide.png', widePng, 'image/png')]);
    const image = await withoutMedium(product.id);
    const db = testApp.database.db;
    const disk = createLocalFileStore(testApp.config.uploadsDirectory);
    const products = { catalogChanged: vi.fn() } as unknown as ProductsService;
    const round = (files: FileStore) => createUploadsService({ db, files, clock: testApp.clock, publicUrl: testApp.config.publicUrl, products });
    // The second round reads the photo, then the first round records the same medium size before the second writes its own.
    const first = round(disk);
    const second = round({
      ...disk,
      async get(key) {
        const bytes = await disk.get(key);
        await first.makeMissingMediumSizes();
        return bytes;
      },
    });
    await second.makeMissingMediumSizes();
    const mediumKey = `products/${product.id}/${image.id}-medium.webp`;
    expect((await rowsOfProduct(product.id))[0]!.mediumKey).toBe(mediumKey);
    expect(existsSync(stored(mediumKey))).toBe(true);
  });

  it('runs as a job every minute', () => {
    const job = defineJobs(testApp.services, testApp.config).find((definition) => definition.name === JOB_NAMES.makeMissingMediumSizes);
    expect(job?.everySeconds).toBe(60);
  });
});

describe('phone upload links', () => {
  // the QR code opens on a phone, so it must not point at localhost when the browser is elsewhere.
  it('points at the address the browser is on: its Origin, else the Host it sent', async () => {
    const product = await newProduct();
    const linkVia = async (headers: Record<string, string>) =>
      (await testApp.app.inject({ method: 'POST', url: `/api/products/${product.id}/upload-link`, headers: { ...auth(seller), ...headers } })).json();
    const onNetwork = await linkVia({ host: '192.168.1.20:3000' });
    expect(onNetwork.url).toBe(`http://192.168.1.20:3000/mobile-upload/${onNetwork.token}`);
    // Through Vite's dev proxy the Host is the API's, the Origin the page's.
    const viaProxy = await linkVia({ host: 'localhost:3000', origin: 'http://192.168.1.20:5173' });
    expect(viaProxy.url).toBe(`http://192.168.1.20:5173/mobile-upload/${viaProxy.token}`);
    // Behind a TLS proxy.
    const proxied = await linkVia({ host: 'internal:3000', 'x-forwarded-host': 'shop.example.com', 'x-forwarded-proto': 'https' });
    expect(proxied.url).toBe(`https://shop.example.com/mobile-upload/${proxied.token}`);
  });

  it('ignores a Host or Origin that is not a plain http(s) origin', async () => {
    const product = await newProduct();
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/upload-link`,
      headers: { ...auth(seller), host: 'evil.example@phish.example', origin: 'javascript:alert(1)' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toBe(`${testApp.config.publicUrl}/mobile-upload/${response.json().token}`);
  });

  it('uses PUBLIC_URL when it is set, whatever the request says', async () => {
    const configured = await buildTestApp({ environment: { PUBLIC_URL: 'https://shop.example.com' } });
    try {
      const owner = await createUser(configured.database.db, { role: 'seller' });
      const token = (
        await configured.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: FACTORY_PASSWORD } })
      ).json().token;
      const product = await createProduct(configured.database.db, { sellerId: owner.id, categoryId: (await createCategory(configured.database.db)).id });
      const response = await configured.app.inject({
        method: 'POST',
        url: `/api/products/${product.id}/upload-link`,
        headers: { authorization: `Bearer ${token}`, host: '192.168.1.20:3000', origin: 'http://evil.example' },
      });
      expect(response.json().url).toBe(`https://shop.example.com/mobile-upload/${response.json().token}`);
    } finally {
      await configured.close();
    }
  });

  it('creates a 30-minute link bound to the listing and stores only a hash of its token', async () => {
    const product = await newProduct();
    const response = await createLink(product.id);
    expect(response.statusCode).toBe(200);
    const { token, url, expiresAt } = response.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Without PUBLIC_URL the link is on the address the request came to (inject's Host is localhost:80).
    expect(url).toBe(`http://localhost/mobile-upload/${token}`);
    expect(new Date(expiresAt).getTime()).toBe(testApp.clock.now().getTime() + 30 * 60 * 1000);
    const rows = await testApp.database.db.select().from(uploadTokens).where(eq(uploadTokens.productId, product.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.sellerId).toBe(seller.id);
  });

  it('is valid until it expires after 30 minutes, then invalid with the spec message', async () => {
    const product = await newProduct();
    const { token } = (await createLink(product.id)).json();
    expect((await validate(token)).json()).toEqual({ valid: true, message: 'Upload link is valid.' });
    testApp.clock.advance(29 * 60 * 1000);
    expect((await validate(token)).json().valid).toBe(true);
    testApp.clock.advance(60 * 1000);
    expect((await validate(token)).json()).toEqual({ valid: false, message: 'This upload link has expired or is invalid.' });
    expect((await validate('not-a-real-token')).json()).toEqual({ valid: false, message: 'This upload link has expired or is invalid.' });
  });

  it('cannot be made by another seller (404) or a buyer (403)', async () => {
    const product = await newProduct();
    expect((await createLink(product.id, otherSeller)).statusCode).toBe(404);
    expect((await createLink(product.id, buyer)).statusCode).toBe(403);
  });
});

describe('POST /api/products/mobile-upload', () => {
  it('stores the photos on the token’s listing only, with the token before or after the files', async () => {
    const product = await newProduct();
    const sameSellersOtherProduct = await newProduct();
    const { token } = (await createLink(product.id)).json();

    const first = await mobileUpload([{ field: 'token', value: token }, fileOf('IMG_0001.jpg', smallJpeg)]);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ success: true, message: 'Successfully uploaded 1 image' });
    expect(body.images).toEqual([
      { id: expect.any(String), url: expect.stringMatching(new RegExp(`^/uploads/products/${product.id}/`)), name: 'IMG_0001.jpg' },
    ]);

    const second = await mobileUpload([
      fileOf('IMG_0002.png', tinyPng, 'image/png'),
      fileOf('IMG_0003.png', tinyPng, 'image/png'),
      { field: 'token', value: token },
    ]);
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toBe('Successfully uploaded 2 images');

    // The desktop editor sees them (it polls this while the QR code is shown).
    expect((await listImages(product.id)).json().images.map((image: { name: string }) => image.name)).toEqual(['IMG_0001.jpg', 'IMG_0002.png', 'IMG_0003.png']);
    expect(await rowsOfProduct(sameSellersOtherProduct.id)).toHaveLength(0);
  });

  it('refuses an unknown or expired token with 403 and the spec message, storing nothing', async () => {
    const product = await newProduct();
    const { token } = (await createLink(product.id)).json();
    const unknown = await mobileUpload([{ field: 'token', value: 'forged-token' }, fileOf('a.jpg', smallJpeg)]);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toMatchObject({ error: 'This upload link has expired or is invalid.', success: false });

    testApp.clock.advance(31 * 60 * 1000);
    const expired = await mobileUpload([fileOf('a.jpg', smallJpeg), { field: 'token', value: token }]);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('This upload link has expired or is invalid.');
    expect(await rowsOfProduct(product.id)).toHaveLength(0);
    expect(filesOfProduct(product.id)).toEqual([]);
  });

  it("stops working while the seller's account is suspended (403 account_suspended), and works again once reinstated", async () => {
    const db = testApp.database.db;
    const suspendable = await createUser(db, { role: 'seller' });
    const signedIn = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: suspendable.email, password: FACTORY_PASSWORD } });
    tokens.set(suspendable.id, signedIn.json().token);
    const product = await newProduct(suspendable);
    const { token } = (await createLink(product.id, suspendable)).json();
    expect((await validate(token)).json()).toMatchObject({ valid: true });

    await db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspendable.id));
    const message = 'This upload link does not work while the seller’s account is suspended.';
    const check = await validate(token);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ valid: false, message });
    const refused = await mobileUpload([{ field: 'token', value: token }, fileOf('a.jpg', smallJpeg)]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: message, code: 'account_suspended', success: false, message });
    expect(await rowsOfProduct(product.id)).toHaveLength(0);

    await db.update(users).set({ status: 'active' }).where(eq(users.id, suspendable.id));
    expect((await validate(token)).json()).toMatchObject({ valid: true });
    expect((await mobileUpload([{ field: 'token', value: token }, fileOf('a.jpg', smallJpeg)])).statusCode).toBe(200);
  });

  it('answers 400 without a token or with a file that is not an image', async () => {
    const product = await newProduct();
    const { token } = (await createLink(product.id)).json();
    expect((await mobileUpload([fileOf('a.jpg', smallJpeg)])).statusCode).toBe(400);
    const notImage = await mobileUpload([{ field: 'token', value: token }, fileOf('virus.jpg', Buffer.from('MZ this is not an image'))]);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error).toContain('"virus.jpg"');
    expect(await rowsOfProduct(product.id)).toHaveLength(0);
  });
});
