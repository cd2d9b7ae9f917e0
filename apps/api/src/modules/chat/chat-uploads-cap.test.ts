import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { chatUploads } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { bearerFor } from '../../../test/factories-commerce';
import { createCategory, createProduct } from '../../../test/factories-orders';

// Photos uploaded for a message but not sent yet (docs/product/limits.md): at most 20 per person, held
// under parallel uploads; a photo waiting longer than a day no longer counts and the clean-up job drops it.

let testApp: TestApp;
let png: Buffer;
let sellerId: string;
let productId: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  const seller = await createUser(testApp.database.db, { role: 'seller' });
  sellerId = seller.id;
  const category = await createCategory(testApp.database.db);
  productId = (await createProduct(testApp.database.db, { sellerId, categoryId: category.id, title: 'Desk lamp' })).id;
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2b6cb0' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await testApp?.close();
});

async function buyerWithChat() {
  const buyer = await createUser(testApp.database.db, { role: 'buyer' });
  const authorization = await bearerFor(testApp, buyer);
  const started = await testApp.app.inject({ method: 'POST', url: '/api/chat', headers: { authorization }, payload: { sellerId, productId } });
  expect(started.statusCode).toBe(200);
  return { buyer, buyerId: buyer.id, authorization, chatId: started.json().chat.id as string };
}

function upload(authorization: string, chatId: string, photos: number) {
  const boundary = '----chat-cap-test';
  const parts = Array.from({ length: photos }, (_, index) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="photo-${index}.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from('\r\n'),
    ]),
  );
  const payload = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
  return testApp.app.inject({
    method: 'POST',
    url: `/api/chat/${chatId}/attachments`,
    headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const waitingOf = async (buyerId: string) =>
  (await testApp.database.db.select({ id: chatUploads.id }).from(chatUploads).where(eq(chatUploads.uploaderId, buyerId))).length;

describe('photos waiting to be sent', () => {
  it('holds at most 20 per person under parallel uploads; the others answer 409 chat_upload_limit', async () => {
    const { buyerId, authorization, chatId } = await buyerWithChat();
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(authorization, chatId, 4)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({
        error: 'You have 20 photos waiting to be sent; send them (or wait a day) before uploading more',
        code: 'chat_upload_limit',
        limit: 20,
      });
    }
    expect(await waitingOf(buyerId)).toBe(20);
    // One more photo is one too many; another person is not held back.
    expect((await upload(authorization, chatId, 1)).statusCode).toBe(409);
    const other = await buyerWithChat();
    expect((await upload(other.authorization, other.chatId, 4)).statusCode).toBe(201);
  });

  it('counts only photos of the last day, and the clean-up job drops the older ones', async () => {
    const { buyer, buyerId, authorization, chatId } = await buyerWithChat();
    for (let batch = 0; batch < 5; batch += 1) expect((await upload(authorization, chatId, 4)).statusCode).toBe(201);
    expect((await upload(authorization, chatId, 1)).statusCode).toBe(409);

    testApp.clock.advance(24 * 60 * 60 * 1000 + 1000);
    // A day later the session has ended too: sign in again.
    expect((await upload(await bearerFor(testApp, buyer), chatId, 2)).statusCode).toBe(201);
    expect(await testApp.services.chat.deleteUnsentUploads()).toBeGreaterThanOrEqual(20);
    expect(await waitingOf(buyerId)).toBe(2);
  });
});
