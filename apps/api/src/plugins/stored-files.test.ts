import { existsSync } from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestPickupDate } from '@marketplace/domain/pickup-schedule';
import { bearerFor } from '../../test/factories-commerce';
import { addShipFromAddress, createUser } from '../../test/factories';
import { createCategory, createOrder, createProduct } from '../../test/factories-orders';
import { buildTestApp, type TestApp } from '../../test/helper';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { payments, sandboxCarrierPackages } from '../db/schema';
import { SANDBOX_PAYMENT_PREFIX } from '../providers/payment/sandbox';
import { timeLimit } from '../../test/time-limit';

// Two API instances, as behind a load balancer: one database, one bucket (a real S3-compatible server
// in this process), each with its own DATA_DIR. What one instance stores, the other serves
// (decision 0017).

let s3: TestS3Server;
let instanceA: TestApp;
let instanceB: TestApp;
let bucket: S3Client;
let png: Buffer;

interface Person {
  id: string;
  token: string;
}

async function person(role: 'buyer' | 'seller' | 'admin'): Promise<Person> {
  const user = await createUser(instanceA.database.db, { role });
  return { id: user.id, token: await bearerFor(instanceA, user) };
}

function multipart(fields: Record<string, string>, files: Array<{ name: string; data: Buffer; type: string }>) {
  const boundary = '----object-storage-test';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(parts) };
}

function postForm(app: TestApp, url: string, who: Person, fields: Record<string, string>, files: Array<{ name: string; data: Buffer; type: string }>) {
  const form = multipart(fields, files);
  return app.app.inject({ method: 'POST', url, headers: { authorization: who.token, 'content-type': form.contentType }, payload: form.payload });
}

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) => app.app.inject({ method: 'GET', url, headers });

async function objectInBucket(key: string): Promise<Buffer> {
  const answer = await bucket.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: key }));
  return Buffer.from(await answer.Body!.transformToByteArray());
}

beforeAll(async () => {
  s3 = await startS3Server();
  instanceA = await buildTestApp({ environment: s3.environment });
  instanceB = await buildTestApp({ environment: s3.environment, sharedDatabase: instanceA.database });
  bucket = new S3Client({ endpoint: s3.config.endpoint, region: s3.config.region, forcePathStyle: true, credentials: { ...s3.config.credentials! } });
  png = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#2f855a' } })
    .png()
    .toBuffer();
}, timeLimit(120_000));

afterAll(async () => {
  bucket?.destroy();
  await instanceB?.close();
  await instanceA?.close();
  await s3?.close();
});

describe('public product photos', () => {
  it('are stored in the bucket by one instance and served by the other, with type, length, ETag, 304 and a long cache', async () => {
    const seller = await person('seller');
    const category = await createCategory(instanceA.database.db);
    const product = await createProduct(instanceA.database.db, { sellerId: seller.id, categoryId: category.id });
    const uploaded = await postForm(instanceA, `/api/products/${product.id}/images`, seller, {}, [{ name: 'board.png', data: png, type: 'image/png' }]);
    expect(uploaded.statusCode).toBe(200);
    const image = uploaded.json().images[0] as { url: string };
    expect(image.url).toMatch(new RegExp(`^/uploads/products/${product.id}/[\\w-]+\\.webp$`));
    const key = image.url.slice('/uploads/'.length);

    // In the bucket, and on neither instance's disk.
    const stored = await objectInBucket(key);
    expect((await sharp(stored).metadata()).format).toBe('webp');
    for (const instance of [instanceA, instanceB]) expect(existsSync(path.join(instance.config.uploadsDirectory, key))).toBe(false);

    const served = await get(instanceB, image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(Number(served.headers['content-length'])).toBe(stored.length);
    expect(served.headers['cache-control']).toBe('public, max-age=604800, immutable');
    expect(served.rawPayload.equals(stored)).toBe(true);
    const etag = String(served.headers.etag);
    expect(etag).toMatch(/^".+"$/);

    const again = await get(instanceA, image.url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await instanceB.app.inject({ method: 'HEAD', url: image.url });
    expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([200, String(stored.length), 0]);

    // The product page on the other instance points at it too (thumbnail included).
    const detail = (await get(instanceB, `/api/products/${product.id}`)).json();
    expect((await get(instanceB, detail.image.thumbnailUrl as string)).statusCode).toBe(200);
  });

  it('answers a clear 404 for a key that is not there or could escape', async () => {
    for (const url of ['/uploads/products/none/missing.webp', '/uploads/products/../../jwt-secret', '/uploads/products/%2e%2e/x']) {
      const response = await get(instanceB, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ error: expect.any(String), code: 'not_found' });
    }
  });
});

describe('private chat and dispute photos', () => {
  let buyer: Person;
  let seller: Person;
  let stranger: Person;
  let admin: Person;

  beforeAll(async () => {
    [buyer, seller, stranger, admin] = await Promise.all([person('buyer'), person('seller'), person('buyer'), person('admin')]);
  });

  it('a chat photo is served by signed link to the participant, on any instance, and refused to everyone else', async () => {
    const started = await instanceA.app.inject({ method: 'POST', url: '/api/chat', headers: { authorization: buyer.token }, payload: { sellerId: seller.id } });
    expect(started.statusCode).toBe(200);
    const chatId = started.json().chat.id as string;
    const uploaded = await postForm(instanceA, `/api/chat/${chatId}/attachments`, buyer, {}, [{ name: 'scratch.png', data: png, type: 'image/png' }]);
    expect(uploaded.statusCode).toBe(201);
    const attachment = uploaded.json().attachments[0] as { url: string; thumbnailUrl: string };
    expect(attachment.url).toMatch(new RegExp(`^/api/files/chats/${chatId}/[\\w-]+\\.webp\\?expires=\\d+&signature=[\\w-]+$`));
    const key = new URL(attachment.url, 'http://x').pathname.slice('/api/files/'.length);
    expect((await objectInBucket(key)).length).toBeGreaterThan(0);

    // The participant's link works on the other instance, privately cached.
    const served = await get(instanceB, attachment.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect((await get(instanceB, attachment.thumbnailUrl)).statusCode).toBe(200);

    // A stranger: no conversation to read, no public path, no link without a signature.
    expect((await get(instanceB, `/api/chat/${chatId}/messages`, { authorization: stranger.token })).statusCode).toBe(404);
    expect((await get(instanceB, `/uploads/${key}`)).json()).toMatchObject({ code: 'not_found' });
    expect((await get(instanceB, `/uploads/${key}`)).statusCode).toBe(404);
    const unsigned = await get(instanceB, `/api/files/${key}`, { authorization: stranger.token });
    expect([unsigned.statusCode, unsigned.json()]).toEqual([403, { error: expect.any(String), code: 'file_link_required' }]);
    // A forged or borrowed signature.
    const url = new URL(attachment.url, 'http://x');
    const signature = url.searchParams.get('signature')!;
    const forged = `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect([(await get(instanceB, forged)).statusCode, (await get(instanceB, forged)).json().code]).toEqual([403, 'file_link_invalid']);
    const otherKey = `${url.pathname.replace('.webp', '-thumb.webp')}${url.search}`;
    expect((await get(instanceB, otherKey)).json()).toMatchObject({ code: 'file_link_invalid' });
    const later = `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 3600}&signature=${signature}`;
    expect((await get(instanceB, later)).json()).toMatchObject({ code: 'file_link_invalid' });

    // An expired link: the other instance's clock is past it.
    instanceB.clock.set(new Date(instanceA.clock.now().getTime() + 2 * 60 * 60 * 1000));
    try {
      const expired = await get(instanceB, attachment.url);
      expect([expired.statusCode, expired.json().code]).toEqual([403, 'file_link_expired']);
    } finally {
      instanceB.clock.set(instanceA.clock.now());
    }
  });

  it('a dispute photo is served to the buyer, the seller and an admin by their links, and never to a stranger', async () => {
    const category = await createCategory(instanceA.database.db);
    const product = await createProduct(instanceA.database.db, { sellerId: seller.id, categoryId: category.id });
    const { order, items } = await createOrder(instanceA.database.db, {
      buyerId: buyer.id,
      status: 'shipped',
      items: [{ product, priceCents: 5000, status: 'shipped' }],
    });
    await instanceA.database.db.insert(payments).values({
      orderId: order.id,
      buyerId: buyer.id,
      provider: 'sandbox',
      providerPaymentId: `${SANDBOX_PAYMENT_PREFIX}${order.id.replaceAll('-', '').slice(0, 24)}`,
      amountCents: order.totalCents,
      status: 'succeeded',
    });
    const opened = await postForm(
      instanceA,
      '/api/disputes',
      buyer,
      { orderItemId: items[0]!.id, reason: 'damaged', description: 'It arrived cracked along the grain.' },
      [{ name: 'crack.png', data: png, type: 'image/png' }],
    );
    expect(opened.statusCode).toBe(201);
    const disputeId = opened.json().dispute.id as string;

    for (const who of [buyer, seller, admin]) {
      const view = await get(instanceB, `/api/disputes/${disputeId}`, { authorization: who.token });
      expect(view.statusCode).toBe(200);
      const photo = view.json().dispute.photos[0] as { url: string };
      expect(photo.url).toMatch(/^\/api\/files\/disputes\//);
      expect((await get(instanceB, photo.url)).statusCode).toBe(200);
    }
    expect((await get(instanceB, `/api/disputes/${disputeId}`, { authorization: stranger.token })).statusCode).toBe(404);
    const key = new URL((opened.json().dispute.photos[0] as { url: string }).url, 'http://x').pathname.slice('/api/files/'.length);
    expect((await get(instanceB, `/uploads/${key}`)).statusCode).toBe(404);
    expect((await get(instanceB, `/api/files/${key}`)).statusCode).toBe(403);
  });
});

describe('the sandbox carrier', () => {
  it('knows on one instance the parcels and pickups the other made, since its memory is in the database', async () => {
    const db = instanceA.database.db;
    const seller = await person('seller');
    await addShipFromAddress(db, seller.id, 'Seller Warehouse');
    const buyer = await person('buyer');
    const category = await createCategory(db);
    const product = await createProduct(db, { sellerId: seller.id, categoryId: category.id, weightOunces: 20 });
    const { order } = await createOrder(db, { buyerId: buyer.id, status: 'processing', items: [{ product, status: 'approved' }] });
    const call = (app: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      app.app.inject({ method, url, headers: { authorization: seller.token }, ...(payload ? { payload } : {}) });

    // A buys the label…
    const created = await call(instanceA, 'POST', `/api/shipments/create/${order.id}`);
    const shipmentId = created.json().shipments[0].id as string;
    const label = await call(instanceA, 'POST', `/api/shipments/process-ups/${shipmentId}`);
    expect(label.statusCode).toBe(200);
    const trackingNumber = label.json().trackingNumber as string;
    expect(await db.select().from(sandboxCarrierPackages).where(eq(sandboxCarrierPackages.trackingNumber, trackingNumber))).toHaveLength(1);

    // …B books its pickup (B's carrier never saw the label itself)…
    const pickupDate = earliestPickupDate(instanceB.clock.now());
    const pickup = await call(instanceB, 'POST', `/api/shipments/schedule-pickup/${shipmentId}`, { pickupDate });
    expect(pickup.statusCode).toBe(200);

    // …and A, tracking two days after the pickup, sees the parcel on its way: it knows B's pickup.
    instanceA.clock.set(new Date(Date.parse(`${pickupDate}T12:00:00Z`) + 2 * 24 * 60 * 60 * 1000));
    try {
      // A fresh sign-in: the first token has expired by then.
      const token = await bearerFor(instanceA, { id: seller.id, role: 'seller' });
      const tracked = await instanceA.app.inject({ method: 'PUT', url: `/api/shipments/track/${shipmentId}`, headers: { authorization: token } });
      expect(tracked.statusCode).toBe(200);
      expect(['in_transit', 'out_for_delivery', 'delivered']).toContain(tracked.json().status);
    } finally {
      instanceA.clock.set(instanceB.clock.now());
    }
  });
});
