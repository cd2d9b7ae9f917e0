import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUploads, disputes, productImages, returnRequests, reviewPhotos, reviews } from '../db/schema';
import { buildTestApp, type TestApp } from '../../test/helper';
import { createBoughtItem, createPerson, createReviewableListing, headersOf, type Person } from '../../test/factories-reviews';

// Every multipart route through the one reader (./multipart.ts): a body that cannot be read, a part in the
// wrong field or a NUL in a field is the client's mistake, a 4xx `{ error, code }` (docs/product/validation.md),
// never a 500, and nothing of it is stored.

let testApp: TestApp;
let seller: Person;
let buyer: Person;
let png: Buffer;

interface Route {
  name: string;
  url: string;
  who: Person | null;
  /** Text fields a correct form of this route sends before its photos. */
  fields: Record<string, string>;
}
const routes: Route[] = [];

const BOUNDARY = 'multipart-test-boundary';
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;
const textPart = (name: string, value: string) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
const filePart = (field: string, fileName: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from('\r\n'),
  ]);
const closing = Buffer.from(`--${BOUNDARY}--\r\n`);
const textParts = (fields: Record<string, string>) => Object.entries(fields).map(([name, value]) => textPart(name, value));
/** A correct form of the route: its fields and one photo in "files". */
const wellFormed = (route: Route) => Buffer.concat([...textParts(route.fields), filePart('files', 'lamp.png', png), closing]);

async function post(route: Route, contentType: string, body: Buffer) {
  return testApp.app.inject({
    method: 'POST',
    url: route.url,
    headers: { ...(await headersOf(testApp, route.who)), 'content-type': contentType },
    payload: body,
  });
}

/** What the routes could have stored: rows of every table a multipart route writes, and files on disk. */
async function storedSoFar() {
  const db = testApp.database.db;
  const countOf = async (table: typeof productImages | typeof chatUploads | typeof reviews | typeof reviewPhotos | typeof returnRequests | typeof disputes) =>
    Number((await db.select({ count: sql<number>`count(*)` }).from(table))[0]!.count);
  const filesUnder = (directory: string): number =>
    existsSync(directory)
      ? readdirSync(directory, { withFileTypes: true }).reduce(
          (total, entry) => total + (entry.isDirectory() ? filesUnder(path.join(directory, entry.name)) : 1),
          0,
        )
      : 0;
  return {
    productImages: await countOf(productImages),
    chatUploads: await countOf(chatUploads),
    reviews: await countOf(reviews),
    reviewPhotos: await countOf(reviewPhotos),
    returns: await countOf(returnRequests),
    disputes: await countOf(disputes),
    files: filesUnder(testApp.config.uploadsDirectory),
  };
}

/** A refusal as every route gives it: the status, and JSON `{ error, code }` (the phone's also `success: false`). */
function expectRefusal(route: Route, response: Awaited<ReturnType<typeof post>>, status: number, code?: string) {
  expect(response.statusCode, `${route.name}: ${response.body}`).toBe(status);
  const body = response.json();
  expect(body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
  if (code) expect(body.code, route.name).toBe(code);
  if (route.name === 'phone upload') expect(body).toMatchObject({ success: false, message: body.error });
}

beforeAll(async () => {
  testApp = await buildTestApp();
  seller = await createPerson(testApp, 'seller');
  buyer = await createPerson(testApp, 'buyer');
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#22aa22' } })
    .png()
    .toBuffer();

  const listing = await createReviewableListing(testApp, seller);
  const token = (await testApp.app.inject({ method: 'POST', url: `/api/products/${listing.id}/upload-link`, headers: await headersOf(testApp, seller) })).json()
    .token as string;
  const chat = await testApp.app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: await headersOf(testApp, buyer),
    payload: { sellerId: seller.id, productId: listing.id },
  });
  expect(chat.statusCode).toBe(200);
  const [forReview, forPhotos, forReturn, forDispute] = [
    await createBoughtItem(testApp, buyer, listing),
    await createBoughtItem(testApp, buyer, listing),
    await createBoughtItem(testApp, buyer, listing),
    await createBoughtItem(testApp, buyer, listing),
  ];
  const review = await testApp.app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: await headersOf(testApp, buyer),
    payload: { orderItemId: forPhotos!.orderItemId, rating: 4, title: 'Good lamp', body: 'Bright and well made.' },
  });
  expect(review.statusCode).toBe(201);

  routes.push(
    { name: 'listing photos', url: `/api/products/${listing.id}/images`, who: seller, fields: {} },
    { name: 'phone upload', url: '/api/products/mobile-upload', who: null, fields: { token } },
    { name: 'chat photos', url: `/api/chat/${chat.json().chat.id}/attachments`, who: buyer, fields: {} },
    {
      name: 'review',
      url: '/api/reviews',
      who: buyer,
      fields: { orderItemId: forReview!.orderItemId, rating: '5', title: 'Lovely', body: 'Exactly as described.' },
    },
    { name: 'review photos', url: `/api/reviews/${review.json().review.id}/photos`, who: buyer, fields: {} },
    {
      name: 'return',
      url: '/api/returns',
      who: buyer,
      fields: { orderItemId: forReturn!.orderItemId, reason: 'damaged', description: 'The shade arrived cracked.' },
    },
    {
      name: 'dispute',
      url: '/api/disputes',
      who: buyer,
      fields: { orderItemId: forDispute!.orderItemId, reason: 'damaged', description: 'The shade arrived cracked.' },
    },
  );
});
afterAll(async () => {
  await testApp?.close();
});

describe('a multipart body that cannot be read', () => {
  it('cut short in the middle of a photo: 400 malformed_multipart on every route, nothing stored', async () => {
    const before = await storedSoFar();
    for (const route of routes) {
      const whole = wellFormed(route);
      // The fields arrive whole (the phone's token is checked), the photo does not.
      const cut = whole.subarray(0, whole.length - closing.length - Math.floor(png.length / 2));
      expectRefusal(route, await post(route, multipartType, cut), 400, 'malformed_multipart');
    }
    expect(await storedSoFar()).toEqual(before);
  });

  it('a Content-Type without its boundary, bytes that are no form, or part headers with no end: 400 malformed_multipart', async () => {
    const before = await storedSoFar();
    for (const route of routes) {
      expectRefusal(route, await post(route, 'multipart/form-data', wellFormed(route)), 400, 'malformed_multipart');
      expectRefusal(route, await post(route, multipartType, Buffer.from('this is not a form at all')), 400, 'malformed_multipart');
      expectRefusal(
        route,
        await post(route, multipartType, Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n`)),
        400,
        'malformed_multipart',
      );
    }
    expect(await storedSoFar()).toEqual(before);
  });

  it('an empty body is a 400 saying what is missing', async () => {
    const before = await storedSoFar();
    for (const route of routes) {
      const response = await post(route, multipartType, Buffer.alloc(0));
      expectRefusal(route, response, 400);
      expect(response.json().code).not.toBe('internal');
    }
    expect(await storedSoFar()).toEqual(before);
  });
});

describe('a part in the wrong field', () => {
  it('a photo sent under another name than "files": 400 wrong_field naming it, nothing stored', async () => {
    const before = await storedSoFar();
    for (const route of routes) {
      const response = await post(route, multipartType, Buffer.concat([...textParts(route.fields), filePart('photo', 'lamp.png', png), closing]));
      expectRefusal(route, response, 400, 'wrong_field');
      expect(response.json().field).toBe('photo');
    }
    expect(await storedSoFar()).toEqual(before);
  });

  it('text where the photos go: 400 wrong_field, nothing stored', async () => {
    const before = await storedSoFar();
    for (const route of routes) {
      const response = await post(route, multipartType, Buffer.concat([...textParts(route.fields), textPart('files', 'lamp.png'), closing]));
      expectRefusal(route, response, 400, 'wrong_field');
      expect(response.json().field).toBe('files');
    }
    expect(await storedSoFar()).toEqual(before);
  });
});

describe('a NUL character in a form', () => {
  it('in a text field, a field name or a file name: 400 invalid_text, nothing stored', async () => {
    const before = await storedSoFar();
    for (const route of routes) {
      const withNulValue = Buffer.concat([...textParts({ ...route.fields, note: 'a\u0000b' }), filePart('files', 'lamp.png', png), closing]);
      expectRefusal(route, await post(route, multipartType, withNulValue), 400, 'invalid_text');
      const withNulName = Buffer.concat([...textParts(route.fields), textPart('no\u0000te', 'x'), filePart('files', 'lamp.png', png), closing]);
      expectRefusal(route, await post(route, multipartType, withNulName), 400, 'invalid_text');
      const withNulFileName = Buffer.concat([...textParts(route.fields), filePart('files', 'lamp\u0000.png', png), closing]);
      expectRefusal(route, await post(route, multipartType, withNulFileName), 400, 'invalid_text');
    }
    // The review's own text, read from the form by hand rather than by the route's schema.
    const review = routes.find((route) => route.name === 'review')!;
    const nulTitle = Buffer.concat([...textParts({ ...review.fields, title: 'Nice\u0000lamp' }), closing]);
    expectRefusal(review, await post(review, multipartType, nulTitle), 400, 'invalid_text');
    expect(await storedSoFar()).toEqual(before);
  });
});

describe('a well-formed body', () => {
  it('is still taken by every route (the refusals above are about the body, not the route)', async () => {
    for (const route of routes) {
      const response = await post(route, multipartType, wellFormed(route));
      expect(response.statusCode, `${route.name}: ${response.body}`).toBeLessThan(300);
    }
  });
});
